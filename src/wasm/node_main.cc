// `node savanna.mjs COMMAND ...`: the scripting contract's commands (games, new, legal, step,
// view) and `bench` compiled to WebAssembly for Node. The same command code as the native program
// (AddPortableCommands) in the same frame (cli/program.h), so the output is byte for byte the same;
// files are Node's own (NODERAWFS), and `--state -` reads stdin.
#include <CLI/CLI.hpp>

#include "cli/program.h"

namespace savanna::wasm {
namespace {

std::string Footer() {
  return "Examples:\n" + cli::ContractExamples("node savanna.mjs") +
         R"(  node savanna.mjs bench 'kariba(players=3)' --seconds 1
The WebAssembly build runs these commands only; the native savanna program has the rest.
Exit status: 0 success, 1 bad input, 2 an illegal or malformed action given to step.
Run 'savanna COMMAND --help' for a command's options.)";
}

}  // namespace
}  // namespace savanna::wasm

int main(int argc, char** argv) {
  return savanna::cli::RunProgram(argc, argv, savanna::cli::AddPortableCommands,
                                  savanna::wasm::Footer());
}
