// Kariba's game knowledge for search (docs/rules/kariba.md, "Heuristics"): a rollout policy that
// takes the biggest capture and avoids leaving the next player a cheap triple, and an evaluation
// by the cards won so far.
#pragma once

#include "core/rollout_policy.h"

namespace savanna::kariba {

// Measured (docs/agents.md): with 2 to 5 players short playouts by the policy, then the
// evaluation, do best at equal time (with 4 and 5 players they beat greedy clearly and stay
// level with random playouts); with 6 players policy playouts cut off after one round (6 moves)
// beat greedy clearly and stay level with the random playouts to the end they replaced.
constexpr PlayoutPreference KaribaPlayouts(int players) {
  return players <= 5 ? PlayoutPreference{4, 0.1} : PlayoutPreference{6, 0.1};
}
Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng);
PlayerValues EvaluatePosition(const State& state);
// The game's rollout policy (its registry entry hands it to GameBase).
inline const FunctionPolicy<ChooseRollout, EvaluatePosition, KaribaPlayouts> kPolicy{};

}  // namespace savanna::kariba
