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

}  // namespace savanna::testing
