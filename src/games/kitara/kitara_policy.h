// Kitara's game knowledge for search (docs/rules/kitara.md, "Heuristics"): takes the richest
// card, moves whole groups towards ruins and enemy areas, discards the poorest card; the
// evaluation counts the scores so far.
#pragma once

#include "core/rollout_policy.h"

namespace savanna::kitara {

class KitaraPolicy final : public RolloutPolicy {
 public:
  Action Choose(const State& state, Player player, const ActionList& legal,
                Rng& rng) const override;
  PlayerValues Evaluate(const State& state) const override;
};

}  // namespace savanna::kitara
