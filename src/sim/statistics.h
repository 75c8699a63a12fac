// Statistics of a simulation: wins as summed returns, win rates with Wilson 95% intervals
// (WilsonInterval is declared in simulation.h), seat advantage, ratings, and distributions of
// game length and scores.
#pragma once

#include <vector>

#include "sim/simulation.h"

namespace savanna {

// Fills every statistic of `result` from result.outcomes: seats (per slot), seat_advantage,
// pairwise, ratings (with `bootstrap` resamples; only when there is more than one seating),
// mean_length, length and scores.
void Summarize(SimResult& result, int bootstrap);

// The value at fraction q of a sorted sample (linear interpolation between ranks).
double Quantile(const std::vector<double>& sorted, double q);

// Mean, standard deviation (n - 1), extremes, deciles and a histogram: bins of width 1 when the
// values are whole numbers spanning at most 60, else 30 bins.
Distribution Describe(std::vector<double> values);

}  // namespace savanna
