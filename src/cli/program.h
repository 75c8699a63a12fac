// The `savanna` program's frame, shared by the native program (src/app) and its WebAssembly build
// for Node (src/wasm): parses the command line with CLI11, runs the one subcommand it names and
// returns its exit status. Every failure is one line on stderr and a non-zero exit status.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <string_view>

#include "cli/cli_common.h"

namespace savanna::cli {

// Declares a program's subcommands on `app`, each running with `context` (commands.h).
using CommandSet = std::function<void(CLI::App& app, Context& context)>;

// Runs `argv` against the subcommands `commands` declares over every game (games/registry.h);
// `footer` ends `--help`. Exceptions that escape a command become one error line (exit status 1).
int RunProgram(int argc, char** argv, const CommandSet& commands, const std::string& footer);

// The portable commands (savanna_cli_portable), in the order `--help` lists them: the scripting
// contract's games, new, legal, step and view, then bench. The native program adds the others;
// the WebAssembly build for Node (src/wasm) runs these alone.
void AddPortableCommands(CLI::App& app, Context& context);
// `--help`'s examples of the scripting contract, one session from `games` to `view`, each line
// run by `program` ("savanna", "node savanna.mjs").
std::string ContractExamples(std::string_view program);

}  // namespace savanna::cli
