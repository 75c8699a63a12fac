// Tree parallelism in ISMCTS (`parallel=tree`, ismcts::SharedTree): one thread searches exactly
// as the plain search, workers on one tree expand different untried actions, virtual loss sends
// a second worker down another edge while the first one's playout is pending, every iteration is
// counted once with the virtual visits gone, the five games choose legal moves on two threads,
// and the parameters are checked.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "agents/agent.h"
#include "agents/ismcts_search.h"
#include "agents/ismcts_shared_tree.h"
#include "agents/search_common.h"
#include "core/action_list.h"
#include "games/registry.h"
#include "testing/random_position.h"

namespace savanna {
namespace {

// A position `moves` random moves into a game of `spec`.
std::unique_ptr<State> SharedTreePosition(const std::string& spec, uint64_t seed, int moves) {
  auto game = Games().Create(spec);
  EXPECT_TRUE(game.has_value()) << spec;
  return testing::RandomPosition(**game, seed, moves);
}

// An analysis as comparable values: (action, visits, mean return) per action tried.
std::vector<std::tuple<Action, int64_t, double>> AnalysisOf(const std::string& agent_spec,
                                                            const State& state) {
  auto agent = MakeAgent(agent_spec, 1);
  EXPECT_TRUE(agent.has_value()) << agent_spec;
  std::vector<std::tuple<Action, int64_t, double>> out;
  for (const ActionEstimate& e : (*agent)->Analyze(state, state.PlayersToAct().First()))
    out.emplace_back(e.action, e.visits, e.mean_return);
  return out;
}

const char* const kFiveGames[] = {"kariba(players=2)", "kilimanjaro(players=2)",
                                  "kap_kairo(players=2)", "kalimambo(players=3)",
                                  "kitara(players=2)"};

// With one thread the shared tree runs the plain search's iterations in the same order with the
// same generator (the virtual loss is taken away before the next descent), so the analysis is
// the same to the last bit, with the game's knowledge, MAST and progressive history too.
TEST(SharedTree, OneThreadSearchesExactlyAsThePlainSearch) {
  for (const char* game : kFiveGames)
    for (const std::string settings :
         {"iters=300",
          "iters=300,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,mast=0.3,"
          "history=0.1"}) {
      auto state = SharedTreePosition(game, 4, 10);
      ASSERT_FALSE(state->IsTerminal()) << game;
      const auto plain = AnalysisOf("ismcts(" + settings + ")", *state);
      EXPECT_FALSE(plain.empty());
      EXPECT_EQ(AnalysisOf("ismcts(" + settings + ",parallel=tree,vloss=3)", *state), plain)
          << game << " " << settings;
    }
}

// Two workers starting on a fresh tree: the first one's expansion is an edge in the tree before
// the second descends, so the second expands another of the root's untried actions.
TEST(SharedTree, WorkersExpandDifferentUntriedActions) {
  auto root = SharedTreePosition("kariba(players=2)", 3, 0);
  ismcts::Search search(0.7, 0, 0.5);
  ismcts::SharedTree shared(search, 2, 1);
  shared.Begin(*root, root->PlayersToAct().First(), 9);
  shared.StartIteration(0, *root);
  shared.StartIteration(1, *root);
  ASSERT_EQ(shared.Path(0).size(), 1u);
  ASSERT_EQ(shared.Path(1).size(), 1u);
  EXPECT_NE(shared.Path(0)[0], shared.Path(1)[0]);
  shared.FinishIteration(0);
  shared.FinishIteration(1);
  int64_t visits = 0;
  for (const ActionEstimate& e : search.RootEstimates()) visits += e.visits;
  EXPECT_EQ(visits, 2);
}

// The root edge worker 1 takes while worker 0's path through the root is pending, in a tree of
// 300 iterations (every root action tried), with `vloss` virtual visits.
std::pair<uint32_t, uint32_t> RootEdgesOfTwoPendingWorkers(const State& root, int vloss) {
  ismcts::Search search(0.7, 0, 0.5);
  ismcts::SharedTree shared(search, 2, vloss);
  shared.Begin(root, root.PlayersToAct().First(), 5);
  BudgetClock clock(300, std::nullopt);
  shared.Continue(0, root, clock);
  shared.StartIteration(0, root);
  shared.StartIteration(1, root);
  return {shared.Path(0).at(0), shared.Path(1).at(0)};
}

// Without virtual loss both workers weigh the same statistics and take the same root edge; with
// it the pending path looks lost, and the second worker goes elsewhere.
TEST(SharedTree, VirtualLossSendsTheSecondWorkerElsewhere) {
  auto root = SharedTreePosition("kariba(players=2)", 3, 0);
  ActionList legal;
  root->LegalActions(root->PlayersToAct().First(), legal);
  ASSERT_GT(legal.Size(), 2);
  const auto [first, second] = RootEdgesOfTwoPendingWorkers(*root, 0);
  EXPECT_EQ(first, second) << "without virtual loss the workers agree (the test's baseline)";
  const auto [first_lost, second_lost] = RootEdgesOfTwoPendingWorkers(*root, 100);
  EXPECT_EQ(first_lost, first);
  EXPECT_NE(second_lost, first_lost);
}

// An iteration budget means what it means for root parallelism (the threads share it), and no
// virtual visit is left behind: the root's visits are the iterations, on any number of threads.
TEST(SharedTree, EveryIterationIsCountedOnceOnSeveralThreads) {
  auto state = SharedTreePosition("kap_kairo(players=2)", 2, 6);
  for (const char* spec : {"ismcts(iters=500,threads=2,parallel=tree)",
                           "ismcts(iters=501,threads=3,parallel=tree,vloss=5)"}) {
    int64_t visits = 0;
    for (const auto& [action, n, mean] : AnalysisOf(spec, *state)) {
      visits += n;
      EXPECT_GE(mean, 0.0);
      EXPECT_LE(mean, 1.0);
    }
    EXPECT_EQ(visits, std::string(spec).find("501") != std::string::npos ? 501 : 500) << spec;
  }
}

// The five games, a few decisions each on two threads of one tree: every choice is legal. The
// levels take the parameters too (a time budget on the CPU clock).
TEST(SharedTree, EveryGameChoosesLegalMovesOnTwoThreads) {
  for (const char* game : kFiveGames)
    for (const char* spec : {"ismcts(iters=200,threads=2,parallel=tree)",
                             "strong(time=0.002,clock=cpu,threads=2,parallel=tree,vloss=3)"}) {
      auto agent = MakeAgent(spec, 4);
      ASSERT_TRUE(agent.has_value()) << spec;
      auto state = SharedTreePosition(game, 6, 0);
      for (int decision = 0; decision < 6 && !state->IsTerminal(); ++decision) {
        const Player p = state->PlayersToAct().First();
        const Action a = (*agent)->Choose(*state, p);
        ASSERT_TRUE(state->IsLegal(p, a)) << game << " " << spec;
        state->ApplyUnchecked(p, a);
      }
    }
}

TEST(SharedTree, BadParametersAreNamed) {
  for (const auto& [spec, words] :
       std::vector<std::pair<std::string, std::string>>{{"ismcts(parallel=leaf)", "'parallel'"},
                                                        {"ismcts(vloss=-1)", "vloss"},
                                                        {"strong(parallel=both)", "'parallel'"}}) {
    auto agent = MakeAgent(spec, 1);
    ASSERT_FALSE(agent.has_value()) << spec;
    EXPECT_NE(agent.error().message.find(words), std::string::npos) << agent.error().message;
  }
}

}  // namespace
}  // namespace savanna
