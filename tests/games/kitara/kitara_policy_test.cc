// Kitara's heuristics (docs/rules/kitara.md, "Heuristics"): the rollout policy values what the
// rule text scores (a savanna fed, a ruin held with a ruler animal, prosperity for the turns
// left) and moves nothing that gains nothing, whatever its random tie-breaks.
#include <gtest/gtest.h>

#include "games/kitara/kitara_position.h"
#include "testing/named_actions.h"

namespace savanna::kitara::testing {
namespace {

// The policy's choice for the player to act, as text, under tie-break seed `seed`.
std::string PolicyPick(const State& s, uint64_t seed) {
  const Player player = s.PlayersToAct().First();
  ActionList legal;
  s.LegalActions(player, legal);
  Rng rng(seed);
  return s.ActionToString(player, s.game().rollout_policy()->Choose(s, player, legal, rng));
}

// Plays the policy's choices while `player` is still in its move phase.
void PolicyMoves(State& s, Player player, uint64_t seed) {
  while (!s.IsTerminal() && s.PlayersToAct().First() == player &&
         (D(s).phase == Phase::kMoveSource || D(s).phase == Phase::kMoveGroup ||
          D(s).phase == Phase::kMoveBorder))
    savanna::testing::Do(s, PolicyPick(s, seed));
}

TEST(KitaraHeuristics, SpreadsWarriorsOntoFreeSavannasAndKeepsTheSourceFed) {
  // Two cards to feed and one fed savanna: one move can feed a second savanna, if a warrior stays
  // behind on O1.
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto s = Position("kitara(players=2)")
                 .Area("O1", 0, W(3))
                 .Area("O5", 1, W(3))
                 .Kingdom(0, {"W1 M1 (age 1)"})
                 .Moves(1)
                 .Build();
    EXPECT_EQ(PolicyPick(*s, seed), "move from O1");
    PolicyMoves(*s, 0, seed);
    EXPECT_GE(At(*s, "O1").figures[kWarrior], 1) << seed;
    const bool fed = At(*s, "O0").owner == 0 || At(*s, "O2").owner == 0;
    EXPECT_TRUE(fed) << "seed " << seed << ": the warriors went to the ruin I0";
  }
}

TEST(KitaraHeuristics, TakesARulerAnimalOntoAFreeRuin) {
  // O2's warrior keeps the savanna fed; its animal scores two points a turn on the ruin O3.
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto s =
        Position("kitara(players=2)").Area("O2", 0, {1, 1, 0}).Area("O5", 1, W(3)).Moves(1).Build();
    PolicyMoves(*s, 0, seed);
    EXPECT_EQ(At(*s, "O3").owner, 0) << seed;
    EXPECT_EQ(At(*s, "O3").figures, (Figures{0, 1, 0})) << seed;
    EXPECT_EQ(At(*s, "O2").figures, W(1)) << seed;
  }
}

TEST(KitaraHeuristics, EndsTheMovesWhenNoMoveGains) {
  // One card, one fed savanna, one warrior: moving it anywhere feeds no more than staying.
  auto s = Position("kitara(players=2)").Area("O1", 0, W(1)).Area("O5", 1, W(3)).Moves(2).Build();
  for (uint64_t seed = 1; seed <= 20; ++seed) EXPECT_EQ(PolicyPick(*s, seed), "end moves");
}

TEST(KitaraHeuristics, TakesProsperityEarly) {
  // Seven turns are left: a prosperity symbol scores every one of them.
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O5", 1, W(3))
               .Row({"D1 M1 (age 1)", "M1 P1 (age 1)", "W1 M1 (age 1)", "D1 P1 (age 1)",
                     "A1 M1 (age 1)", "W1 P1 (age 1)"})
               .Build();
  for (uint64_t seed = 1; seed <= 20; ++seed)
    EXPECT_EQ(PolicyPick(*s, seed), "take 2: M1 P1 (age 1)");
}

TEST(KitaraHeuristics, RecruitsAWarriorOntoAnUnfedSavanna) {
  // O2 holds only a ruler animal: a warrior there feeds a second card.
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O2", 0, {0, 1, 0})
               .Area("O5", 1, W(3))
               .Kingdom(0, {"D1 M1 (age 1)"})
               .Row({"W1 P1 (age 1)", "D1 P1 (age 1)"})
               .Build();
  savanna::testing::Do(*s, "take 1: W1 P1 (age 1)");
  for (uint64_t seed = 1; seed <= 20; ++seed)
    EXPECT_EQ(PolicyPick(*s, seed), "place warrior on O2");
}

}  // namespace
}  // namespace savanna::kitara::testing
