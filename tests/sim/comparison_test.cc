// Differences between two configurations on hand-made deals: ratios and their standard errors by
// hand, the paired and the independent difference, and the correction over the figures.
#include "sim/comparison.h"

#include <gtest/gtest.h>

#include <cmath>

namespace savanna {
namespace {

// A two-player game of deal `deal`: seat 0's return, the winners, the drama.
GameOutcome Game(int64_t deal, double p0, bool comeback = false, bool tie = false) {
  GameOutcome o;
  o.index = deal;
  o.deal = deal;
  o.returns = tie ? std::vector<double>{0.5, 0.5} : std::vector<double>{p0, 1 - p0};
  o.scores = {10 * p0, 10 * (1 - p0)};
  o.winners = tie ? std::vector<int>{0, 1} : std::vector<int>{p0 > 0.5 ? 0 : 1};
  o.length = 20;
  o.drama.decided_at = tie ? -1 : 10;
  o.drama.comeback = comeback;
  return o;
}

DealFigures SeatZeroWins(const std::vector<double>& p0) {
  DealFigures d(2);
  for (size_t k = 0; k < p0.size(); ++k) d.Add(Game(int64_t(k), p0[k]));
  return d;
}

void ExpectRelativelyClose(double actual, double expected) {
  EXPECT_NEAR(actual, expected, 1e-12 * std::max(1.0, std::abs(expected)));
}

// A: seat 0 wins deals 0, 2, 3 (advantage 0.75 - 0.5); B: deals 0 and 3 (advantage 0).
// A's deviations 0.25, -0.75, 0.25, 0.25: sum of squares 0.75, se sqrt(0.75 / 3 / 4) = 0.25.
// B's 0.5, -0.5, -0.5, 0.5: se sqrt(1 / 3 / 4). Paired: B - A per deal 0.25, 0.25, -0.75,
// 0.25: se 0.25 on 3 degrees of freedom, t = -1, p = 0.3910022189557706 (mpmath).
TEST(ComparisonTest, PairedAndIndependentDifferencesByHand) {
  const DealFigures a = SeatZeroWins({1, 0, 1, 1});
  const DealFigures b = SeatZeroWins({1, 0, 0, 1});
  const RatioEstimate ea = EstimateFigure(a, 0, 0.5);
  ExpectRelativelyClose(ea.value, 0.25);
  ExpectRelativelyClose(ea.se, 0.25);
  ExpectRelativelyClose(EstimateFigure(b, 0).se, std::sqrt(1.0 / 12));
  const Comparison paired = CompareFigures(a, b, true, "same deals", Correction::kHolm);
  ASSERT_EQ(paired.figures[0].figure.name, "P0 advantage");
  const Difference& d = paired.figures[0].difference;
  ExpectRelativelyClose(d.estimate, -0.25);
  ExpectRelativelyClose(d.se, 0.25);
  ExpectRelativelyClose(d.df, 3);
  EXPECT_NEAR(d.p, 0.3910022189557706, 1e-12);
  ExpectRelativelyClose(d.ci95_low, -0.25 - 3.182446305284263 * 0.25);
  ExpectRelativelyClose(d.ci95_high, -0.25 + 3.182446305284263 * 0.25);
  EXPECT_EQ(paired.pairing, "same deals");
  // Independent: se sqrt(0.0625 + 1/12), Welch's df 5.88, p 0.53744034442667371 (mpmath).
  const Comparison independent = CompareFigures(a, b, false, "", Correction::kHolm);
  const Difference& i = independent.figures[0].difference;
  ExpectRelativelyClose(i.se, std::sqrt(0.0625 + 1.0 / 12));
  ExpectRelativelyClose(i.df, 5.88);
  EXPECT_NEAR(i.p, 0.5374403444266737, 1e-10);
  EXPECT_FALSE(independent.paired);
}

// A ratio with weights: the comeback rate counts sole wins only. Values 1, 0, 0, 1 over weights
// 1, 0, 1, 1 (deal 1 tied): 2/3; deviations (v - 2/3 w) / (3/4): 4/9, 0, -8/9, 4/9, sum of
// squares 96/81, se sqrt(96/81 / 3 / 4) = sqrt(8/81).
TEST(ComparisonTest, RatiosWithWeightsByHand) {
  DealFigures d(2);
  d.Add(Game(0, 1, true));
  d.Add(Game(1, 0, false, true));
  d.Add(Game(2, 1, false));
  d.Add(Game(3, 0, true));
  const std::vector<FigureInfo> figures = Figures(2);
  size_t comeback = 0;
  while (figures[comeback].name != "comeback rate") ++comeback;
  const RatioEstimate e = EstimateFigure(d, comeback);
  ExpectRelativelyClose(e.value, 2.0 / 3);
  ExpectRelativelyClose(e.se, std::sqrt(8.0 / 81));
  EXPECT_EQ(e.deals, 4);
  // Tie rate: one of four.
  ExpectRelativelyClose(EstimateFigure(d, comeback - 3).value, 0.25);
}

// The p-values of all figures are adjusted together, and a figure no game defines is left out.
TEST(ComparisonTest, EveryFigureCorrectedAndUndefinedOnesLeftOut) {
  DealFigures a(2), b(2);
  for (int deal = 0; deal < 40; ++deal) {
    a.Add(Game(deal, deal % 2, false, true));  // every game tied: no sole win
    b.Add(Game(deal, deal % 3 == 0, false, true));
  }
  const Comparison c = CompareFigures(a, b, true, "", Correction::kHolm);
  std::vector<double> p;
  for (const FigureDifference& fd : c.figures) {
    EXPECT_NE(fd.figure.name, "decided at");
    EXPECT_NE(fd.figure.name, "comeback rate");
    p.push_back(fd.difference.p);
  }
  const std::vector<double> holm = HolmAdjusted(p);
  for (size_t k = 0; k < c.figures.size(); ++k) EXPECT_EQ(c.figures[k].adjusted_p, holm[k]);
}

// Different player counts: the seats both have are compared by their advantage over their own
// fair shares.
TEST(ComparisonTest, DifferentPlayerCountsCompareTheCommonSeats) {
  DealFigures a(2), b(3);
  for (int deal = 0; deal < 10; ++deal) {
    a.Add(Game(deal, deal % 2));
    GameOutcome o;
    o.deal = deal;
    o.returns = {1, 0, 0};
    o.scores = {3, 1, 0};
    o.winners = {0};
    o.length = 9;
    b.Add(o);
  }
  const Comparison c = CompareFigures(a, b, false, "", Correction::kHolm);
  ASSERT_EQ(c.figures[0].figure.name, "P0 advantage");
  ExpectRelativelyClose(c.figures[0].a.value, 0.0);
  ExpectRelativelyClose(c.figures[0].b.value, 2.0 / 3);
  EXPECT_EQ(c.figures[2].figure.name, "tie rate");
}

}  // namespace
}  // namespace savanna
