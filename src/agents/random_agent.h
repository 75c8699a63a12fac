// The random agent: picks uniformly among the legal actions with its own seeded Rng. The
// baseline of every simulation and the playout policy of the simple searches.
#pragma once

#include <cstdint>

#include "agents/instant_agent.h"

namespace savanna {

class RandomAgent final : public InstantAgent {
 public:
  explicit RandomAgent(uint64_t seed) : InstantAgent("random", seed) {}

  // Allocation-free: the legal actions go into a member buffer.
  Action Choose(const State& state, Player player) override {
    Legal(state, player);
    return AnyLegal();
  }
};

}  // namespace savanna
