// Score tests, differences and multiple-testing adjustments.
#include "sim/significance.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/check.h"
#include "sim/distributions.h"

namespace savanna {
namespace {

// The indices of `p` by ascending value (ties in index order, so the result is deterministic).
std::vector<size_t> AscendingOrder(const std::vector<double>& p) {
  std::vector<size_t> order(p.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return p[a] < p[b]; });
  return order;
}

}  // namespace

double FairShareP(double wins, double games, double share) {
  SAVANNA_CHECK(share > 0 && share < 1 && wins >= 0 && wins <= games);
  if (games <= 0) return 1;
  const double z = (wins / games - share) / std::sqrt(share * (1 - share) / games);
  return TwoSidedNormalP(z);
}

double TwoSidedNormalP(double z) { return std::min(1.0, 2 * NormalUpperTail(std::abs(z))); }

double TwoSidedStudentTP(double t, double df) {
  return std::min(1.0, 2 * StudentTUpperTail(std::abs(t), df));
}

Result<Correction> ParseCorrection(std::string_view text) {
  if (text == "holm") return Correction::kHolm;
  if (text == "bh") return Correction::kBenjaminiHochberg;
  return Fail(ErrorCode::kInvalidArgument,
              "--correction: '" + std::string(text) + "' is not one of holm, bh");
}

std::string CorrectionName(Correction correction) {
  return correction == Correction::kHolm ? "Holm's method" : "Benjamini-Hochberg";
}

std::vector<double> HolmAdjusted(const std::vector<double>& p) {
  const std::vector<size_t> order = AscendingOrder(p);
  const double m = double(p.size());
  std::vector<double> adjusted(p.size());
  double running = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    running = std::max(running, std::min(1.0, (m - double(i)) * p[order[i]]));
    adjusted[order[i]] = running;
  }
  return adjusted;
}

std::vector<double> BenjaminiHochbergAdjusted(const std::vector<double>& p) {
  const std::vector<size_t> order = AscendingOrder(p);
  const double m = double(p.size());
  std::vector<double> adjusted(p.size());
  double running = 1;
  for (size_t i = order.size(); i-- > 0;) {
    running = std::min(running, std::min(1.0, m * p[order[i]] / double(i + 1)));
    adjusted[order[i]] = running;
  }
  return adjusted;
}

std::vector<double> Adjusted(Correction correction, const std::vector<double>& p) {
  return correction == Correction::kHolm ? HolmAdjusted(p) : BenjaminiHochbergAdjusted(p);
}

Difference DifferenceFromSe(double estimate, double se, double df) {
  Difference d;
  d.estimate = estimate;
  d.se = se;
  d.df = df;
  if (!(se > 0)) {
    d.ci95_low = d.ci95_high = estimate;
    d.p = estimate == 0 ? 1 : 0;
    return d;
  }
  const bool normal = !std::isfinite(df);
  const double q = normal ? NormalQuantile(0.975) : StudentTQuantile(0.975, df);
  d.ci95_low = estimate - q * se;
  d.ci95_high = estimate + q * se;
  d.p = normal ? TwoSidedNormalP(estimate / se) : TwoSidedStudentTP(estimate / se, df);
  return d;
}

Difference IndependentDifference(double a, double se_a, double df_a, double b, double se_b,
                                 double df_b) {
  const double va = se_a * se_a, vb = se_b * se_b;
  const double se = std::sqrt(va + vb);
  // Welch-Satterthwaite; a part with no variance adds nothing, an infinite df part adds 0.
  double denominator = 0;
  if (va > 0) denominator += std::isfinite(df_a) ? va * va / df_a : 0;
  if (vb > 0) denominator += std::isfinite(df_b) ? vb * vb / df_b : 0;
  const double df = denominator > 0 ? (va + vb) * (va + vb) / denominator : HUGE_VAL;
  return DifferenceFromSe(b - a, se, df);
}

}  // namespace savanna
