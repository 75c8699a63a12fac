// The quantiles, from Boost.Math's distributions (header-only; Boost 1.81 as for the server).
// Boost reports a bad argument by throwing; the checks below make that a bug of the caller
// instead, found where it happens.
#include "sim/distributions.h"

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>

#include "core/check.h"

namespace savanna {
namespace {

bool IsProbability(double p) { return p > 0 && p < 1; }

}  // namespace

double NormalQuantile(double p) {
  SAVANNA_CHECK(IsProbability(p));
  return boost::math::quantile(boost::math::normal_distribution<double>(), p);
}

double StudentTQuantile(double p, double df) {
  SAVANNA_CHECK(IsProbability(p) && df > 0);
  return boost::math::quantile(boost::math::students_t_distribution<double>(df), p);
}

double ChiSquaredQuantile(double p, double df) {
  SAVANNA_CHECK(IsProbability(p) && df > 0);
  return boost::math::quantile(boost::math::chi_squared_distribution<double>(df), p);
}

double NormalUpperTail(double x) {
  SAVANNA_CHECK(!std::isnan(x));
  return boost::math::cdf(boost::math::complement(boost::math::normal_distribution<double>(), x));
}

double StudentTUpperTail(double x, double df) {
  SAVANNA_CHECK(!std::isnan(x) && df > 0);
  return boost::math::cdf(
      boost::math::complement(boost::math::students_t_distribution<double>(df), x));
}

}  // namespace savanna
