// Wilson intervals, quantiles and distributions kept as counts of values.
#include "sim/statistics.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/check.h"
#include "sim/exact_sum.h"

namespace savanna {
namespace {

constexpr int kMaxUnitBins = 60;
constexpr int kBins = 30;

}  // namespace

std::pair<double, double> WilsonInterval(double successes, double trials, double z) {
  if (trials <= 0) return {0.0, 1.0};
  const double p = successes / trials;
  const double z2 = z * z;
  const double denominator = 1 + z2 / trials;
  const double center = (p + z2 / (2 * trials)) / denominator;
  const double half =
      z * std::sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator;
  return {std::max(0.0, center - half), std::min(1.0, center + half)};
}

double Quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double pos = q * double(sorted.size() - 1);
  const size_t lo = size_t(pos);
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (pos - double(lo)) * (sorted[hi] - sorted[lo]);
}

void ValueCounts::Add(double value, int64_t count) {
  SAVANNA_CHECK(count > 0 && value == value);  // no NaN
  counts_[value] += count;
  size_ += count;
}

void ValueCounts::Merge(const ValueCounts& other) {
  for (const auto& [value, count] : other.counts_) Add(value, count);
}

void ValueCounts::Save(ByteWriter& out) const {
  out.I64(int64_t(counts_.size()));
  for (const auto& [value, count] : counts_) {
    out.F64(value);
    out.I64(count);
  }
}

bool ValueCounts::Load(ByteReader& in) {
  const int64_t entries = in.Count(int64_t(1) << 32);
  for (int64_t e = 0; e < entries && in.ok(); ++e) {
    const double value = in.F64();
    const int64_t count = in.I64();
    if (!in.ok() || count <= 0 || value != value) return false;
    Add(value, count);
  }
  return in.ok();
}

double ValueCounts::AtRank(int64_t rank) const {
  for (const auto& [value, count] : counts_) {
    if (rank < count) return value;
    rank -= count;
  }
  SAVANNA_CHECK_MSG(false, "rank beyond the sample");
  return 0;
}

// As Quantile over the sorted sample.
double ValueCounts::Quantile(double q) const {
  if (size_ == 0) return 0;
  const double pos = q * double(size_ - 1);
  const int64_t lo = int64_t(pos);
  const int64_t hi = std::min(lo + 1, size_ - 1);
  const double low = AtRank(lo), high = AtRank(hi);
  return low + (pos - double(lo)) * (high - low);
}

Distribution ValueCounts::Describe() const {
  Distribution d;
  if (size_ == 0) return d;
  const double n = double(size_);
  // The exact sum's quotient (sim/exact_sum.h): a constant sample's mean is that constant, to
  // the bit (summing v / n term by term left 60 games of length 60 at 60.00000000000058).
  ExactSum sum;
  for (const auto& [v, count] : counts_) sum.Add(v, count);
  d.mean = sum.Mean(size_);
  double squares = 0;
  for (const auto& [v, count] : counts_)
    for (int64_t c = 0; c < count; ++c) squares += (v - d.mean) * (v - d.mean);
  d.sd = size_ > 1 ? std::sqrt(squares / (n - 1)) : 0;
  d.min = counts_.begin()->first;
  d.max = counts_.rbegin()->first;
  d.p10 = Quantile(0.1);
  d.median = Quantile(0.5);
  d.p90 = Quantile(0.9);
  bool whole = true;
  for (const auto& entry : counts_) whole = whole && entry.first == std::floor(entry.first);
  const double span = d.max - d.min;
  int bins = kBins;
  if (whole && span <= kMaxUnitBins) {
    d.bin_width = 1;
    bins = int(span) + 1;
  } else {
    d.bin_width = span > 0 ? span / kBins : 1;
  }
  d.counts.assign(size_t(bins), 0);
  for (const auto& [v, count] : counts_)
    d.counts[size_t(std::min(bins - 1, int((v - d.min) / d.bin_width)))] += count;
  return d;
}

Distribution Describe(const std::vector<double>& values) {
  ValueCounts counts;
  for (double v : values) counts.Add(v);
  return counts.Describe();
}

}  // namespace savanna
