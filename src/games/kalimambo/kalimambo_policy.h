// Kalimambo's game knowledge for search (docs/rules/kalimambo.md, "Heuristics"): the nearer the
// rhino an explorer stands, the higher the card it plays (moving early leaves the rhino's
// ramming to others); the evaluation counts minus points.
#pragma once

#include "core/rollout_policy.h"

namespace savanna::kalimambo {

// Measured (docs/agents.md): at equal time neither the policy's playouts nor cut-off ones beat
// random playouts to the end (with 3 to 7 players they lose clearly), so searches keep those.
constexpr PlayoutPreference KalimamboPlayouts(int) { return {.epsilon = 1.0}; }
Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng);
PlayerValues EvaluatePosition(const State& state);
// The game's rollout policy (its Create hands it to GameBase).
inline const FunctionPolicy<ChooseRollout, EvaluatePosition, KalimamboPlayouts> kPolicy{};

}  // namespace savanna::kalimambo
