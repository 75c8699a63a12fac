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
  // Measured (docs/agents.md): at equal time neither the policy's playouts nor cut-off ones beat
  // random playouts to the end (with 3 to 7 players they lose clearly), so searches keep those.
  double PreferredEpsilon(int) const override { return 1.0; }
};

}  // namespace savanna::kalimambo
