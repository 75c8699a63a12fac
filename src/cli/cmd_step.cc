// `savanna step --state FILE P:ACTION...`: applies actions in order and prints the new state
// document. Any bad action: exit status 2, one line on stderr naming the argument, no stdout.
#include <memory>
#include <vector>

#include "cli/commands.h"
#include "core/text.h"

namespace savanna::cli {
namespace {

struct StepOptions {
  std::string state_path;
  std::vector<std::string> actions;
};

// Applies one "P:ACTION" argument; a failure leaves the state unchanged.
Result<void> ApplyArgument(State& state, const std::string& argument) {
  const size_t colon = argument.find(':');
  if (colon == std::string::npos)
    return Fail(ErrorCode::kParseError, "expected PLAYER:ACTION, e.g. '0:draw pile'");
  auto player =
      ParseInt(std::string_view(argument).substr(0, colon), "PLAYER", 0, state.NumPlayers() - 1);
  if (!player) return tl::unexpected(player.error());
  auto action = state.ParseAction(Player(*player), std::string_view(argument).substr(colon + 1));
  if (!action) return tl::unexpected(action.error());
  return state.Apply(Player(*player), *action);
}

int RunStep(const GameRegistry& games, const StepOptions& options) {
  auto loaded = LoadStateFile(games, options.state_path);
  if (!loaded) return PrintError(loaded.error());
  for (size_t i = 0; i < options.actions.size(); ++i) {
    const std::string& argument = options.actions[i];
    if (auto applied = ApplyArgument(*loaded->state, argument); !applied)
      return PrintError("action " + std::to_string(i + 1) + " " + QuoteForMessage(argument) + ": " +
                            applied.error().message,
                        kExitIllegalAction);
  }
  PrintJson(StateDocument(*loaded->state));
  return kExitOk;
}

}  // namespace

void AddStepCommand(CLI::App& app, Context& context) {
  auto [cmd, options] = AddSubcommand<StepOptions>(
      app, context, "step",
      "Apply actions to a state document and print the new one (exit 2: a bad action)", RunStep);
  AddStateOption(*cmd, options->state_path);
  cmd->add_option("ACTIONS", options->actions,
                  "PLAYER:ACTION, applied in order, e.g. '0:play 2 rhino' '1:draw pile'")
      ->type_name("P:ACTION")
      ->required();
  cmd->footer(
      "Exit status 2 (one line on stderr, nothing on stdout) when an action is malformed or\n"
      "illegal; 1 for a bad state file. Example:\n"
      "  savanna new kariba --seed 7 | savanna step --state - '0:play 1 zebra'");
}

}  // namespace savanna::cli
