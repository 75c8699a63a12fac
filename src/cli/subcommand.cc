// The options several subcommands share, and how the simulating commands read theirs.
#include "cli/subcommand.h"

#include <algorithm>
#include <thread>

#include "session/session.h"

namespace savanna::cli {

void AddStateOption(CLI::App& cmd, std::string& path) {
  cmd.add_option("--state", path, "State document file ('-': stdin)")
      ->type_name("FILE")
      ->required();
}

void AddSimulationOptions(CLI::App& cmd, SimulationOptions& options, const std::string& agents_help,
                          bool agents_required, const std::string& games_help) {
  cmd.add_option("--agents", options.agents, agents_help)
      ->type_name("A,B,...")
      ->required(agents_required);
  cmd.add_option("--games", options.games, games_help)
      ->type_name("N")
      ->required(options.games.empty());
  cmd.add_option("--seed", options.seed, "Master seed (default 1)")->type_name("S");
  cmd.add_option("--threads", options.threads, "Worker threads (default: the hardware's)")
      ->type_name("T");
  cmd.add_option("--bootstrap", options.bootstrap,
                 "Resamples for the rating intervals (default 200; 0: none)")
      ->type_name("B");
}

void AddClockSeedOption(CLI::App& cmd, std::string& seed, const std::string& what) {
  cmd.add_option("--seed", seed, "Seed of " + what)->type_name("N");
}

Result<uint64_t> ParseClockSeed(const std::string& seed) {
  return seed.empty() ? Result<uint64_t>(ClockSeed()) : ParseSeed(seed, "--seed");
}

Result<SimConfig> ParseSimulationOptions(const SimulationOptions& options) {
  SimConfig config;
  auto games = ParseInt(options.games, "--games", 1, int64_t(1) << 40);
  if (!games) return tl::unexpected(games.error());
  auto seed = ParseSeed(options.seed, "--seed");
  if (!seed) return tl::unexpected(seed.error());
  const int hardware = int(std::max(1u, std::thread::hardware_concurrency()));
  auto threads = options.threads.empty() ? Result<int64_t>(hardware)
                                         : ParseInt(options.threads, "--threads", 1, 256);
  if (!threads) return tl::unexpected(threads.error());
  auto bootstrap = ParseInt(options.bootstrap, "--bootstrap", 0, 100000);
  if (!bootstrap) return tl::unexpected(bootstrap.error());
  config.games = *games;
  config.seed = *seed;
  config.threads = int(*threads);
  config.bootstrap = int(*bootstrap);
  return config;
}

void AddSpecArgument(CLI::App& cmd, std::string& spec, const std::string& example) {
  cmd.add_option("SPEC", spec, "Game spec, e.g. '" + example + "'")->required();
}

}  // namespace savanna::cli
