// Optional game knowledge for search agents: a rollout policy that plays better than uniformly
// random. A game offers one through Game::rollout_policy(); agents stay game-agnostic.
#pragma once

#include "core/action_list.h"
#include "core/rng.h"
#include "core/state.h"

namespace savanna {

class RolloutPolicy {
 public:
  virtual ~RolloutPolicy() = default;
  // One of `legal` (never empty: the legal actions of `player`, who owes an action in `state`).
  // Called in every step of a playout, on determinized states: it must be fast and must not
  // allocate. Randomness comes only from `rng`.
  virtual Action Choose(const State& state, Player player, const ActionList& legal,
                        Rng& rng) const = 0;
};

}  // namespace savanna
