// Declaring a subcommand: its options object, shared by the option bindings and the callback
// that runs it, and the options several subcommands declare with the same meaning and help.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <utility>

#include "cli/cli_common.h"
#include "sim/simulation.h"

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
// The options of the commands that simulate (sim, report), as typed.
struct SimulationOptions {
  std::string agents;  // agent specs A,B,...: each command reads them its own way
  std::string games;   // empty: required
  std::string seed = "1";
  std::string threads;  // empty: the hardware's concurrency
  std::string bootstrap = "200";
};
// `--agents A,B,...` (help `agents_help`, required if `agents_required`), `--games N` (help
// `games_help`, required if it has no default), `--seed S` (the master seed), `--threads T` (the
// worker threads) and `--bootstrap B` (resamples for the rating intervals).
void AddSimulationOptions(CLI::App& cmd, SimulationOptions& options, const std::string& agents_help,
                          bool agents_required, const std::string& games_help);
// The games, seed, threads and bootstrap of `options` in a SimConfig (its agents and game left
// to the command); errors name the option.
Result<SimConfig> ParseSimulationOptions(const SimulationOptions& options);
// `SPEC` (required): one game spec; help "Game spec, e.g. '<example>'" (new, play, sim).
void AddSpecArgument(CLI::App& cmd, std::string& spec, const std::string& example);
// `--seed N` of the commands that deal one game (new, play): the seed of `what` ("the deal"),
// the clock's when it is not given (ParseClockSeed).
void AddClockSeedOption(CLI::App& cmd, std::string& seed, const std::string& what);
// The seed given to AddClockSeedOption's option, or the clock's when none was.
Result<uint64_t> ParseClockSeed(const std::string& seed);

}  // namespace savanna::cli
