// Quantiles of the distributions behind the simulation's intervals: the standard normal (Wilson
// intervals of rates), Student's t (intervals of means) and chi-squared (goodness of fit), and
// the upper tails of the first two (p-values). They are computed by Boost.Math, not by series of
// our own; the header names no Boost type.
#pragma once

namespace savanna {

// The value below which the share `p` of the distribution lies (0 < p < 1): quantile(0.975)
// is the bound of a two-sided 95% interval. A `p` or `df` outside its range is a bug (checked).
double NormalQuantile(double p);                 // the standard normal
double StudentTQuantile(double p, double df);    // Student's t, df > 0 degrees of freedom
double ChiSquaredQuantile(double p, double df);  // chi-squared, df > 0 degrees of freedom

// The share of the distribution above `x` (1 - cdf, computed without cancellation): the
// p-values of the report's tests (sim/significance.h).
double NormalUpperTail(double x);
double StudentTUpperTail(double x, double df);  // df > 0

}  // namespace savanna
