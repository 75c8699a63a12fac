// Declaring a subcommand: its options object, shared by the option bindings and the callback
// that runs it, and the options several subcommands declare with the same meaning and help.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <utility>

#include "cli/cli_common.h"

namespace savanna::cli {

// Adds subcommand `name` to `app` with a fresh Options object, whose fields the caller binds to
// options; when the command line names the subcommand, `run(games, options)` runs and its exit
// status goes to `context`.
template <class Options, class Run>
std::pair<CLI::App*, std::shared_ptr<Options>> AddSubcommand(CLI::App& app, Context& context,
                                                             std::string name,
                                                             std::string description, Run run) {
  auto* cmd = app.add_subcommand(std::move(name), std::move(description));
  auto options = std::make_shared<Options>();
  cmd->callback([&context, options, run] { context.exit_code = run(context.games, *options); });
  return {cmd, options};
}

// `--state FILE` (required): a state document, '-' for stdin (legal, step, view).
void AddStateOption(CLI::App& cmd, std::string& path);
// `--seed S` and `--threads T` of the commands that simulate (sim, report): the master seed and
// the worker threads.
void AddRunOptions(CLI::App& cmd, std::string& seed, std::string& threads);
// `SPEC` (required): one game spec; help "Game spec, e.g. '<example>'" (new, play, sim).
void AddSpecArgument(CLI::App& cmd, std::string& spec, const std::string& example);

}  // namespace savanna::cli
