// The `savanna` program: parses the command line with CLI11 and runs one subcommand (one file
// each: src/cli/commands.h, and serve_command.h here). Every failure is one line on stderr and a
// non-zero exit status.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <string>

#include "app/serve_command.h"
#include "cli/commands.h"
#include "games/registry.h"

namespace savanna::app {
namespace {

using namespace cli;  // the subcommands and their helpers

constexpr const char* kFooter = R"(Examples:
  savanna games
  savanna new 'kariba(players=3)' --seed 7 > s.json
  savanna legal --state s.json
  savanna step --state s.json '0:play 1 mouse' > s2.json
  savanna view --state s2.json --player 1 --text
  savanna play 'kariba(players=3)' --seats human,random,random --record game.json
  savanna replay game.json --player 0 --text
  savanna sim 'kariba(players=3)' --agents random --games 1000 --out results.csv
  savanna report kariba --configs --agents 'ismcts(iters=300)',random --games 100
  savanna bench --seconds 0.2
  savanna serve --port 8080 --db savanna.db
Exit status: 0 success, 1 bad input, 2 an illegal or malformed action given to step.
Run 'savanna COMMAND --help' for a command's options.)";

std::string CommandNames(const CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    names += (names.empty() ? "" : ", ") + sub->get_name();
  return names;
}

// Turns a CLI11 parse error into our one-line form.
int ReportParseError(const CLI::App& app, const CLI::ParseError& e, int argc, char** argv) {
  const bool no_command = app.get_subcommands().empty();
  if (no_command && argc > 1 && argv[1][0] != '-')
    return PrintError("unknown command '" + std::string(argv[1]) +
                      "' (commands: " + CommandNames(app) + ")");
  if (no_command && argc == 1)
    return PrintError("a command is required (commands: " + CommandNames(app) +
                      "); see 'savanna --help'");
  std::string where = "savanna";
  for (const CLI::App* sub : app.get_subcommands()) where += " " + sub->get_name();
  return PrintError(std::string(e.what()) + " (see '" + where + " --help')");
}

int Main(int argc, char** argv) {
  CLI::App app{"Savanna: five African-themed tabletop games to play, simulate and study.",
               "savanna"};
  app.require_subcommand(1);
  Context context{Games()};
  AddGamesCommand(app, context);
  AddAgentsCommand(app, context);
  AddNewCommand(app, context);
  AddLegalCommand(app, context);
  AddStepCommand(app, context);
  AddViewCommand(app, context);
  AddSimCommand(app, context);
  AddPlayCommand(app, context);
  AddReplayCommand(app, context);
  AddReportCommand(app, context);
  AddBenchCommand(app, context);
  AddServeCommand(app, context);
  app.footer(kFooter);  // after the subcommands, which would otherwise inherit it
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help
  } catch (const CLI::ParseError& e) {
    return ReportParseError(app, e, argc, argv);
  }
  return context.exit_code;
}

}  // namespace
}  // namespace savanna::app

int main(int argc, char** argv) {
  try {
    return savanna::app::Main(argc, argv);
  } catch (const std::exception& e) {
    return savanna::cli::PrintError(std::string("unexpected error: ") + e.what());
  } catch (...) {
    return savanna::cli::PrintError("unexpected error");
  }
}
