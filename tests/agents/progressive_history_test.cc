// Progressive history in ISMCTS selection (`history`, ismcts::TreeKnowledge::history): the
// parameter changes the search and repeats with the same seed, history=0 is the baseline, bad
// values are refused by name, decoupled simultaneous nodes search with it, and the table it reads
// learns from playout moves as well as tree moves.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/ismcts_search.h"
#include "agents/search_common.h"
#include "core/action_list.h"
#include "games/registry.h"
#include "testing/test_games.h"

namespace savanna {
namespace {

// The actions of one self-play game of `game_spec` from deal 5 by the agent `spec` (seed 1).
std::vector<Action> HistorySelfPlay(const GameRegistry& registry, const std::string& game_spec,
                                    const std::string& spec) {
  auto game = registry.Create(game_spec);
  EXPECT_TRUE(game.has_value()) << game_spec;
  auto agent = MakeAgent(spec, 1);
  EXPECT_TRUE(agent.has_value()) << spec;
  auto state = (*game)->NewInitialState(5);
  std::vector<Action> actions;
  while (!state->IsTerminal()) {
    const Player player = state->PlayersToAct().First();
    actions.push_back((*agent)->Choose(*state, player));
    EXPECT_TRUE(state->IsLegal(player, actions.back())) << spec;
    state->ApplyUnchecked(player, actions.back());
  }
  return actions;
}

TEST(ProgressiveHistory, TheParameterChangesTheSearchAndZeroIsTheBaseline) {
  const std::string game = "kariba(players=2)";
  const auto baseline = HistorySelfPlay(Games(), game, "ismcts(iters=300)");
  EXPECT_EQ(HistorySelfPlay(Games(), game, "ismcts(iters=300,history=0)"), baseline);
  for (const char* spec : {"ismcts(iters=300,history=0.5)", "ismcts(iters=300,history=3)"}) {
    const auto once = HistorySelfPlay(Games(), game, spec);
    EXPECT_NE(once, baseline) << spec;
    EXPECT_EQ(once, HistorySelfPlay(Games(), game, spec)) << spec;
  }
  // With the policy's playouts and tree knowledge, as the levels search.
  const std::string level = "ismcts(iters=300,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1";
  EXPECT_NE(HistorySelfPlay(Games(), game, level + ",history=1)"),
            HistorySelfPlay(Games(), game, level + ")"));
}

TEST(ProgressiveHistory, SimultaneousDecisionsAreSearchedWithIt) {
  // Sealed bids: every round is a simultaneous decision (decoupled nodes).
  const std::string game = "sealed_bids(players=3,cards=5)";
  const auto with = HistorySelfPlay(testing::TestGames(), game, "ismcts(iters=200,history=2)");
  EXPECT_EQ(with, HistorySelfPlay(testing::TestGames(), game, "ismcts(iters=200,history=2)"));
  EXPECT_NE(with, HistorySelfPlay(testing::TestGames(), game, "ismcts(iters=200)"));
}

TEST(ProgressiveHistory, OutOfRangeValuesAreRefusedByName) {
  for (const char* spec : {"ismcts(history=-0.5)", "ismcts(history=101)", "ismcts(history=x)"}) {
    auto agent = MakeAgent(spec, 1);
    ASSERT_FALSE(agent.has_value()) << spec;
    EXPECT_NE(agent.error().message.find("history"), std::string::npos) << agent.error().message;
  }
}

// With a tree one decision deep (depth=1) only the root player's first move is a tree move:
// every move of the opponent comes from a playout, and the history table knows them all the same.
TEST(ProgressiveHistory, TheTableLearnsFromPlayoutMovesAsWellAsTreeMoves) {
  auto game = Games().Create("kariba(players=2)");
  ASSERT_TRUE(game.has_value());
  auto root = (*game)->NewInitialState(4);
  ismcts::TreeKnowledge knowledge;
  knowledge.history = 1;
  ismcts::Search search(0.7, 1, 0.5, 0, PlayoutOptions{}, knowledge);
  search.Begin(*root, 0, 3);
  BudgetClock clock(300, std::nullopt);
  search.Continue(*root, clock);
  int opponent_actions_known = 0;
  for (Action a = 0; a < (*game)->NumDistinctActions(); ++a)
    opponent_actions_known += search.HistoryScore(1, a) < 1.0 ? 1 : 0;
  EXPECT_GT(opponent_actions_known, 0);
  // Without `history` (or MAST) no averages are kept.
  ismcts::Search plain(0.7, 1, 0.5);
  plain.Begin(*root, 0, 3);
  BudgetClock plain_clock(300, std::nullopt);
  plain.Continue(*root, plain_clock);
  for (Action a = 0; a < (*game)->NumDistinctActions(); ++a)
    EXPECT_EQ(plain.HistoryScore(1, a), 1.0);
}

}  // namespace
}  // namespace savanna
