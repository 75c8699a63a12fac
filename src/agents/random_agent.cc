// The random agent.
#include "agents/random_agent.h"

#include "core/check.h"

namespace savanna {

Action RandomAgent::Choose(const State& state, Player player) {
  state.LegalActions(player, legal_);
  SAVANNA_CHECK_MSG(!legal_.Empty(), "random agent: player " + std::to_string(player) +
                                         " has no legal action\n" + state.ToJson().dump());
  return legal_[int(rng_.Below(uint32_t(legal_.Size())))];
}

std::string RandomAgent::Spec() const { return "random(seed=" + std::to_string(seed_) + ")"; }

}  // namespace savanna
