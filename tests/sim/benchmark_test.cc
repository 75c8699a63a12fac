// MeasureGame and MidGameStates do their work and report consistent figures. Speed itself is
// judged by the benchmarks, never here.
#include "sim/benchmark.h"

#include <gtest/gtest.h>

#include "games/registry.h"

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
}

}  // namespace
}  // namespace savanna
