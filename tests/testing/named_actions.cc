// Looking up and applying actions by their text in rules tests.
#include "testing/named_actions.h"

#include <gtest/gtest.h>

namespace savanna::testing {

Action ActionNamed(const State& state, const std::string& text) {
  const Player p = state.PlayersToAct().First();
  auto action = state.ParseAction(p, text);
  EXPECT_TRUE(action.has_value()) << text << ": " << (action ? "" : action.error().message);
  return action ? *action : kInvalidAction;
}

void Do(State& state, const std::string& text) {
  const Player p = state.PlayersToAct().First();
  const Action a = ActionNamed(state, text);
  ASSERT_NE(a, kInvalidAction) << text;
  ASSERT_TRUE(state.Apply(p, a).has_value()) << text;
}

}  // namespace savanna::testing
