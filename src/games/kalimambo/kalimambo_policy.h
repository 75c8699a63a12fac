// Kalimambo's game knowledge for search (docs/rules/kalimambo.md, "Heuristics"): the nearer the
// rhino an explorer stands, the higher the card it plays (moving early leaves the rhino's
// ramming to others); the evaluation counts minus points.
#pragma once

#include "core/rollout_policy.h"

namespace savanna::kalimambo {

class KalimamboPolicy final : public RolloutPolicy {
 public:
  Action Choose(const State& state, Player player, const ActionList& legal,
                Rng& rng) const override;
  PlayerValues Evaluate(const State& state) const override;
  // Measured (docs/agents.md): short playouts, then the evaluation.
  int PreferredCutoff() const override { return 4; }
};

}  // namespace savanna::kalimambo
