// The report's tests on hand-made data: the fair-share score test (against its closed form and
// against the Wilson interval it inverts), Holm's and Benjamini-Hochberg's adjusted p-values
// (computed by hand, and Benjamini and Hochberg's own 15-test example of 1995), and differences
// with their intervals (reference values computed independently with mpmath to 30 digits).
#include "sim/significance.h"

#include <gtest/gtest.h>

#include <cmath>

#include "sim/distributions.h"
#include "sim/simulation.h"

namespace savanna {
namespace {

void ExpectClose(double actual, double expected, double relative = 1e-12) {
  EXPECT_NEAR(actual, expected, relative * std::abs(expected)) << expected;
}

TEST(SignificanceTest, TailsOfTheNormalAndOfStudentsT) {
  // 2 (1 - Phi(2)) and the two-sided t p-value of t = 2.5 with 5 degrees of freedom.
  ExpectClose(TwoSidedNormalP(2), 0.0455002638963584144);
  ExpectClose(TwoSidedNormalP(-2), 0.0455002638963584144);
  ExpectClose(TwoSidedStudentTP(2.5, 5), 0.0544900993423762328);
  EXPECT_EQ(TwoSidedNormalP(0), 1.0);
  // Far tails without cancellation: 1 - cdf would be 0 here.
  EXPECT_GT(NormalUpperTail(12), 0.0);
  EXPECT_LT(NormalUpperTail(12), 1e-32);
}

TEST(SignificanceTest, FairShareIsTheScoreTest) {
  // 60 wins of 100 against 1/2: z = 0.1 / sqrt(0.25 / 100) = 2.
  ExpectClose(FairShareP(60, 100, 0.5), 0.0455002638963584144);
  EXPECT_EQ(FairShareP(50, 100, 0.5), 1.0);
  EXPECT_EQ(FairShareP(0, 0, 0.25), 1.0);
}

// p < 0.05 exactly when the Wilson 95% interval excludes the share: the summary's verdicts
// before correction are the intervals' verdicts.
TEST(SignificanceTest, FairShareAgreesWithTheWilsonInterval) {
  int excluded = 0;
  for (int games : {20, 97, 400, 2000})
    for (int players : {2, 3, 4, 5})
      for (int k = 0; k <= 40; ++k) {
        const double wins = games * k / 40.0 + 0.25;  // avoid exact boundaries
        if (wins > games) continue;
        const double share = 1.0 / players;
        const auto [lo, hi] = WilsonInterval(wins, games);
        const bool outside = share < lo || share > hi;
        excluded += outside;
        EXPECT_EQ(FairShareP(wins, games, share) < 0.05, outside)
            << wins << " of " << games << " against " << share;
      }
  EXPECT_GT(excluded, 100);
}

TEST(SignificanceTest, HolmAndBenjaminiHochbergByHand) {
  // Sorted: 0.005, 0.01, 0.03, 0.04 (m = 4).
  // Holm: 4 x 0.005 = 0.02; 3 x 0.01 = 0.03; 2 x 0.03 = 0.06; 1 x 0.04 = 0.04, raised to 0.06.
  // BH from the largest: 0.04; 4/3 x 0.03 = 0.04; 4/2 x 0.01 = 0.02; 4 x 0.005 = 0.02.
  const std::vector<double> p = {0.01, 0.04, 0.03, 0.005};
  const std::vector<double> holm = HolmAdjusted(p);
  const std::vector<double> bh = BenjaminiHochbergAdjusted(p);
  const std::vector<double> holm_expected = {0.03, 0.06, 0.06, 0.02};
  const std::vector<double> bh_expected = {0.02, 0.04, 0.04, 0.02};
  for (size_t k = 0; k < p.size(); ++k) {
    ExpectClose(holm[k], holm_expected[k]);
    ExpectClose(bh[k], bh_expected[k]);
  }
  EXPECT_EQ(Adjusted(Correction::kHolm, p), holm);
  EXPECT_EQ(Adjusted(Correction::kBenjaminiHochberg, p), bh);
  // Capped at 1; one test is its own adjustment; none is none.
  EXPECT_EQ(HolmAdjusted({0.6, 0.7}), (std::vector<double>{1.0, 1.0}));
  EXPECT_EQ(BenjaminiHochbergAdjusted({0.6, 0.7}), (std::vector<double>{0.7, 0.7}));
  EXPECT_EQ(HolmAdjusted({0.02}), (std::vector<double>{0.02}));
  EXPECT_TRUE(HolmAdjusted({}).empty());
  // Equal p-values get equal adjustments.
  const std::vector<double> tied = HolmAdjusted({0.01, 0.01, 0.5});
  EXPECT_EQ(tied[0], tied[1]);
  ExpectClose(tied[0], 0.03);
}

// Benjamini and Hochberg (1995), section 4: of these 15 p-values, their procedure at 0.05
// rejects the four smallest, and the Bonferroni-type procedures (Holm's among them) the three
// smallest.
TEST(SignificanceTest, BenjaminiHochbergPaperExample) {
  const std::vector<double> p = {0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344,
                                 0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.000};
  auto rejected = [](const std::vector<double>& adjusted) {
    int n = 0;
    for (double a : adjusted) n += a < 0.05;
    return n;
  };
  const std::vector<double> bh = BenjaminiHochbergAdjusted(p);
  const std::vector<double> holm = HolmAdjusted(p);
  EXPECT_EQ(rejected(bh), 4);
  EXPECT_EQ(rejected(holm), 3);
  // By hand: BH's fourth is min over j >= 4 of 15 p(j) / j, reached at j = 4: 15 x 0.0095 / 4;
  // the fifth at j = 5: 15 x 0.0201 / 5. Holm's third: 13 x 0.0019; fourth: 12 x 0.0095.
  ExpectClose(bh[3], 0.035625);
  ExpectClose(bh[4], 0.0603);
  ExpectClose(holm[2], 0.0247);
  ExpectClose(holm[3], 0.114);
  for (size_t k = 0; k < p.size(); ++k) {
    EXPECT_GE(holm[k], bh[k]) << "Holm is never less strict than BH";
    EXPECT_GE(bh[k], p[k]);
  }
}

TEST(SignificanceTest, Differences) {
  // Normal: se = sqrt(0.03^2 + 0.04^2) = 0.05, z = 2.
  const Difference normal = IndependentDifference(0.5, 0.03, HUGE_VAL, 0.6, 0.04, HUGE_VAL);
  ExpectClose(normal.estimate, 0.1);
  ExpectClose(normal.se, 0.05);
  ExpectClose(normal.p, 0.0455002638963584144);
  ExpectClose(normal.ci95_low, 0.1 - 1.95996398454005423552 * 0.05, 1e-9);
  ExpectClose(normal.ci95_high, 0.1 + 1.95996398454005423552 * 0.05);
  // Welch-Satterthwaite with 10 and 20 degrees of freedom: 29.9043062200956937799.
  const Difference welch = IndependentDifference(0.5, 0.03, 10, 0.6, 0.04, 20);
  ExpectClose(welch.df, 29.9043062200956937799);
  ExpectClose(welch.p, 0.0546546006839219342, 1e-10);
  ExpectClose(welch.ci95_low, -0.00212732695901295537, 1e-8);
  ExpectClose(welch.ci95_high, 0.202127326959012966, 1e-10);
  // No variance: a difference of 0 is no evidence, any other is certain.
  EXPECT_EQ(DifferenceFromSe(0, 0, 10).p, 1.0);
  EXPECT_EQ(DifferenceFromSe(0.2, 0, 10).p, 0.0);
  EXPECT_EQ(DifferenceFromSe(0.2, 0, 10).ci95_low, 0.2);
}

TEST(SignificanceTest, ParsesTheCorrection) {
  EXPECT_EQ(*ParseCorrection("holm"), Correction::kHolm);
  EXPECT_EQ(*ParseCorrection("bh"), Correction::kBenjaminiHochberg);
  const auto bad = ParseCorrection("bonferroni");
  ASSERT_FALSE(bad.has_value());
  EXPECT_NE(bad.error().message.find("holm, bh"), std::string::npos);
}

}  // namespace
}  // namespace savanna
