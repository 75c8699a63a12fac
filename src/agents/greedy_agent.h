// The greedy agent: one ply with the game's knowledge. It samples the hidden information once
// (a determinization from its own seat) and plays the game's one-ply decision there
// (RolloutPolicy::Decide: the rollout policy's choice, unless the game looks one step further):
// the heuristic baseline of the strength ladder (docs/agents.md). In a game without a rollout
// policy it plays uniformly at random.
#pragma once

#include <cstdint>
#include <memory>

#include "agents/instant_agent.h"

namespace savanna {

class GreedyAgent final : public InstantAgent {
 public:
  explicit GreedyAgent(uint64_t seed) : InstantAgent("greedy", seed) {}

  Action Choose(const State& state, Player player) override;

 private:
  std::unique_ptr<State> scratch_;  // the determinization, reused between decisions
};

}  // namespace savanna
