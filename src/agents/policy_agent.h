// The policy agent: plays the net's policy with no search (docs/agents.md, docs/nets.md). It reads
// the net's input from its own seat's observation, so it uses only what that seat may know: the
// action with the highest probability among the legal ones, or with `temp` > 0 one drawn from
// the policy sharpened or flattened by the temperature. One evaluation a decision: microseconds.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/agent_net.h"
#include "core/action_list.h"
#include "core/params.h"
#include "core/rng.h"
#include "nn/net.h"

namespace savanna {

// Its parameters: net (default: the game's), temp, and the seed (added by the agent table).
std::vector<ParamSpec> PolicyParamSpecs();

class PolicyAgent final : public Agent {
 public:
  PolicyAgent(const Params& params, uint64_t seed);

  // Throws AgentError when the net cannot be had for the state's game or does not fit it.
  Action Choose(const State& state, Player player) override;
  std::string Spec() const override;
  // A net for `game` that fits it (net=none gives the policy agent nothing to play).
  Result<void> CanPlay(const Game& game) override;

 private:
  Params params_;  // as resolved, with the seed in use
  AgentNet net_;
  double temperature_;
  Rng rng_;
  ActionList legal_;
  std::unique_ptr<nn::NetEvaluator> evaluator_;  // for net_'s current net
  std::vector<float> probs_;
};

std::unique_ptr<Agent> MakePolicyAgent(const Params& params, uint64_t seed);

}  // namespace savanna
