// Am Fuß des Kilimandscharo's game knowledge for search (docs/rules/kilimanjaro.md,
// "Heuristics"): plays the card that moves the own expedition furthest or slows a leader most,
// steers clear of known lions, swaps with or sends back the leader; the evaluation counts the
// trail covered.
#pragma once

#include "core/rollout_policy.h"

namespace savanna::kilimanjaro {

class KilimanjaroPolicy final : public RolloutPolicy {
 public:
  Action Choose(const State& state, Player player, const ActionList& legal,
                Rng& rng) const override;
  PlayerValues Evaluate(const State& state) const override;
  // Measured (docs/agents.md): the policy's playouts do not beat random ones at equal time.
  double PreferredEpsilon(int) const override { return 1.0; }
};

}  // namespace savanna::kilimanjaro
