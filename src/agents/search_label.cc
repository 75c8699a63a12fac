// Labels from a search's root estimates.
#include "agents/search_label.h"

#include <chrono>

#include "agents/agent.h"
#include "core/game.h"

namespace savanna {

Result<SearchLabel> LabelBySearch(const State& state, Player player, std::string_view search,
                                  uint64_t seed) {
  if (!state.PlayersToAct().Contains(player))
    return Fail(ErrorCode::kInvalidArgument,
                "player " + std::to_string(player) + " is not to act in this state");
  auto agent = MakeAgent(search, seed);
  if (!agent) return tl::unexpected(agent.error());
  if (auto plays = (*agent)->CanPlay(state.game()); !plays) return tl::unexpected(plays.error());
  auto analysis = (*agent)->BeginAnalysis(state, player);
  if (analysis == nullptr)
    return Fail(ErrorCode::kInvalidArgument,
                std::string(search) + " does not search (give ismcts, a level or flat_mc)");
  analysis->Think(std::chrono::nanoseconds::max());
  SearchLabel label;
  label.policy.assign(size_t(state.game().NumDistinctActions()), 0.0f);
  double reward = 0;
  for (const ActionEstimate& e : analysis->Estimates()) {
    label.visits += e.visits;
    label.policy[size_t(e.action)] = float(e.visits);
    reward += e.mean_return * double(e.visits);
  }
  if (label.visits == 0)
    return Fail(ErrorCode::kInvalidArgument, std::string(search) + " reported no visits");
  for (float& p : label.policy) p /= float(label.visits);
  label.value = 2 * reward / double(label.visits) - 1;
  return label;
}

}  // namespace savanna
