// Kitara's game knowledge for search (docs/rules/kitara.md, "Heuristics"): takes the richest
// card, moves whole groups towards ruins and enemy areas, discards the poorest card; the
// evaluation counts the scores so far.
#pragma once

#include "core/rollout_policy.h"

namespace savanna::kitara {

Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng);
PlayerValues EvaluatePosition(const State& state);
using KitaraPolicy = FunctionPolicy<ChooseRollout, EvaluatePosition>;

}  // namespace savanna::kitara
