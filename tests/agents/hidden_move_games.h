// Helpers shared by the tests of hidden moves in ISMCTS (partially_observable_moves_test.cc,
// multi_observer_test.cc): random moves, the public keys of a decision, whole games of agents.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "core/action_list.h"
#include "core/rng.h"
#include "games/registry.h"

namespace savanna::testing {

// `moves` uniformly random moves from `state` (fewer if the game ends); a simultaneous step
// counts as one, each acting player's submission random.
inline void PlayRandomly(State& state, int moves, uint64_t seed) {
  Rng rng(seed);
  ActionList legal;
  for (int i = 0; i < moves && !state.IsTerminal(); ++i) {
    for (Player p : state.PlayersToAct()) {
      state.LegalActions(p, legal);
      state.ApplyUnchecked(p, legal[int(rng.Below(uint32_t(legal.Size())))]);
    }
  }
}

// The moves of a whole game of `spec` between agents of `agent_spec`, one per seat (seeded by
// seat), every move checked legal.
inline std::vector<Action> AgentsGame(const std::string& spec, const std::string& agent_spec,
                                      uint64_t seed) {
  auto game = Games().Create(spec);
  EXPECT_TRUE(game.has_value()) << spec;
  std::vector<std::unique_ptr<Agent>> agents;
  for (int seat = 0; seat < (*game)->NumPlayers(); ++seat) {
    auto agent = MakeAgent(agent_spec, uint64_t(seat + 1));
    EXPECT_TRUE(agent.has_value()) << agent_spec;
    agents.push_back(std::move(*agent));
  }
  auto state = (*game)->NewInitialState(seed);
  std::vector<Action> actions;
  while (!state->IsTerminal()) {
    for (Player p : state->PlayersToAct()) {
      actions.push_back(agents[size_t(p)]->Choose(*state, p));
      EXPECT_TRUE(state->IsLegal(p, actions.back())) << spec << " " << agent_spec;
      state->ApplyUnchecked(p, actions.back());
    }
  }
  return actions;
}

}  // namespace savanna::testing
