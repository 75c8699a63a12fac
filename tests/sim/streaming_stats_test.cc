// The constant-memory forms of the statistics: counts of values (mergeable, with the quantiles
// of the sorted sample), the per-deal patterns of the rating bootstrap (ids that widen past 256
// patterns), and the bootstrap over patterns against a resample summed deal by deal.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/rng.h"
#include "sim/ratings.h"
#include "sim/statistics.h"

namespace savanna {
namespace {

TEST(ValueCountsTest, QuantilesAreThoseOfTheSortedSample) {
  std::vector<double> values;
  Rng rng(3);
  ValueCounts counts;
  for (int i = 0; i < 1001; ++i) {
    const double v = double(rng.Below(17)) / 3;  // repeated, not whole
    values.push_back(v);
    counts.Add(v);
  }
  std::sort(values.begin(), values.end());
  const Distribution d = counts.Describe();
  EXPECT_EQ(d.min, values.front());
  EXPECT_EQ(d.max, values.back());
  EXPECT_EQ(d.median, Quantile(values, 0.5));
  EXPECT_EQ(d.p10, Quantile(values, 0.1));
  EXPECT_EQ(d.p90, Quantile(values, 0.9));
  int64_t total = 0;
  for (int64_t c : d.counts) total += c;
  EXPECT_EQ(total, 1001);
  EXPECT_EQ(d.counts.size(), 30u);  // not whole numbers: 30 bins
}

TEST(ValueCountsTest, MergingHalvesEqualsCountingAll) {
  ValueCounts a, b, all;
  for (int i = 0; i < 200; ++i) {
    const double v = (i * 37) % 23;
    (i % 2 ? a : b).Add(v);
    all.Add(v);
  }
  a.Merge(b);
  EXPECT_EQ(a.counts(), all.counts());
  EXPECT_EQ(a.size(), 200);
  const Distribution x = a.Describe(), y = all.Describe();
  EXPECT_EQ(x.mean, y.mean);
  EXPECT_EQ(x.sd, y.sd);
  EXPECT_EQ(x.counts, y.counts);
}

// A constant sample's mean is the constant itself, not a sum of v / n rounded n times, and its
// standard deviation is 0; a mean is the exact sum divided once.
TEST(ValueCountsTest, ConstantSampleHasItsValueAsMean) {
  for (const double v : {60.0, 48.0, 47.5, 0.1, 1.0 / 3}) {
    ValueCounts counts;
    for (int i = 0; i < 997; ++i) counts.Add(v);
    const Distribution d = counts.Describe();
    EXPECT_EQ(d.mean, v);
    EXPECT_EQ(d.sd, 0.0);
  }
  ValueCounts mixed;
  mixed.Add(1, 3);
  mixed.Add(2, 4);
  EXPECT_EQ(mixed.Describe().mean, 11.0 / 7);
}

PairwiseWins Matrix(int a, int b) { return {{0, double(a) / 2}, {double(b) / 2, 0}}; }

TEST(DealPatternsTest, KeepsEachDealsPatternAcrossWidening) {
  DealPatterns deals;
  std::vector<PairwiseWins> added;
  for (int d = 0; d < 1000; ++d) {  // 600 distinct patterns: ids widen from 1 to 2 bytes
    const PairwiseWins m = Matrix(d % 600, (d * 7) % 3);
    deals.Add(m);
    added.push_back(m);
  }
  ASSERT_EQ(deals.size(), 1000);
  EXPECT_LE(deals.patterns().size(), 1000u);
  EXPECT_GT(deals.patterns().size(), 256u);
  for (int d = 0; d < 1000; ++d) EXPECT_EQ(deals.patterns()[deals.Id(d)], added[size_t(d)]) << d;
}

// The bootstrap counts draws per pattern; a resample summed deal by deal in the draw order
// gives the same sums (half-integers add exactly), hence the same ratings.
TEST(DealPatternsTest, BootstrapMatchesResamplingDealByDeal) {
  DealPatterns deals;
  std::vector<PairwiseWins> added;
  PairwiseWins all = Matrix(0, 0);
  for (int d = 0; d < 300; ++d) {
    const PairwiseWins m = Matrix(d % 5, (d * 3) % 4);
    deals.Add(m);
    added.push_back(m);
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) all[size_t(i)][size_t(j)] += m[size_t(i)][size_t(j)];
  }
  const std::vector<Rating> ratings = RateSlots(all, deals, 40, 99);
  Rng rng(99);
  std::vector<std::vector<double>> samples(2);
  for (int b = 0; b < 40; ++b) {
    PairwiseWins sum = Matrix(0, 0);
    for (int d = 0; d < 300; ++d) {
      const PairwiseWins& m = added[rng.Below(300)];
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) sum[size_t(i)][size_t(j)] += m[size_t(i)][size_t(j)];
    }
    const std::vector<double> fit = FitBradleyTerry(sum);
    for (int i = 0; i < 2; ++i) samples[size_t(i)].push_back(fit[size_t(i)]);
  }
  for (int i = 0; i < 2; ++i) {
    std::sort(samples[size_t(i)].begin(), samples[size_t(i)].end());
    EXPECT_EQ(ratings[size_t(i)].ci95_low, Quantile(samples[size_t(i)], 0.025));
    EXPECT_EQ(ratings[size_t(i)].ci95_high, Quantile(samples[size_t(i)], 0.975));
    EXPECT_EQ(ratings[size_t(i)].elo, FitBradleyTerry(all)[size_t(i)]);
  }
}

}  // namespace
}  // namespace savanna
