// The options several subcommands share.
#include "cli/subcommand.h"

namespace savanna::cli {

void AddStateOption(CLI::App& cmd, std::string& path) {
  cmd.add_option("--state", path, "State document file ('-': stdin)")
      ->type_name("FILE")
      ->required();
}

void AddRunOptions(CLI::App& cmd, std::string& seed, std::string& threads) {
  cmd.add_option("--seed", seed, "Master seed (default 1)")->type_name("S");
  cmd.add_option("--threads", threads, "Worker threads (default: the hardware's)")->type_name("T");
}

void AddSpecArgument(CLI::App& cmd, std::string& spec, const std::string& example) {
  cmd.add_option("SPEC", spec, "Game spec, e.g. '" + example + "'")->required();
}

}  // namespace savanna::cli
