// The program's frame: parsing, the one-line form of CLI11's parse errors, the exception boundary;
// the portable command set, with its examples.
#include "cli/program.h"

#include <cstdio>
#include <exception>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "games/registry.h"

namespace savanna::cli {
namespace {

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

int Parse(int argc, char** argv, const CommandSet& commands, const std::string& footer) {
  CLI::App app{"Savanna: five African-themed tabletop games to play, simulate and study.",
               "savanna"};
  app.require_subcommand(1);
  Context context{Games()};
  commands(app, context);
  app.footer(footer);  // after the subcommands, which would otherwise inherit it
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

int RunProgram(int argc, char** argv, const CommandSet& commands, const std::string& footer) {
  int status = kExitOk;
  try {
    status = Parse(argc, argv, commands, footer);
  } catch (const std::exception& e) {
    status = PrintError(std::string("unexpected error: ") + e.what());
  } catch (...) {
    status = PrintError("unexpected error");
  }
  // Everything written, before the status is known: the WebAssembly build runs the program as
  // a function that returns (src/wasm), with no process exit to flush its output.
  std::cout.flush();
  std::fflush(nullptr);
  return status;
}

void AddPortableCommands(CLI::App& app, Context& context) {
  AddGamesCommand(app, context);
  AddNewCommand(app, context);
  AddLegalCommand(app, context);
  AddStepCommand(app, context);
  AddViewCommand(app, context);
  AddBenchCommand(app, context);
}

std::string ContractExamples(std::string_view program) {
  static constexpr const char* kCommands[] = {
      "games",
      "new 'kariba(players=3)' --seed 7 > s.json",
      "legal --state s.json",
      "step --state s.json '0:play 1 mouse' > s2.json",
      "view --state s2.json --player 1 --text",
  };
  std::string text;
  for (const char* command : kCommands) text += "  " + std::string(program) + " " + command + "\n";
  return text;
}

}  // namespace savanna::cli
