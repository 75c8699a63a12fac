// Wilson intervals and per-slot summaries.
#include "sim/statistics.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

#include "core/check.h"

namespace savanna {

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

void Summarize(SimResult& result) {
  const int slots = int(result.agents.size());
  std::vector<double> wins(slots, 0.0), score_sums(slots, 0.0);
  std::vector<int64_t> appearances(slots, 0);
  double length_sum = 0;
  for (const GameOutcome& outcome : result.outcomes) {
    for (size_t seat = 0; seat < outcome.seat_agent.size(); ++seat) {
      const int slot = outcome.seat_agent[seat];
      SAVANNA_CHECK(slot >= 0 && slot < slots);
      wins[slot] += outcome.returns[seat];
      score_sums[slot] += outcome.scores[seat];
      ++appearances[slot];
    }
    length_sum += outcome.length;
  }
  result.seats.assign(slots, AgentSummary{});
  for (int slot = 0; slot < slots; ++slot) {
    AgentSummary& s = result.seats[slot];
    s.agent = result.agents[slot];
    s.wins = wins[slot];
    const double n = double(appearances[slot]);
    s.win_rate = n > 0 ? wins[slot] / n : 0.0;
    std::tie(s.ci95_low, s.ci95_high) = WilsonInterval(wins[slot], n);
    s.mean_score = n > 0 ? score_sums[slot] / n : 0.0;
  }
  result.mean_length = result.outcomes.empty() ? 0.0 : length_sum / double(result.outcomes.size());
}

}  // namespace savanna
