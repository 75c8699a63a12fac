// `savanna legal --state FILE [--structured]`: who must act and their legal actions, as JSON
// (with --structured, also each action's structured form, State::StructuredAction).
#include <memory>

#include "cli/commands.h"

namespace savanna::cli {
namespace {

struct LegalOptions {
  std::string path;
  bool structured = false;
};

int RunLegal(const GameRegistry& games, const LegalOptions& options) {
  auto loaded = LoadStateFile(games, options.path);
  if (!loaded) return PrintError(loaded.error());
  const State& state = *loaded->state;
  Json to_move = Json::array();
  Json legal = Json::object(), structured = Json::object();
  ActionList actions;
  for (Player p : state.PlayersToAct()) {
    to_move.push_back(p);
    state.LegalActions(p, actions);
    Json texts = Json::array(), forms = Json::array();
    for (Action a : actions) {
      texts.push_back(state.ActionToString(p, a));
      forms.push_back(state.StructuredAction(p, a));
    }
    legal[std::to_string(p)] = std::move(texts);
    structured[std::to_string(p)] = std::move(forms);
  }
  Json out = {{"to_move", std::move(to_move)}, {"legal", std::move(legal)}};
  if (options.structured) out["structured"] = std::move(structured);
  PrintJson(out);
  return kExitOk;
}

}  // namespace

void AddLegalCommand(CLI::App& app, Context& context) {
  auto [cmd, options] = AddSubcommand<LegalOptions>(
      app, context, "legal", "Print {\"to_move\": [players], \"legal\": {\"<player>\": [actions]}}",
      RunLegal);
  AddStateOption(*cmd, options->path);
  cmd->add_flag("--structured", options->structured,
                "Also print \"structured\": {\"<player>\": [{\"kind\", ...}]}, each legal "
                "action's structured form in the same order");
}

}  // namespace savanna::cli
