// `savanna serve`: the subcommand that starts the game server (cmd_serve.cc). It lives with the
// program rather than in src/cli, so that no front end includes another's headers.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/subcommand.h"

namespace savanna::app {

void AddServeCommand(CLI::App& app, cli::Context& context);

}  // namespace savanna::app
