// Statistics of a simulation: wins as summed returns, win rates with Wilson 95% intervals
// (WilsonInterval is declared in simulation.h), seat advantage, ratings, and distributions of
// game length and scores.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "sim/byte_io.h"
#include "sim/simulation.h"

namespace savanna {

// The value at fraction q of a sorted sample (linear interpolation between ranks).
double Quantile(const std::vector<double>& sorted, double q);

// A sample kept as the count of each distinct value: constant memory for the whole numbers and
// few distinct values of game lengths and scores, and mergeable by adding counts. Describe()
// gives exactly (to the bit) what Describe of the values in a vector gives: the sums run over
// the values in ascending order either way.
class ValueCounts {
 public:
  void Add(double value, int64_t count = 1);
  void Merge(const ValueCounts& other);
  int64_t size() const { return size_; }
  const std::map<double, int64_t>& counts() const { return counts_; }
  Distribution Describe() const;
  // For checkpoints; Load adds what Save wrote, false if it is malformed.
  void Save(ByteWriter& out) const;
  bool Load(ByteReader& in);

 private:
  // The value of rank `rank` (0-based) in ascending order; rank < size().
  double AtRank(int64_t rank) const;
  double Quantile(double q) const;

  std::map<double, int64_t> counts_;
  int64_t size_ = 0;
};

// Mean, standard deviation (n - 1), extremes, deciles and a histogram: bins of width 1 when the
// values are whole numbers spanning at most 60, else 30 bins.
Distribution Describe(const std::vector<double>& values);

}  // namespace savanna
