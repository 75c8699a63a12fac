// Decisions made in slices (Agent::Begin, Decision::Think) and the ISMCTS tree's memory cap: a
// sliced decision chooses what Choose chooses at the same seed, a timed budget counts only the
// time spent thinking, the best-so-far is always legal, and a capped tree stays within its bytes
// while the search still runs every iteration.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "agents/agent.h"
#include "agents/ismcts_search.h"
#include "agents/search_common.h"
#include "testing/create_game.h"

namespace savanna {
namespace {

using std::chrono::microseconds;
using std::chrono::milliseconds;

std::unique_ptr<Agent> MakeSliceable(const std::string& spec, uint64_t seed) {
  auto agent = MakeAgent(spec, seed);
  EXPECT_TRUE(agent.has_value()) << spec << ": " << (agent ? "" : agent.error().message);
  return agent ? std::move(*agent) : nullptr;
}

TEST(SlicedDecision, ChoosesWhatChooseChoosesAtTheSameSeed) {
  for (const std::string game : {"kariba(players=3)", "kap_kairo(players=2)", "kitara(players=2)"})
    for (const std::string spec : {"ismcts(iters=300)", "ismcts(iters=301,threads=2)",
                                   "flat_mc(iters=200)", "flat_mc(iters=201,threads=2)"}) {
      auto whole = MakeSliceable(spec, 5);
      auto sliced = MakeSliceable(spec, 5);
      auto state = testing::InitialState(game, 11);
      int decisions = 0, sliced_more_than_once = 0;
      while (!state->IsTerminal() && decisions < 12) {
        const Player player = state->PlayersToAct().First();
        const Action chosen = whole->Choose(*state, player);
        auto decision = sliced->Begin(*state, player);
        int slices = 1;
        while (!decision->Think(microseconds(30))) ++slices;
        EXPECT_EQ(decision->Best(), chosen) << game << " " << spec << " decision " << decisions;
        sliced_more_than_once += slices > 1 ? 1 : 0;
        state->ApplyUnchecked(player, chosen);
        ++decisions;
      }
      EXPECT_GT(sliced_more_than_once, 0) << game << " " << spec << ": nothing was sliced";
    }
}

TEST(SlicedDecision, ATimedBudgetCountsOnlyTheTimeSpentThinking) {
  auto agent = MakeSliceable("ismcts(time=0.04)", 3);
  auto state = testing::InitialState("kariba(players=2)", 4);
  auto decision = agent->Begin(*state, state->PlayersToAct().First());
  const auto start = std::chrono::steady_clock::now();
  std::chrono::nanoseconds thinking{0};
  int slices = 0;
  bool done = false;
  while (!done) {
    const auto before = std::chrono::steady_clock::now();
    done = decision->Think(milliseconds(2));
    thinking += std::chrono::steady_clock::now() - before;
    ++slices;
    if (!done) std::this_thread::sleep_for(milliseconds(5));  // other tables' turns
  }
  const auto wall = std::chrono::steady_clock::now() - start;
  // 40 ms of thinking in slices of 2 ms is 20 slices on an idle machine; a loaded one preempts
  // the search inside a slice (a slice ends at its wall-clock length, read every few iterations),
  // so slices run long: at load 12 seven slices were seen. One slice would mean no slicing.
  EXPECT_GE(slices, 4) << "40 ms of thinking in slices of 2 ms";
  EXPECT_GE(thinking, milliseconds(38));
  EXPECT_GT(wall, thinking + milliseconds(40)) << "the pauses did not count";
  EXPECT_TRUE(state->IsLegal(state->PlayersToAct().First(), decision->Best()));
}

TEST(SlicedDecision, TheBestSoFarIsAlwaysLegal) {
  for (const std::string spec : {"ismcts(iters=1000000)", "flat_mc(iters=1000000)", "random"}) {
    auto agent = MakeSliceable(spec, 2);
    auto state = testing::InitialState("kitara(players=3)", 9);
    const Player player = state->PlayersToAct().First();
    auto decision = agent->Begin(*state, player);
    EXPECT_TRUE(state->IsLegal(player, decision->Best())) << spec << " before thinking";
    const bool done = decision->Think(milliseconds(1));
    EXPECT_EQ(done, spec == "random") << spec;
    EXPECT_TRUE(state->IsLegal(player, decision->Best())) << spec << " after one slice";
  }
}

TEST(SlicedDecision, AnAgentThatDecidesAtOnceDecidesInTheFirstSlice) {
  auto whole = MakeSliceable("random", 8);
  auto sliced = MakeSliceable("random", 8);
  auto state = testing::InitialState("kalimambo(players=4)", 1);
  for (int i = 0; i < 20 && !state->IsTerminal(); ++i) {
    const Player player = state->PlayersToAct().First();
    auto decision = sliced->Begin(*state, player);
    EXPECT_TRUE(decision->Think(microseconds(0)));
    const Action chosen = whole->Choose(*state, player);
    EXPECT_EQ(decision->Best(), chosen);
    state->ApplyUnchecked(player, chosen);
  }
}

// The tree of `bytes` (0: no limit) after `iterations` on a Kariba position.
struct TreeRun {
  size_t nodes = 0;
  size_t bytes = 0;
  int64_t iterations = 0;
  int64_t root_visits = 0;
  std::vector<ActionEstimate> estimates;
};
TreeRun RunTree(size_t max_bytes, int64_t iterations) {
  auto state = testing::InitialState("kariba(players=4)", 21);
  ismcts::Search search({.max_bytes = max_bytes});
  const Player player = state->PlayersToAct().First();
  search.Begin(*state, player, 99);
  BudgetClock clock(iterations, std::nullopt);
  TreeRun run;
  run.iterations = search.Continue(*state, clock);
  run.nodes = search.NodeCount();
  run.bytes = search.TreeBytes();
  run.estimates = search.RootEstimates();
  for (const ActionEstimate& e : run.estimates) run.root_visits += e.visits;
  return run;
}

TEST(IsmctsTreeCap, ACappedTreeStaysWithinItsBytesAndTheSearchGoesOn) {
  const size_t cap = 64 << 10;
  const TreeRun capped = RunTree(cap, 20000);
  const TreeRun free = RunTree(0, 20000);
  EXPECT_LE(capped.bytes, cap);
  EXPECT_GT(capped.bytes, cap / 2) << "the cap was reached";
  EXPECT_GT(free.bytes, 4 * cap) << "without the cap the tree grows far past it";
  EXPECT_LT(capped.nodes, free.nodes);
  EXPECT_EQ(capped.iterations, 20000);
  EXPECT_EQ(capped.root_visits, 20000) << "every iteration is still counted at the root";
}

// Filling the budget takes a handful of reallocations, not one per iteration near the cap (each
// copies a vector of megabytes and maps and unmaps its memory, which stalls the other threads
// of a server).
TEST(IsmctsTreeCap, TheTreeGrowsGeometricallyUpToItsCap) {
  const size_t cap = size_t(1) << 20;
  auto state = testing::InitialState("kariba(players=4)", 21);
  ismcts::Search search({.max_bytes = cap});
  const Player player = state->PlayersToAct().First();
  search.Begin(*state, player, 99);
  int growths = 0;
  size_t bytes = search.TreeBytes();
  for (int i = 0; i < 40000; ++i) {
    BudgetClock one(1, std::nullopt);
    search.Continue(*state, one);
    growths += search.TreeBytes() != bytes ? 1 : 0;
    bytes = search.TreeBytes();
  }
  EXPECT_LE(bytes, cap);
  EXPECT_GT(bytes, cap * 3 / 4) << "the budget is used";
  EXPECT_LT(growths, 100) << "the tree's vectors were reallocated too often";
}

TEST(IsmctsTreeCap, ACapThatIsNotReachedChangesNothing) {
  const TreeRun roomy = RunTree(size_t(256) << 20, 3000);
  const TreeRun free = RunTree(0, 3000);
  ASSERT_EQ(roomy.estimates.size(), free.estimates.size());
  for (size_t i = 0; i < free.estimates.size(); ++i) {
    EXPECT_EQ(roomy.estimates[i].action, free.estimates[i].action);
    EXPECT_EQ(roomy.estimates[i].visits, free.estimates[i].visits);
  }
}

TEST(IsmctsTreeCap, TheAgentTakesTreeMbAndStillCountsEveryIteration) {
  auto agent = MakeSliceable("ismcts(iters=20000,tree_mb=1,threads=2)", 4);
  auto state = testing::InitialState("kap_kairo(players=3)", 2);
  const Player player = state->PlayersToAct().First();
  const std::vector<ActionEstimate> estimates = agent->Analyze(*state, player);
  int64_t visits = 0;
  for (const ActionEstimate& e : estimates) visits += e.visits;
  EXPECT_EQ(visits, 20000);
  auto bad = MakeAgent("ismcts(tree_mb=-1)", 1);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("tree_mb"), std::string::npos);
}

}  // namespace
}  // namespace savanna
