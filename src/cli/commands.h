// The `savanna` subcommands, one file each (cmd_<name>.cc; `serve`, which starts the game
// server, is the program's own: src/app). Each Add function declares its subcommand on `app`
// (AddSubcommand); the subcommand's callback runs it and stores its exit status in `context`.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/subcommand.h"

namespace savanna::cli {

void AddAgentsCommand(CLI::App& app, Context& context);
void AddGamesCommand(CLI::App& app, Context& context);
void AddNewCommand(CLI::App& app, Context& context);
void AddLegalCommand(CLI::App& app, Context& context);
void AddStepCommand(CLI::App& app, Context& context);
void AddViewCommand(CLI::App& app, Context& context);
void AddSimCommand(CLI::App& app, Context& context);
void AddPlayCommand(CLI::App& app, Context& context);
void AddReplayCommand(CLI::App& app, Context& context);
void AddBenchCommand(CLI::App& app, Context& context);
void AddReportCommand(CLI::App& app, Context& context);

}  // namespace savanna::cli
