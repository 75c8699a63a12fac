// `node savanna.mjs COMMAND ...`: the scripting contract's commands (games, new, legal, step,
// view) and `bench` compiled to WebAssembly for Node. The same command code as the native program
// (cli/commands.h) in the same frame (cli/program.h), so the output is byte for byte the same;
// files are Node's own (NODERAWFS), and `--state -` reads stdin.
#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli/program.h"

namespace savanna::wasm {
namespace {

using namespace cli;  // the subcommands and their helpers

constexpr const char* kFooter = R"(Examples:
  node savanna.mjs games
  node savanna.mjs new 'kariba(players=3)' --seed 7 > s.json
  node savanna.mjs legal --state s.json
  node savanna.mjs step --state s.json '0:play 1 mouse' > s2.json
  node savanna.mjs view --state s2.json --player 1 --text
  node savanna.mjs bench 'kariba(players=3)' --seconds 1
The WebAssembly build runs these commands only; the native savanna program has the rest.
Exit status: 0 success, 1 bad input, 2 an illegal or malformed action given to step.
Run 'savanna COMMAND --help' for a command's options.)";

void AddCommands(CLI::App& app, Context& context) {
  AddGamesCommand(app, context);
  AddNewCommand(app, context);
  AddLegalCommand(app, context);
  AddStepCommand(app, context);
  AddViewCommand(app, context);
  AddBenchCommand(app, context);
}

}  // namespace
}  // namespace savanna::wasm

int main(int argc, char** argv) {
  return savanna::cli::RunProgram(argc, argv, savanna::wasm::AddCommands, savanna::wasm::kFooter);
}
