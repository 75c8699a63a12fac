// The `savanna` program's frame, shared by the native program (src/app) and its WebAssembly build
// for Node (src/wasm): parses the command line with CLI11, runs the one subcommand it names and
// returns its exit status. Every failure is one line on stderr and a non-zero exit status.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>

#include "cli/cli_common.h"

namespace savanna::cli {

// Declares a program's subcommands on `app`, each running with `context` (commands.h).
using CommandSet = std::function<void(CLI::App& app, Context& context)>;

// Runs `argv` against the subcommands `commands` declares over every game (games/registry.h);
// `footer` ends `--help`. Exceptions that escape a command become one error line (exit status 1).
int RunProgram(int argc, char** argv, const CommandSet& commands, const std::string& footer);

}  // namespace savanna::cli
