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
  // Measured (docs/agents.md): with 2 and 3 players short playouts by the policy, then the
  // evaluation, beat random playouts at equal time; with 4 and more neither the policy's playouts
  // nor cut-off ones do, so searches keep random playouts to the end there.
  int PreferredCutoff(int players) const override { return players <= 3 ? 4 : 0; }
  double PreferredEpsilon(int players) const override { return players <= 3 ? 0.1 : 1.0; }
};

}  // namespace savanna::kariba
