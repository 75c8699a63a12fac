// The Bradley-Terry fit and the pairwise results it is built on, on constructed data whose
// answer is known in closed form, and the distributions of game length and scores.
#include "sim/ratings.h"

#include <gtest/gtest.h>

#include <cmath>

#include "sim/statistics.h"

namespace savanna {
namespace {

// With two slots the maximum-likelihood strengths are in the ratio of their wins (here with the
// one drawn prior game: 300.5 : 100.5).
TEST(FitBradleyTerryTest, TwoAgentsRatioOfWins) {
  const PairwiseWins wins = {{0, 300}, {100, 0}};
  const std::vector<double> elo = FitBradleyTerry(wins);
  ASSERT_EQ(elo.size(), 2u);
  EXPECT_NEAR(elo[0] - elo[1], 400 * std::log10(300.5 / 100.5), 1e-6);
  EXPECT_NEAR(elo[0] + elo[1], 0.0, 1e-9);
}

// Results drawn exactly from known strengths (expected counts, a million games per pair, so
// that the prior is negligible) give those strengths back.
TEST(FitBradleyTerryTest, RecoversKnownStrengths) {
  const std::vector<double> strength = {1.0, 2.0, 8.0, 0.5};
  const double games = 1e6;
  PairwiseWins wins(4, std::vector<double>(4, 0.0));
  for (size_t i = 0; i < 4; ++i)
    for (size_t j = 0; j < 4; ++j)
      if (i != j) wins[i][j] = games * strength[i] / (strength[i] + strength[j]) / 2;
  const std::vector<double> elo = FitBradleyTerry(wins);
  double mean_log = 0;
  for (double s : strength) mean_log += std::log10(s) / 4;
  for (size_t i = 0; i < 4; ++i)
    EXPECT_NEAR(elo[i], 400 * (std::log10(strength[i]) - mean_log), 0.05) << i;
}

TEST(FitBradleyTerryTest, NeverMetOrUnbeatenStayFinite) {
  const PairwiseWins wins = {{0, 50, 0}, {0, 0, 0}, {0, 0, 0}};
  for (double e : FitBradleyTerry(wins)) EXPECT_TRUE(std::isfinite(e));
}

TEST(AddPairwiseTest, WinnersBeatLosersAndLosersSayNothing) {
  GameOutcome o;
  o.seat_agent = {0, 1, 1, 2};
  o.returns = {1, 0, 0, 0};
  PairwiseWins wins(3, std::vector<double>(3, 0.0));
  AddPairwise(o, wins);
  EXPECT_EQ(wins[0][1], 2);  // slot 0 beat both seats of slot 1
  EXPECT_EQ(wins[0][2], 1);
  EXPECT_EQ(wins[1][2] + wins[2][1], 0);  // two losers
  // A shared win (seats 0 and 1): half each between the winners, and each winner beats the
  // losers of other slots: slot 0 beats the seat-2 loser of slot 1 and slot 2.
  o.returns = {0.5, 0.5, 0, 0};
  AddPairwise(o, wins);
  EXPECT_EQ(wins[0][1], 2 + 0.5 + 1);
  EXPECT_EQ(wins[1][0], 0.5);
  EXPECT_EQ(wins[0][2], 2);
  EXPECT_EQ(wins[1][2], 1);
}

TEST(DescribeTest, MomentsQuantilesAndHistogram) {
  std::vector<double> values;
  for (int v = 1; v <= 10; ++v) values.push_back(v);
  const Distribution d = Describe(values);
  EXPECT_DOUBLE_EQ(d.mean, 5.5);
  EXPECT_NEAR(d.sd, 3.0276503541, 1e-9);
  EXPECT_DOUBLE_EQ(d.min, 1);
  EXPECT_DOUBLE_EQ(d.max, 10);
  EXPECT_DOUBLE_EQ(d.median, 5.5);
  EXPECT_NEAR(d.p10, 1.9, 1e-12);
  EXPECT_NEAR(d.p90, 9.1, 1e-12);
  EXPECT_EQ(d.bin_width, 1);
  EXPECT_EQ(d.counts, std::vector<int64_t>(10, 1));
  const Distribution wide = Describe({0.0, 0.25, 100.0});
  EXPECT_EQ(wide.counts.size(), 30u);
  EXPECT_EQ(wide.counts.front(), 2);
  EXPECT_EQ(wide.counts.back(), 1);
}

}  // namespace
}  // namespace savanna
