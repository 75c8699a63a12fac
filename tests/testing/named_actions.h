// Rules tests name actions by their text, as players do: these look an action up among the
// legal actions of the player to act, failing the test (not crashing) when it is not there, and
// list the legal actions as texts.
#pragma once

#include <string>
#include <vector>

#include "core/state.h"

namespace savanna::testing {

// The id of the action whose string is `text` for `player` (kSpectator: the first player to
// act); adds a test failure and returns kInvalidAction otherwise.
Action ActionNamed(const State& state, const std::string& text, Player player = kSpectator);
// Applies `text` for `player` (kSpectator: the first player to act) through the checked Apply,
// failing the test if it is not legal.
void Do(State& state, const std::string& text, Player player = kSpectator);
// The strings of `player`'s legal actions (kSpectator: the first player to act), in action
// order; none once the game is over.
std::vector<std::string> LegalStrings(const State& state, Player player = kSpectator);

}  // namespace savanna::testing
