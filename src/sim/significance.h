// The tests behind the report's verdicts: whether a seat wins its fair share, whether two
// estimates differ, and the adjustment of many p-values tested at once (Holm's method, which
// bounds the chance of any false verdict, or Benjamini-Hochberg's, which bounds the expected
// share of false verdicts among those made).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace savanna {

// The two-sided p-value of the score test that a seat's true win rate is `share` (0 < share < 1),
// given `wins` (summed returns) in `games`: z = (wins / games - share) / sqrt(share (1 - share) /
// games). The Wilson interval is this test inverted, so p < 0.05 exactly when the 95% Wilson
// interval excludes `share`. No games: 1.
double FairShareP(double wins, double games, double share);

// Two-sided p-values of a z (standard normal) and of a t statistic with `df` > 0 degrees of
// freedom.
double TwoSidedNormalP(double z);
double TwoSidedStudentTP(double t, double df);

enum class Correction { kHolm, kBenjaminiHochberg };
// "holm" or "bh"; errors name the allowed values.
Result<Correction> ParseCorrection(std::string_view text);
// "Holm's method" or "Benjamini-Hochberg".
std::string CorrectionName(Correction correction);

// Adjusted p-values in the order given; a verdict at level a is adjusted p < a.
// Holm (1979): sorted ascending p(1) <= ... <= p(m), the adjusted p(i) is the largest of
// min(1, (m - j + 1) p(j)) over j <= i. It keeps the chance of any false verdict under a
// whatever the dependence between the tests.
std::vector<double> HolmAdjusted(const std::vector<double>& p);
// Benjamini-Hochberg (1995): the adjusted p(i) is the smallest of min(1, m p(j) / j) over
// j >= i. It keeps the expected share of false verdicts among the verdicts under a, for
// independent or positively dependent tests.
std::vector<double> BenjaminiHochbergAdjusted(const std::vector<double>& p);
std::vector<double> Adjusted(Correction correction, const std::vector<double>& p);

// The difference b - a of two estimates with its 95% interval and the two-sided p-value of no
// difference: estimate / se against Student's t with `df` degrees of freedom (a normal when df is
// infinite). se 0: the interval is the difference alone, and p is 1 when it is 0, else 0.
struct Difference {
  double estimate = 0, se = 0, df = 0;
  double ci95_low = 0, ci95_high = 0;
  double p = 1;
};
Difference DifferenceFromSe(double estimate, double se, double df);
// Of two independent estimates with standard errors and degrees of freedom: se is
// sqrt(se_a^2 + se_b^2), df Welch-Satterthwaite's.
Difference IndependentDifference(double a, double se_a, double df_a, double b, double se_b,
                                 double df_b);

}  // namespace savanna
