// MAST's table and choice, and the ISMCTS `mast` parameter: the averages are the values recorded
// moves received, the greedy choice takes the best average (untried actions first), epsilon 1 is
// uniformly random, and the parameter changes the search while mast=0 keeps the baseline.
#include "agents/mast.h"

#include <gtest/gtest.h>

#include <set>

#include "agents/agent.h"
#include "games/registry.h"

namespace savanna {
namespace {

ActionList MastTestList(std::initializer_list<Action> actions) {
  ActionList list;
  for (Action a : actions) list.PushBack(a);
  return list;
}

TEST(Mast, AveragesAreTheValuesTheRecordedMovesReceived) {
  Mast mast;
  mast.Reset(2, 10, 0);
  EXPECT_EQ(mast.Average(0, 3), 1.0);  // never played
  mast.Record(0, 3);
  mast.Record(1, 7);
  PlayerValues values{};
  values[0] = 0.25;
  values[1] = 0.75;
  mast.Update(values);
  mast.Record(0, 3);
  values[0] = 0.75;
  mast.Update(values);
  EXPECT_DOUBLE_EQ(mast.Average(0, 3), 0.5);
  EXPECT_DOUBLE_EQ(mast.Average(1, 7), 0.75);
  EXPECT_EQ(mast.Average(1, 3), 1.0);  // the table is per player
  mast.Reset(2, 10, 0);
  EXPECT_EQ(mast.Average(0, 3), 1.0);  // a new search forgets
}

TEST(Mast, GreedyTakesTheBestAverageAndTriesUnplayedActionsFirst) {
  Mast mast;
  mast.Reset(1, 4, 0);
  PlayerValues low{}, high{};
  low[0] = 0.1;
  high[0] = 0.9;
  for (Action a : {0, 1, 2}) {
    mast.Record(0, a);
    mast.Update(a == 1 ? high : low);
  }
  Rng rng(3);
  EXPECT_EQ(mast.Choose(0, MastTestList({0, 1, 2}), rng), 1);
  EXPECT_EQ(mast.Choose(0, MastTestList({0, 1, 2, 3}), rng), 3);  // 3 never played: counts as 1
}

TEST(Mast, EpsilonOneIsUniformlyRandom) {
  Mast mast;
  mast.Reset(1, 4, 1.0);
  PlayerValues high{};
  high[0] = 1;
  mast.Record(0, 2);
  mast.Update(high);
  Rng rng(5);
  std::set<Action> seen;
  for (int i = 0; i < 200; ++i) seen.insert(mast.Choose(0, MastTestList({0, 1, 2, 3}), rng));
  EXPECT_EQ(seen.size(), 4u);
}

// One game's actions between two agents from the same deal.
std::vector<Action> MastSelfPlay(const std::string& agent_spec, uint64_t seed) {
  auto game = Games().Create("kariba(players=2)");
  EXPECT_TRUE(game.has_value());
  auto state = (*game)->NewInitialState(seed);
  auto a = MakeAgent(agent_spec, 1);
  auto b = MakeAgent(agent_spec, 2);
  EXPECT_TRUE(a.has_value() && b.has_value());
  std::vector<Action> actions;
  while (!state->IsTerminal()) {
    const Player p = state->PlayersToAct().First();
    const Action action = (p == 0 ? **a : **b).Choose(*state, p);
    EXPECT_TRUE(state->Apply(p, action).has_value());
    actions.push_back(action);
  }
  return actions;
}

TEST(Mast, TheParameterChangesTheSearchAndRepeatsWithTheSameSeed) {
  const auto plain = MastSelfPlay("ismcts(iters=300)", 11);
  const auto with_mast = MastSelfPlay("ismcts(iters=300,mast=0.2)", 11);
  EXPECT_EQ(with_mast, MastSelfPlay("ismcts(iters=300,mast=0.2)", 11));
  EXPECT_NE(plain, with_mast);
  EXPECT_EQ(plain, MastSelfPlay("ismcts(iters=300,mast=0)", 11));
  EXPECT_FALSE(MakeAgent("ismcts(mast=1.5)", 1).has_value());
}

}  // namespace
}  // namespace savanna
