// WilsonInterval against values computed by hand from the formula
//   center = (p + z^2/2n) / (1 + z^2/n),  half = z sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n)
// with z = 1.959964 (the standard normal's 97.5% quantile to 7 digits).
#include <gtest/gtest.h>

#include "sim/simulation.h"

namespace savanna {
namespace {

constexpr double kTolerance = 1e-6;

TEST(WilsonIntervalTest, NoSuccessOutOfTen) {
  const auto [low, high] = WilsonInterval(0, 10);
  EXPECT_NEAR(low, 0.0, kTolerance);
  EXPECT_NEAR(high, 0.277532803, kTolerance);
}

TEST(WilsonIntervalTest, FiveOutOfTen) {
  const auto [low, high] = WilsonInterval(5, 10);
  EXPECT_NEAR(low, 0.236593089, kTolerance);
  EXPECT_NEAR(high, 0.763406911, kTolerance);
}

TEST(WilsonIntervalTest, TenOutOfTen) {
  const auto [low, high] = WilsonInterval(10, 10);
  EXPECT_NEAR(low, 0.722467197, kTolerance);
  EXPECT_NEAR(high, 1.0, kTolerance);
}

TEST(WilsonIntervalTest, FiftyOutOfHundred) {
  const auto [low, high] = WilsonInterval(50, 100);
  EXPECT_NEAR(low, 0.403831530, kTolerance);
  EXPECT_NEAR(high, 0.596168470, kTolerance);
}

TEST(WilsonIntervalTest, FractionalWinsFromSharedVictories) {
  const auto [low, high] = WilsonInterval(1, 3);
  EXPECT_NEAR(low, 0.061491944, kTolerance);
  EXPECT_NEAR(high, 0.792340401, kTolerance);
}

TEST(WilsonIntervalTest, NarrowsWithMoreTrialsAndStaysInsideZeroOne) {
  double previous_width = 2;
  for (double n : {10.0, 100.0, 1000.0, 10000.0}) {
    const auto [low, high] = WilsonInterval(0.3 * n, n);
    EXPECT_GE(low, 0.0);
    EXPECT_LE(high, 1.0);
    EXPECT_LT(low, 0.3);
    EXPECT_GT(high, 0.3);
    EXPECT_LT(high - low, previous_width);
    previous_width = high - low;
  }
}

TEST(WilsonIntervalTest, NoTrialsGiveTheWholeRange) {
  const auto [low, high] = WilsonInterval(0, 0);
  EXPECT_EQ(low, 0.0);
  EXPECT_EQ(high, 1.0);
}

}  // namespace
}  // namespace savanna
