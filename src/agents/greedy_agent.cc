// The greedy agent.
#include "agents/greedy_agent.h"

#include "agents/search_common.h"
#include "core/game.h"

namespace savanna {

Action GreedyAgent::Choose(const State& state, Player player) {
  const ActionList& legal = Legal(state, player);
  const RolloutPolicy* policy = state.game().rollout_policy();
  if (policy == nullptr || legal.Size() == 1) return AnyLegal();
  if (!scratch_ || !SameType(*scratch_, state)) scratch_ = state.Clone();
  scratch_->CopyFrom(state);
  scratch_->DeterminizeInPlace(player, rng());
  return policy->Decide(*scratch_, player, legal, rng());
}

}  // namespace savanna
