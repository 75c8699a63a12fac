// Pairwise results, the Bradley-Terry fit and its bootstrap.
#include "sim/ratings.h"

#include <algorithm>
#include <cmath>

#include "core/rng.h"
#include "sim/statistics.h"

namespace savanna {
namespace {

constexpr int kMaxIterations = 10000;
constexpr double kTolerance = 1e-10;
constexpr double kPriorGames = 1.0;  // one drawn game between every two slots

}  // namespace

void AddPairwise(const GameOutcome& outcome, PairwiseWins& wins) {
  const size_t n = outcome.seat_agent.size();
  for (size_t s = 0; s < n; ++s)
    for (size_t t = s + 1; t < n; ++t) {
      const int a = outcome.seat_agent[s], b = outcome.seat_agent[t];
      const double ra = outcome.returns[s], rb = outcome.returns[t];
      if (a == b || (ra == 0 && rb == 0)) continue;
      if (ra > rb) {
        wins[a][b] += 1;
      } else if (rb > ra) {
        wins[b][a] += 1;
      } else {
        wins[a][b] += 0.5;
        wins[b][a] += 0.5;
      }
    }
}

std::vector<double> FitBradleyTerry(const PairwiseWins& wins) {
  const size_t k = wins.size();
  std::vector<double> strength(k, 1.0), total_wins(k, 0.0);
  std::vector<std::vector<double>> games(k, std::vector<double>(k, 0.0));
  for (size_t i = 0; i < k; ++i)
    for (size_t j = 0; j < k; ++j) {
      if (i == j) continue;
      games[i][j] = wins[i][j] + wins[j][i] + kPriorGames;
      total_wins[i] += wins[i][j] + kPriorGames / 2;
    }
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    double change = 0;
    std::vector<double> next(k);
    for (size_t i = 0; i < k; ++i) {
      double denominator = 0;
      for (size_t j = 0; j < k; ++j)
        if (j != i) denominator += games[i][j] / (strength[i] + strength[j]);
      next[i] = denominator > 0 ? total_wins[i] / denominator : 1.0;
    }
    // Only ratios matter: fix the geometric mean at 1.
    double log_mean = 0;
    for (double s : next) log_mean += std::log(s) / double(k);
    for (size_t i = 0; i < k; ++i) {
      const double s = next[i] / std::exp(log_mean);
      change = std::max(change, std::abs(std::log(s / strength[i])));
      strength[i] = s;
    }
    if (change < kTolerance) break;
  }
  std::vector<double> elo(k);
  for (size_t i = 0; i < k; ++i) elo[i] = 400 * std::log10(strength[i]);
  return elo;
}

std::vector<Rating> RateSlots(const SimResult& result, int bootstrap, uint64_t seed) {
  const size_t k = result.agents.size();
  // The pairwise results of each deal, so that a resample draws whole deals.
  std::vector<PairwiseWins> per_deal(size_t(result.deals),
                                     PairwiseWins(k, std::vector<double>(k, 0.0)));
  PairwiseWins all(k, std::vector<double>(k, 0.0));
  for (const GameOutcome& o : result.outcomes) {
    AddPairwise(o, per_deal[size_t(o.deal)]);
    AddPairwise(o, all);
  }
  const std::vector<double> elo = FitBradleyTerry(all);
  std::vector<std::vector<double>> samples(k);
  Rng rng(seed);
  for (int b = 0; b < bootstrap; ++b) {
    PairwiseWins sum(k, std::vector<double>(k, 0.0));
    for (int64_t d = 0; d < result.deals; ++d) {
      const PairwiseWins& deal = per_deal[rng.Below(uint32_t(result.deals))];
      for (size_t i = 0; i < k; ++i)
        for (size_t j = 0; j < k; ++j) sum[i][j] += deal[i][j];
    }
    const std::vector<double> fit = FitBradleyTerry(sum);
    for (size_t i = 0; i < k; ++i) samples[i].push_back(fit[i]);
  }
  std::vector<Rating> ratings(k);
  for (size_t i = 0; i < k; ++i) {
    ratings[i].elo = elo[i];
    std::sort(samples[i].begin(), samples[i].end());
    ratings[i].ci95_low = bootstrap > 0 ? Quantile(samples[i], 0.025) : elo[i];
    ratings[i].ci95_high = bootstrap > 0 ? Quantile(samples[i], 0.975) : elo[i];
  }
  return ratings;
}

}  // namespace savanna
