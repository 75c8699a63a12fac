// The greedy agent: one ply with the game's knowledge. It samples the hidden information once
// (a determinization from its own seat) and plays the game's rollout policy's choice there: the
// heuristic baseline of the strength ladder (docs/agents.md). In a game without a rollout
// policy it plays uniformly at random.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "agents/agent.h"
#include "core/action_list.h"
#include "core/rng.h"

namespace savanna {

class GreedyAgent final : public Agent {
 public:
  explicit GreedyAgent(uint64_t seed) : seed_(seed), rng_(seed) {}

  Action Choose(const State& state, Player player) override;
  std::string Spec() const override;

 private:
  uint64_t seed_;
  Rng rng_;
  std::unique_ptr<State> scratch_;  // the determinization, reused between decisions
  ActionList legal_;
};

}  // namespace savanna
