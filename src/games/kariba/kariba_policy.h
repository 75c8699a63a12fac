// Kariba's game knowledge for search (docs/rules/kariba.md, "Heuristics"): a rollout policy that
// takes the biggest capture and avoids leaving the next player a cheap triple, and an evaluation
// by the cards won so far.
#pragma once

#include "core/rollout_policy.h"

namespace savanna::kariba {

class KaribaPolicy final : public RolloutPolicy {
 public:
  Action Choose(const State& state, Player player, const ActionList& legal,
                Rng& rng) const override;
  PlayerValues Evaluate(const State& state) const override;
  // Measured (docs/agents.md): short playouts, then the evaluation.
  int PreferredCutoff() const override { return 4; }
};

}  // namespace savanna::kariba
