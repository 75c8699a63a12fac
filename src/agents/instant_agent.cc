// The instant agents' spec and legal actions.
#include "agents/instant_agent.h"

#include "core/check.h"

namespace savanna {

std::string InstantAgent::Spec() const {
  return std::string(name_) + "(seed=" + std::to_string(seed_) + ")";
}

const ActionList& InstantAgent::Legal(const State& state, Player player) {
  state.LegalActions(player, legal_);
  SAVANNA_CHECK_MSG(!legal_.Empty(), std::string(name_) + " agent: player " +
                                         std::to_string(player) + " has no legal action\n" +
                                         state.ToJson().dump());
  return legal_;
}

}  // namespace savanna
