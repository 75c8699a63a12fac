// Wilson intervals, per-slot and per-seat summaries, and distributions.
#include "sim/statistics.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

#include "core/check.h"
#include "core/rng.h"
#include "sim/ratings.h"

namespace savanna {
namespace {

constexpr int kMaxUnitBins = 60;
constexpr int kBins = 30;
// The bootstrap's seed stream, derived from the simulation's master seed.
constexpr uint64_t kBootstrapStream = 0xB007;

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

Distribution Describe(std::vector<double> values) {
  Distribution d;
  if (values.empty()) return d;
  std::sort(values.begin(), values.end());
  const double n = double(values.size());
  for (double v : values) d.mean += v / n;
  double squares = 0;
  for (double v : values) squares += (v - d.mean) * (v - d.mean);
  d.sd = values.size() > 1 ? std::sqrt(squares / (n - 1)) : 0;
  d.min = values.front();
  d.max = values.back();
  d.p10 = Quantile(values, 0.1);
  d.median = Quantile(values, 0.5);
  d.p90 = Quantile(values, 0.9);
  const bool whole =
      std::all_of(values.begin(), values.end(), [](double v) { return v == std::floor(v); });
  const double span = d.max - d.min;
  int bins = kBins;
  if (whole && span <= kMaxUnitBins) {
    d.bin_width = 1;
    bins = int(span) + 1;
  } else {
    d.bin_width = span > 0 ? span / kBins : 1;
  }
  d.counts.assign(size_t(bins), 0);
  for (double v : values) ++d.counts[size_t(std::min(bins - 1, int((v - d.min) / d.bin_width)))];
  return d;
}

void Summarize(SimResult& result, int bootstrap) {
  const int slots = int(result.agents.size());
  const int players = result.players;
  std::vector<double> wins(slots, 0.0), score_sums(slots, 0.0), seat_wins(players, 0.0);
  std::vector<int64_t> appearances(slots, 0);
  std::vector<std::vector<double>> slot_scores(slots);
  std::vector<double> lengths;
  result.pairwise.assign(size_t(slots), std::vector<double>(size_t(slots), 0.0));
  for (const GameOutcome& outcome : result.outcomes) {
    for (size_t seat = 0; seat < outcome.seat_agent.size(); ++seat) {
      const int slot = outcome.seat_agent[seat];
      SAVANNA_CHECK(slot >= 0 && slot < slots);
      wins[slot] += outcome.returns[seat];
      score_sums[slot] += outcome.scores[seat];
      slot_scores[slot].push_back(outcome.scores[seat]);
      seat_wins[seat] += outcome.returns[seat];
      ++appearances[slot];
    }
    lengths.push_back(outcome.length);
    AddPairwise(outcome, result.pairwise);
  }
  result.seats.assign(slots, AgentSummary{});
  result.scores.clear();
  for (int slot = 0; slot < slots; ++slot) {
    AgentSummary& s = result.seats[slot];
    s.agent = result.agents[slot];
    s.wins = wins[slot];
    const double n = double(appearances[slot]);
    s.win_rate = n > 0 ? wins[slot] / n : 0.0;
    std::tie(s.ci95_low, s.ci95_high) = WilsonInterval(wins[slot], n);
    s.mean_score = n > 0 ? score_sums[slot] / n : 0.0;
    result.scores.push_back(Describe(slot_scores[slot]));
  }
  const double games = double(result.outcomes.size());
  result.seat_advantage.assign(size_t(players), SeatSummary{});
  for (int seat = 0; seat < players; ++seat) {
    SeatSummary& s = result.seat_advantage[seat];
    s.wins = seat_wins[seat];
    s.win_rate = games > 0 ? s.wins / games : 0.0;
    std::tie(s.ci95_low, s.ci95_high) = WilsonInterval(s.wins, games);
  }
  result.length = Describe(lengths);
  result.mean_length = result.length.mean;
  result.ratings.clear();
  if (result.seatings.size() > 1)
    result.ratings = RateSlots(result, bootstrap, DeriveSeed(result.seed, kBootstrapStream));
}

}  // namespace savanna
