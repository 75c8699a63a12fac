// Looking up and applying actions by their text in rules tests.
#include "testing/named_actions.h"

#include <gtest/gtest.h>

namespace savanna::testing {

Action ActionNamed(const State& state, const std::string& text, Player player) {
  const Player p = player == kSpectator ? state.PlayersToAct().First() : player;
  auto action = state.ParseAction(p, text);
  EXPECT_TRUE(action.has_value()) << text << ": " << (action ? "" : action.error().message);
  return action ? *action : kInvalidAction;
}

void Do(State& state, const std::string& text, Player player) {
  const Player p = player == kSpectator ? state.PlayersToAct().First() : player;
  const Action a = ActionNamed(state, text, p);
  ASSERT_NE(a, kInvalidAction) << text;
  ASSERT_TRUE(state.Apply(p, a).has_value()) << text;
}

std::vector<std::string> LegalStrings(const State& state, Player player) {
  std::vector<std::string> texts;
  if (state.IsTerminal()) return texts;
  const Player p = player == kSpectator ? state.PlayersToAct().First() : player;
  ActionList legal;
  state.LegalActions(p, legal);
  for (Action a : legal) texts.push_back(state.ActionToString(p, a));
  return texts;
}

}  // namespace savanna::testing
