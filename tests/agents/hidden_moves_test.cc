// Which moves are hidden from the other players (the multiple-observer ISMCTS question,
// docs/agents.md "Hidden moves and MO-ISMCTS"): over random games of every configuration of
// every game, at each sequential decision, every legal action of the player to act is applied to
// a copy, and two actions that lead to different states but leave some other seat's View
// identical are a pair that seat cannot tell apart. Simultaneous submissions are left out: they
// are revealed together, and ISMCTS's decoupled nodes already keep each player's choice from
// the others. MO-ISMCTS (one tree per player) differs from the single-observer search only
// where such pairs exist; the test pins which games have them and reports what they are.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "conformance/conformance.h"
#include "core/action_list.h"
#include "core/rng.h"
#include "games/registry.h"

namespace savanna {
namespace {

// The games whose moves some other seat cannot always tell apart (the test fails when a game
// gains or loses hidden moves, so that docs/agents.md is revisited).
bool HasHiddenMoves(const std::string& game_name) { return game_name == "kilimanjaro"; }

struct HiddenMoves {
  int decisions = 0;         // sequential decisions examined
  int hidden_decisions = 0;  // decisions with at least one indistinguishable pair
  long pairs = 0;            // (viewer, pair of actions) that viewer cannot tell apart
  std::string example;       // the first such pair, in words
};

// The actions (indices into `legal`) after which `viewer` sees the same, grouped: the
// observation tensors first (same view, same tensor: actions whose tensors differ look
// different), then, within a group of equal tensors, the View itself.
std::vector<std::vector<int>> LookAlikeGroups(const State& state, Player p, const ActionList& legal,
                                              Player viewer, State& scratch) {
  std::map<std::vector<float>, std::vector<int>> by_tensor;
  std::vector<float> tensor(size_t(state.game().ObservationSize()));
  for (int i = 0; i < legal.Size(); ++i) {
    scratch.CopyFrom(state);
    scratch.ApplyUnchecked(p, legal[i]);
    scratch.ObservationTensor(viewer, tensor);
    by_tensor[tensor].push_back(i);
  }
  std::vector<std::vector<int>> groups;
  for (const auto& [unused, actions] : by_tensor) {
    if (actions.size() < 2) continue;
    std::map<std::string, std::vector<int>> by_view;
    for (int i : actions) {
      scratch.CopyFrom(state);
      scratch.ApplyUnchecked(p, legal[i]);
      by_view[scratch.View(viewer).dump()].push_back(i);
    }
    for (auto& [view, alike] : by_view)
      if (alike.size() > 1) groups.push_back(alike);
  }
  return groups;
}

// Adds to `out` what the decision of the single player to act in `state` hides from the others.
void ExamineDecision(const State& state, State& scratch, HiddenMoves& out) {
  const Player p = state.PlayersToAct().First();
  ActionList legal;
  state.LegalActions(p, legal);
  ++out.decisions;
  std::vector<uint64_t> after;  // per action, the state's hash afterwards
  for (Action a : legal) {
    scratch.CopyFrom(state);
    scratch.ApplyUnchecked(p, a);
    after.push_back(scratch.Hash());
  }
  bool hidden = false;
  for (Player v = 0; v < state.NumPlayers(); ++v) {
    if (v == p) continue;
    for (const std::vector<int>& actions : LookAlikeGroups(state, p, legal, v, scratch))
      for (size_t i = 0; i < actions.size(); ++i)
        for (size_t j = i + 1; j < actions.size(); ++j) {
          const int a = actions[i], b = actions[j];
          if (after[size_t(a)] == after[size_t(b)]) continue;  // the same state: nothing hidden
          hidden = true;
          ++out.pairs;
          if (out.example.empty())
            out.example =
                "player " + std::to_string(p) + "'s '" + state.ActionToString(p, legal[a]) +
                "' and '" + state.ActionToString(p, legal[b]) + "' look alike to player " +
                std::to_string(v) + " (both read '" + state.PublicActionString(p, legal[a]) + "')";
        }
  }
  if (hidden) ++out.hidden_decisions;
}

class HiddenMovesTest : public ::testing::TestWithParam<conformance::Configuration> {};

TEST_P(HiddenMovesTest, OnlyTheGamesKnownToHideMovesHaveIndistinguishableActions) {
  const conformance::Configuration& config = GetParam();
  auto game = config.registry->Create(config.spec);
  ASSERT_TRUE(game.has_value()) << config.spec;
  HiddenMoves found;
  Rng rng(17);
  ActionList legal;
  for (uint64_t deal = 1; deal <= 3; ++deal) {
    auto state = (*game)->NewInitialState(deal);
    auto scratch = state->Clone();
    while (!state->IsTerminal()) {
      const PlayerSet acting = state->PlayersToAct();
      if (acting.Size() == 1) ExamineDecision(*state, *scratch, found);
      const Player p = acting.First();
      state->LegalActions(p, legal);
      state->ApplyUnchecked(p, legal[int(rng.Below(uint32_t(legal.Size())))]);
    }
  }
  std::cout << config.spec << ": " << found.decisions << " sequential decisions, "
            << found.hidden_decisions << " hide something, " << found.pairs
            << " indistinguishable (viewer, action pair)s"
            << (found.example.empty() ? "" : "; e.g. " + found.example) << "\n";
  EXPECT_GT(found.decisions, 0) << config.spec;
  if (HasHiddenMoves((*game)->name())) {
    EXPECT_GT(found.pairs, 0) << config.spec << ": no hidden move found";
  } else {
    EXPECT_EQ(found.pairs, 0) << config.spec << ": " << found.example;
  }
}

std::string HiddenMovesName(const ::testing::TestParamInfo<conformance::Configuration>& info) {
  return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(EveryGame, HiddenMovesTest,
                         ::testing::ValuesIn(conformance::Configurations({&Games()})),
                         HiddenMovesName);

}  // namespace
}  // namespace savanna
