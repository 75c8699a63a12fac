// Vom Kap bis Kairo's game knowledge for search (docs/rules/kap_kairo.md, "Heuristics"): bids by
// the value of the cards on offer, takes the most valuable card, builds when it is cheap; the
// evaluation counts landscapes built, tracks in hand and money.
#pragma once

#include "core/rollout_policy.h"

namespace savanna::kap_kairo {

class KapKairoPolicy final : public RolloutPolicy {
 public:
  Action Choose(const State& state, Player player, const ActionList& legal,
                Rng& rng) const override;
  PlayerValues Evaluate(const State& state) const override;
};

}  // namespace savanna::kap_kairo
