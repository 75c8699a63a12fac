// `savanna legal --state FILE`: who must act and their legal actions, as JSON.
#include <memory>

#include "cli/commands.h"

namespace savanna::cli {
namespace {

int RunLegal(const GameRegistry& games, const std::string& path) {
  auto loaded = LoadStateFile(games, path);
  if (!loaded) return PrintError(loaded.error());
  const State& state = *loaded->state;
  Json to_move = Json::array();
  Json legal = Json::object();
  ActionList actions;
  for (Player p : state.PlayersToAct()) {
    to_move.push_back(p);
    state.LegalActions(p, actions);
    Json list = Json::array();
    for (Action a : actions) list.push_back(state.ActionToString(p, a));
    legal[std::to_string(p)] = std::move(list);
  }
  PrintJson({{"to_move", std::move(to_move)}, {"legal", std::move(legal)}});
  return kExitOk;
}

}  // namespace

void AddLegalCommand(CLI::App& app, Context& context) {
  auto* cmd = app.add_subcommand(
      "legal", "Print {\"to_move\": [players], \"legal\": {\"<player>\": [actions]}}");
  auto path = std::make_shared<std::string>();
  cmd->add_option("--state", *path, "State document file ('-': stdin)")
      ->type_name("FILE")
      ->required();
  cmd->callback([&context, path] { context.exit_code = RunLegal(context.games, *path); });
}

}  // namespace savanna::cli
