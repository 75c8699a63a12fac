// The greedy agent.
#include "agents/greedy_agent.h"

#include "agents/search_common.h"
#include "core/check.h"
#include "core/game.h"

namespace savanna {

Action GreedyAgent::Choose(const State& state, Player player) {
  state.LegalActions(player, legal_);
  SAVANNA_CHECK_MSG(!legal_.Empty(), "greedy agent: player " + std::to_string(player) +
                                         " has no legal action\n" + state.ToJson().dump());
  const RolloutPolicy* policy = state.game().rollout_policy();
  if (policy == nullptr || legal_.Size() == 1)
    return legal_[int(rng_.Below(uint32_t(legal_.Size())))];
  if (!scratch_ || !SameType(*scratch_, state)) scratch_ = state.Clone();
  scratch_->CopyFrom(state);
  scratch_->DeterminizeInPlace(player, rng_);
  return policy->Choose(*scratch_, player, legal_, rng_);
}

std::string GreedyAgent::Spec() const { return "greedy(seed=" + std::to_string(seed_) + ")"; }

}  // namespace savanna
