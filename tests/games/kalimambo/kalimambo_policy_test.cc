// Kalimambo's heuristics (docs/rules/kalimambo.md, "Heuristics"): the rollout policy's card
// choice by the explorer's place in the group, drawn at random, the evaluation's minus points,
// cards in hand, place and the luck still to come, and the one-ply decision of `greedy`.
#include <gtest/gtest.h>

#include <array>

#include "games/kalimambo/kalimambo_position.h"

namespace savanna::kalimambo::testing {
namespace {

// How often `seat` plays each card value over 2,000 draws of the policy.
std::array<int, 12> PolicyCounts(const KalimamboState& state, Player seat) {
  ActionList legal;
  state.LegalActions(seat, legal);
  std::array<int, 12> counts{};
  Rng rng(5);
  for (int i = 0; i < 2000; ++i)
    ++counts[size_t(state.game().rollout_policy()->Choose(state, seat, legal, rng))];
  return counts;
}

double ShareOfSeat0(const KalimamboState& state) {
  return state.game().rollout_policy()->Evaluate(state)[0];
}

TEST(KalimamboHeuristics, TheRearExplorerPlaysItsExtremesMostButEveryCardSometimes) {
  auto s = Position("kalimambo(players=2)").Track("R 0 1 K").Build();
  const std::array<int, 12> rear = PolicyCounts(*s, 0);
  for (int v = 0; v < 12; ++v) EXPECT_GT(rear[size_t(v)], 0) << "card " << v;
  for (int v = 1; v < 11; ++v) {
    EXPECT_GT(rear[0], 2 * rear[size_t(v)]) << "card " << v;
    EXPECT_GT(rear[11], rear[size_t(v)]) << "card " << v;
  }
}

TEST(KalimamboHeuristics, TheLeaderPlaysMoreEvenly) {
  // Explorer 1 leads the group (Kali is second): it stays whatever it plays, so its draws are
  // spread more evenly than the rear explorer's.
  auto s = Position("kalimambo(players=2)").Track("R 0 K 1").Build();
  const std::array<int, 12> leader = PolicyCounts(*s, 1);
  const std::array<int, 12> rear = PolicyCounts(*s, 0);
  EXPECT_GT(leader[6], rear[6]);
  EXPECT_LT(leader[11], rear[11]);
}

TEST(KalimamboHeuristics, OnlyTheCardsInHandAreDrawn) {
  auto s = Position("kalimambo(players=2)")
               .Track("R 0 1 K")
               .Hand(0, {2, 5, 9})
               .Hand(1, {0, 1, 11})
               .Build();
  const std::array<int, 12> counts = PolicyCounts(*s, 0);
  EXPECT_EQ(counts[2] + counts[5] + counts[9], 2000);
  EXPECT_GT(counts[5], 0);
}

TEST(KalimamboHeuristics, FewerMinusPointsAreWorthMore) {
  auto s = Position("kalimambo(players=2)").Track("R 0 1 K").Minus(1, 4).Build();
  EXPECT_GT(ShareOfSeat0(*s), 0.5);
  const PlayerValues shares = s->game().rollout_policy()->Evaluate(*s);
  EXPECT_NEAR(shares[0] + shares[1], 1.0, 1e-12);
}

TEST(KalimamboHeuristics, HighCardsInHandAreWorthMoreThanLowOnes) {
  // Level on points, the same places in mirror: seat 0 keeps 9 and 11, seat 1 keeps 2 and 3.
  auto s =
      Position("kalimambo(players=2)").Track("R 0 K 1").Hand(0, {9, 11}).Hand(1, {2, 3}).Build();
  EXPECT_GT(ShareOfSeat0(*s), 0.6);
}

TEST(KalimamboHeuristics, ALeadCountsMoreAsTheRoundsRunOut) {
  // The same 2-point lead with ten rounds to play and with one; every hand alike.
  auto early = Position("kalimambo(players=3)")
                   .Track("R 0 1 2 K")
                   .Hand(0, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
                   .Hand(1, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
                   .Hand(2, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
                   .Minus(1, 2)
                   .Minus(2, 2)
                   .Build();
  auto late = Position("kalimambo(players=3)")
                  .Track("R 0 1 2 K")
                  .Hand(0, {5})
                  .Hand(1, {5})
                  .Hand(2, {5})
                  .Minus(1, 2)
                  .Minus(2, 2)
                  .Build();
  EXPECT_GT(ShareOfSeat0(*early), 1.0 / 3);
  EXPECT_GT(ShareOfSeat0(*late), ShareOfSeat0(*early) + 0.1);
}

TEST(KalimamboHeuristics, TheDecisionStaysPutBeforeAHeap) {
  // Explorer 0 stands directly in front of the rhino, the first free space ahead of the group
  // holds a heap, and Kali leads. The 0 keeps explorer 0 where the rhino cannot reach it and keeps
  // the 11 in hand; the 11 walks it onto the heap (or past it only if others move first). The
  // draw of the rollout policy plays either; the decision plays the 0 whatever its samples.
  auto s =
      Position("kalimambo(players=2)").Track("R 0 1 K *").Hand(0, {0, 11}).Hand(1, {0, 11}).Build();
  ActionList legal;
  s->LegalActions(0, legal);
  const RolloutPolicy& policy = *s->game().rollout_policy();
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    Rng rng(seed);
    EXPECT_EQ(policy.Decide(*s, 0, legal, rng), 0) << "seed " << seed;
  }
  int drawn_zero = 0;
  Rng rng(1);
  for (int i = 0; i < 100; ++i) drawn_zero += policy.Choose(*s, 0, legal, rng) == 0;
  EXPECT_GT(drawn_zero, 0);
  EXPECT_LT(drawn_zero, 100);
}

}  // namespace
}  // namespace savanna::kalimambo::testing
