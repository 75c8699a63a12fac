// The ladder's levels and the greedy agent: specs with a documented default time that a
// parameter changes, legal play in every game, and the levels' searches as documented.
#include "agents/level_agent.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "agents/agent.h"
#include "games/registry.h"

namespace savanna {
namespace {

std::unique_ptr<Agent> MakeLevelForTest(const std::string& spec, uint64_t seed = 1) {
  auto agent = MakeAgent(spec, seed);
  EXPECT_TRUE(agent.has_value()) << spec << ": " << (agent ? "" : agent.error().message);
  return agent ? std::move(*agent) : nullptr;
}

TEST(Levels, EachLevelHasADefaultTimeThatAParameterChanges) {
  EXPECT_EQ(MakeLevelForTest("easy", 3)->Spec(),
            "easy(clock=wall,seed=3,threads=1,time=0.002,tree_mb=0)");
  EXPECT_EQ(MakeLevelForTest("strong", 3)->Spec(),
            "strong(clock=wall,seed=3,threads=1,time=0.2,tree_mb=0)");
  auto strong = MakeLevelForTest("strong(time=0.05)", 3);
  EXPECT_EQ(strong->Spec(), "strong(clock=wall,seed=3,threads=1,time=0.05,tree_mb=0)");
  EXPECT_EQ(MakeLevelForTest(strong->Spec())->Spec(), strong->Spec());
  EXPECT_EQ(dynamic_cast<LevelAgent&>(*strong).SearchSpec(),
            "ismcts(c=0.7,clock=wall,cutoff=-1,eps=-1,expand=1,iters=1000,margin=0.5,"
            "playout=policy,reopen=true,seed=3,threads=1,time=0.05,tree_mb=0,widen=1)");
  EXPECT_EQ(dynamic_cast<LevelAgent&>(*MakeLevelForTest("medium", 3)).SearchSpec(),
            "ismcts(c=0.7,clock=wall,cutoff=-1,eps=-1,expand=1,iters=1000,margin=0.5,"
            "playout=policy,reopen=true,seed=3,threads=1,time=0.02,tree_mb=0,widen=1)");
  EXPECT_EQ(dynamic_cast<LevelAgent&>(*MakeLevelForTest("easy", 3)).SearchSpec(),
            "ismcts(c=0.7,clock=wall,cutoff=0,eps=0.1,expand=0,iters=1000,margin=0.5,"
            "playout=random,reopen=true,seed=3,threads=1,time=0.002,tree_mb=0,widen=0)");
  // clock=cpu passes through to the search (docs/agents.md, "Budgets").
  auto on_cpu = MakeLevelForTest("strong(time=0.003,clock=cpu)", 3);
  EXPECT_EQ(on_cpu->Spec(), "strong(clock=cpu,seed=3,threads=1,time=0.003,tree_mb=0)");
  EXPECT_NE(dynamic_cast<LevelAgent&>(*on_cpu).SearchSpec().find(",clock=cpu,"), std::string::npos);
  auto bad_clock = MakeAgent("expert(clock=process)", 1);
  ASSERT_FALSE(bad_clock.has_value());
  EXPECT_NE(bad_clock.error().message.find("'clock' must be one of wall, cpu"), std::string::npos)
      << bad_clock.error().message;
  EXPECT_FALSE(MakeAgent("strong(iters=100)", 1).has_value());  // levels are timed
  EXPECT_FALSE(MakeAgent("expert(time=0)", 1).has_value());
}

TEST(Levels, LevelsAndGreedyPlayLegallyInEveryGame) {
  for (const char* spec : {"kariba(players=3)", "kilimanjaro(players=2)", "kap_kairo(players=3)",
                           "kalimambo(players=4)", "kitara(players=2)"}) {
    auto game = Games().Create(spec);
    ASSERT_TRUE(game.has_value()) << spec;
    std::vector<std::unique_ptr<Agent>> agents;
    agents.push_back(MakeLevelForTest("greedy"));
    agents.push_back(MakeLevelForTest("medium(time=0.0005)"));
    auto state = (*game)->NewInitialState(2);
    for (int moves = 0; !state->IsTerminal() && moves < 60; ++moves) {
      const Player player = state->PlayersToAct().First();
      const Action action = agents[size_t(moves % 2)]->Choose(*state, player);
      ASSERT_TRUE(state->IsLegal(player, action)) << spec;
      state->ApplyUnchecked(player, action);
    }
  }
}

// The actions of one self-play game of two-player Kariba by `spec`.
std::vector<Action> LevelTestSelfPlay(const std::string& spec) {
  auto game = Games().Create("kariba(players=2)");
  EXPECT_TRUE(game.has_value());
  auto agent = MakeLevelForTest(spec);
  auto state = (*game)->NewInitialState(5);
  std::vector<Action> actions;
  while (!state->IsTerminal()) {
    const Player player = state->PlayersToAct().First();
    actions.push_back(agent->Choose(*state, player));
    state->ApplyUnchecked(player, actions.back());
  }
  return actions;
}

TEST(Levels, PlayoutParametersChangeTheSearch) {
  const auto baseline = LevelTestSelfPlay("ismcts(iters=300)");
  const auto policy = LevelTestSelfPlay("ismcts(iters=300,playout=policy)");
  const auto cut = LevelTestSelfPlay("ismcts(iters=300,playout=policy,cutoff=4)");
  EXPECT_NE(policy, baseline);
  EXPECT_NE(cut, policy);
  EXPECT_EQ(LevelTestSelfPlay("ismcts(iters=300,playout=policy,cutoff=-1,eps=-1)"), cut)
      << "two-player Kariba prefers a cutoff of 4 and the default share of random moves";
  EXPECT_FALSE(MakeAgent("ismcts(cutoff=-2)", 1).has_value());
  EXPECT_FALSE(MakeAgent("ismcts(eps=1.5)", 1).has_value());
  EXPECT_FALSE(MakeAgent("ismcts(playout=smart)", 1).has_value());
}

}  // namespace
}  // namespace savanna
