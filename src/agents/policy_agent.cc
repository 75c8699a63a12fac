// The policy agent.
#include "agents/policy_agent.h"

#include <algorithm>
#include <cmath>

#include "core/check.h"
#include "core/game.h"

namespace savanna {

std::vector<ParamSpec> PolicyParamSpecs() {
  return {AgentNet::Param("game"),
          ParamSpec::Double("temp", 0, 0, 100,
                            "0: the most probable legal action (ties: the lowest id); above 0: "
                            "one drawn with probability proportional to p^(1/temp)")};
}

PolicyAgent::PolicyAgent(const Params& params, uint64_t seed)
    : params_(params),
      net_(params, "game"),
      temperature_(params.Double("temp")),
      rng_(seed),
      probs_(ActionList::kCapacity) {
  params_.Set("seed", int64_t(seed));
}

Action PolicyAgent::Choose(const State& state, Player player) {
  state.LegalActions(player, legal_);
  SAVANNA_CHECK_MSG(!legal_.Empty(), "policy agent: player " + std::to_string(player) +
                                         " has no legal action\n" + state.ToJson().dump());
  if (auto plays = CanPlay(state.game()); !plays) throw AgentError(plays.error().message);
  const std::shared_ptr<const nn::Net>& net = net_.For(state.game());
  if (legal_.Size() == 1) return legal_[0];
  if (evaluator_ == nullptr || evaluator_->shared() != net)
    evaluator_ = std::make_unique<nn::NetEvaluator>(net);
  evaluator_->ForgetGame();
  evaluator_->Evaluate(state, player);
  evaluator_->Policy(legal_, probs_);
  const int n = legal_.Size();
  if (temperature_ <= 0)
    return legal_[int(std::max_element(probs_.begin(), probs_.begin() + n) - probs_.begin())];
  // p^(1/temp), relative to the largest so that a low temperature does not underflow.
  float top = 0;
  for (int i = 0; i < n; ++i) top = std::max(top, probs_[size_t(i)]);
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    probs_[size_t(i)] = float(std::pow(double(probs_[size_t(i)] / top), 1.0 / temperature_));
    sum += probs_[size_t(i)];
  }
  double draw = rng_.Uniform() * sum;
  for (int i = 0; i < n; ++i) {
    draw -= probs_[size_t(i)];
    if (draw < 0) return legal_[i];
  }
  return legal_[n - 1];
}

Result<void> PolicyAgent::CanPlay(const Game& game) {
  auto net = net_.Resolve(game);
  if (!net) return tl::unexpected(net.error());
  if (*net == nullptr)
    return Fail(ErrorCode::kInvalidArgument,
                "policy: net=none leaves the policy agent nothing to play");
  return {};
}

std::string PolicyAgent::Spec() const { return FormatSpec("policy", params_); }

std::unique_ptr<Agent> MakePolicyAgent(const Params& params, uint64_t seed) {
  return std::make_unique<PolicyAgent>(params, seed);
}

}  // namespace savanna
