// The quantiles of sim/distributions.h against published values, each computed independently
// to 30 digits (mpmath: the inverse error function for the normal, root-finding on the
// regularized incomplete beta and gamma functions for t and chi-squared), and against the
// closed forms that exist for a few degrees of freedom.
#include "sim/distributions.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "sim/simulation.h"

namespace savanna {
namespace {

// Boost.Math is accurate to a few units in the last place; 1e-12 relative is far coarser.
void ExpectQuantileClose(double actual, double expected) {
  EXPECT_NEAR(actual, expected, 1e-12 * std::abs(expected));
}

TEST(DistributionsTest, NormalQuantiles) {
  ExpectQuantileClose(NormalQuantile(0.975), 1.959963984540054);
  ExpectQuantileClose(NormalQuantile(0.995), 2.575829303548901);
  EXPECT_EQ(NormalQuantile(0.5), 0.0);
  ExpectQuantileClose(NormalQuantile(0.025), -1.959963984540054);
}

TEST(DistributionsTest, StudentTQuantiles) {
  ExpectQuantileClose(StudentTQuantile(0.975, 10), 2.228138851986275);
  ExpectQuantileClose(StudentTQuantile(0.975, 3), 3.182446305284263);
  ExpectQuantileClose(StudentTQuantile(0.975, 30), 2.042272456301238);
  ExpectQuantileClose(StudentTQuantile(0.975, 120), 1.979930405082441);
  // Closed forms: one degree of freedom is the Cauchy distribution, tan(pi (p - 1/2)); two give
  // (2p - 1) / sqrt(2p (1 - p)).
  ExpectQuantileClose(StudentTQuantile(0.975, 1), std::tan(std::numbers::pi * 0.475));
  ExpectQuantileClose(StudentTQuantile(0.975, 2), 0.95 / std::sqrt(2 * 0.975 * 0.025));
  // Many degrees of freedom approach the normal.
  EXPECT_NEAR(StudentTQuantile(0.975, 1e12), NormalQuantile(0.975), 1e-9);
}

TEST(DistributionsTest, ChiSquaredQuantiles) {
  ExpectQuantileClose(ChiSquaredQuantile(0.95, 3), 7.814727903251180);
  ExpectQuantileClose(ChiSquaredQuantile(0.95, 1), 3.841458820694126);
  ExpectQuantileClose(ChiSquaredQuantile(0.9999, 5), 25.74483195905588);
  // Two degrees of freedom: the exponential distribution of mean 2, -2 ln(1 - p).
  ExpectQuantileClose(ChiSquaredQuantile(0.95, 2), -2 * std::log(0.05));
  // One degree of freedom: the square of a standard normal.
  ExpectQuantileClose(ChiSquaredQuantile(0.9, 1), std::pow(NormalQuantile(0.95), 2));
}

TEST(DistributionsTest, WilsonIntervalDefaultsToTheNormalQuantile) {
  EXPECT_EQ(WilsonInterval(3, 10), WilsonInterval(3, 10, NormalQuantile(0.975)));
}

TEST(DistributionsDeathTest, ArgumentsOutsideTheirRangeAreBugs) {
  EXPECT_DEATH(NormalQuantile(0), "");
  EXPECT_DEATH(NormalQuantile(1), "");
  EXPECT_DEATH(StudentTQuantile(0.975, 0), "");
  EXPECT_DEATH(ChiSquaredQuantile(1.5, 3), "");
}

}  // namespace
}  // namespace savanna
