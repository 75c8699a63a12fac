// The random agent: picks uniformly among the legal actions with its own seeded Rng. The
// baseline of every simulation and the playout policy of the simple searches.
#pragma once

#include <cstdint>
#include <string>

#include "agents/agent.h"
#include "core/action_list.h"
#include "core/rng.h"

namespace savanna {

class RandomAgent final : public Agent {
 public:
  explicit RandomAgent(uint64_t seed) : seed_(seed), rng_(seed) {}

  // Allocation-free: the legal actions go into a member buffer.
  Action Choose(const State& state, Player player) override;
  std::string Spec() const override;

 private:
  uint64_t seed_;
  Rng rng_;
  ActionList legal_;
};

}  // namespace savanna
