// Vom Kap bis Kairo's game knowledge for search (docs/rules/kap_kairo.md, "Heuristics"): bids by
// the value of the cards on offer, takes the most valuable card, builds when it is cheap; the
// evaluation counts landscapes built, tracks in hand and money.
#pragma once

#include "core/rollout_policy.h"

namespace savanna::kap_kairo {

Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng);
PlayerValues EvaluatePosition(const State& state);
using KapKairoPolicy = FunctionPolicy<ChooseRollout, EvaluatePosition>;

}  // namespace savanna::kap_kairo
