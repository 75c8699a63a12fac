// The `savanna` program: every subcommand (one file each: src/cli/commands.h, and
// serve_command.h here) in the program's frame (cli/program.h), which parses the command line
// and runs one. Every failure is one line on stderr and a non-zero exit status.
#include <CLI/CLI.hpp>

#include "app/serve_command.h"
#include "cli/commands.h"
#include "cli/program.h"

namespace savanna::app {
namespace {

using namespace cli;  // the subcommands and their helpers

std::string Footer() {
  return "Examples:\n" + ContractExamples("savanna") +
         R"(  savanna play 'kariba(players=3)' --seats human,random,random --record game.json
  savanna replay game.json --player 0 --text
  savanna sim 'kariba(players=3)' --agents random --games 1000 --out results.csv
  savanna report kariba --configs --agents 'ismcts(iters=300)',random --games 100
  savanna bench --seconds 0.2
  savanna serve --port 8080 --db savanna.db
Exit status: 0 success, 1 bad input, 2 an illegal or malformed action given to step.
Run 'savanna COMMAND --help' for a command's options.)";
}

// The portable commands, then those that simulate, play in the terminal or serve.
void AddCommands(CLI::App& app, Context& context) {
  AddPortableCommands(app, context);
  AddAgentsCommand(app, context);
  AddSimCommand(app, context);
  AddPlayCommand(app, context);
  AddReplayCommand(app, context);
  AddReportCommand(app, context);
  AddServeCommand(app, context);
}

}  // namespace
}  // namespace savanna::app

int main(int argc, char** argv) {
  return savanna::cli::RunProgram(argc, argv, savanna::app::AddCommands, savanna::app::Footer());
}
