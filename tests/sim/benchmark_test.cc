// MeasureGame and MidGameStates do their work and report consistent figures. Speed itself is
// judged by the benchmarks, never here.
#include "sim/benchmark.h"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>

#include "agents/agent.h"
#include "core/action_list.h"
#include "games/registry.h"
#include "nn/net_input.h"

namespace savanna {
namespace {

TEST(MidGameStatesTest, GivesNonTerminalStatesOfVaryingProgress) {
  auto game = Games().Create("kariba(players=3)");
  ASSERT_TRUE(game.has_value());
  const auto states = MidGameStates(**game, 40, 7);
  ASSERT_EQ(states.size(), 40u);
  int first_moves = 0, later = 0;
  for (const auto& state : states) {
    EXPECT_FALSE(state->IsTerminal());
    (state->MoveNumber() == 0 ? first_moves : later)++;
  }
  EXPECT_GT(later, 30);
  const auto again = MidGameStates(**game, 40, 7);
  for (size_t i = 0; i < states.size(); ++i) EXPECT_EQ(states[i]->Hash(), again[i]->Hash());
}

TEST(MeasureGameTest, ReportsEveryFigure) {
  auto game = Games().Create("kariba(players=4,variant=open)");
  ASSERT_TRUE(game.has_value());
  const BenchFigures f = MeasureGame(**game, 0.02, 1);
  EXPECT_EQ(f.spec, (*game)->Spec());
  EXPECT_GT(f.moves, 0);
  EXPECT_GE(f.seconds, 0.02);
  EXPECT_NEAR(f.moves_per_second, double(f.moves) / f.seconds, 1e-6 * f.moves_per_second);
  EXPECT_GT(f.games_per_second, 0);
  EXPECT_LT(f.games_per_second, f.moves_per_second);
  EXPECT_GT(f.clone_ns, 0);
  EXPECT_GT(f.copy_ns, 0);
  EXPECT_GT(f.legal_actions_ns, 0);
  EXPECT_GT(f.determinize_ns, 0);
  EXPECT_EQ(f.net_evaluations_per_second, 0);  // no net given
}

TEST(MeasureGameTest, TimesTheNetItIsGiven) {
  auto game = Games().Create("kalimambo(players=3)");
  ASSERT_TRUE(game.has_value());
  auto shape = nn::NetShapeOf(**game, {});
  ASSERT_TRUE(shape.has_value());
  const BenchFigures f =
      MeasureGame(**game, 0.01, 1, kBenchSearch, nn::RandomNet(shape->Header({8}), 1));
  EXPECT_GT(f.net_evaluations_per_second, 0);
}

// A stand-in search for the test: every Analyze reports 7 visits of the first legal action and
// is counted.
std::atomic<int64_t> g_analyses{0};
class SevenVisits : public Agent {
 public:
  Action Choose(const State& state, Player player) override {
    ActionList legal;
    state.LegalActions(player, legal);
    return legal[0];
  }
  std::string Spec() const override { return "bench_seven_visits"; }
  std::vector<ActionEstimate> Analyze(const State& state, Player player) override {
    ++g_analyses;
    return {ActionEstimate{Choose(state, player), 7, 0, 0}};
  }
};

// `savanna bench --search AGENT`: the iterations counted are the visits that agent reports.
TEST(MeasureGameTest, CountsTheIterationsOfTheSearchItIsGiven) {
  ASSERT_TRUE(RegisterExternalAgent("bench_seven_visits", [](uint64_t) {
                return std::make_unique<SevenVisits>();
              }).has_value());
  auto game = Games().Create("kalimambo(players=3)");
  ASSERT_TRUE(game.has_value());
  g_analyses = 0;
  const BenchFigures f = MeasureGame(**game, 0.02, 1, "bench_seven_visits");
  ASSERT_GT(g_analyses.load(), 0);
  // Every Analyze call ran within the measured time, so at least 7 per call per measured second
  // (the measured time ends after the last call).
  EXPECT_GT(f.ismcts_iterations_per_second, 0);
  EXPECT_LE(f.ismcts_iterations_per_second, 7.0 * double(g_analyses.load()) / 0.02);
  EXPECT_TRUE(SearchReportsIterations(**game, "bench_seven_visits", 1));
  EXPECT_TRUE(SearchReportsIterations(**game, "ismcts(iters=50)", 1));
  EXPECT_FALSE(SearchReportsIterations(**game, "random", 1));
  EXPECT_FALSE(SearchReportsIterations(**game, "greedy", 1));
}

}  // namespace
}  // namespace savanna
