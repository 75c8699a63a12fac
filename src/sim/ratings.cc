// Pairwise results, the Bradley-Terry fit and its bootstrap.
#include "sim/ratings.h"

#include <algorithm>
#include <cmath>

#include "core/check.h"
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

uint32_t DealPatterns::Intern(const PairwiseWins& deal) {
  auto [it, added] = index_.emplace(deal, uint32_t(patterns_.size()));
  if (added) {
    patterns_.push_back(deal);
    if (patterns_.size() > (uint64_t(1) << (8 * width_))) Widen();
  }
  return it->second;
}

void DealPatterns::AddId(uint32_t id) {
  for (int byte = 0; byte < width_; ++byte) ids_.push_back(uint8_t(id >> (8 * byte)));
  ++deals_;
}

void DealPatterns::Add(const PairwiseWins& deal) { AddId(Intern(deal)); }

void DealPatterns::Append(const DealPatterns& later) {
  // Later's ids follow the order in which its patterns first appear, so interning its patterns in
  // id order numbers the new ones as adding its deals one by one would; then each deal is one
  // table look-up instead of a search of the pattern index.
  std::vector<uint32_t> ours;
  ours.reserve(later.patterns_.size());
  for (const PairwiseWins& pattern : later.patterns_) ours.push_back(Intern(pattern));
  for (int64_t d = 0; d < later.size(); ++d) AddId(ours[later.Id(d)]);
}

uint32_t DealPatterns::Id(int64_t deal) const {
  uint32_t id = 0;
  const size_t at = size_t(deal) * size_t(width_);
  for (int byte = 0; byte < width_; ++byte) id |= uint32_t(ids_[at + size_t(byte)]) << (8 * byte);
  return id;
}

void DealPatterns::Widen() {
  SAVANNA_CHECK(width_ < 4);
  const int wider = width_ * 2;
  std::vector<uint8_t> ids;
  ids.reserve(size_t(deals_) * size_t(wider));
  for (int64_t d = 0; d < deals_; ++d) {
    const uint32_t id = Id(d);
    for (int byte = 0; byte < wider; ++byte) ids.push_back(uint8_t(id >> (8 * byte)));
  }
  ids_ = std::move(ids);
  width_ = wider;
}

void DealPatterns::Save(ByteWriter& out) const {
  out.I64(int64_t(patterns_.size()));
  for (const PairwiseWins& pattern : patterns_)
    for (const auto& row : pattern)
      for (double wins : row) out.F64(wins);
  out.I64(width_);
  out.I64(deals_);
  out.Bytes(std::string_view(reinterpret_cast<const char*>(ids_.data()), ids_.size()));
}

bool DealPatterns::Load(ByteReader& in, int slots) {
  const int64_t patterns = in.Count(int64_t(1) << 32);
  for (int64_t p = 0; p < patterns && in.ok(); ++p) {
    PairwiseWins pattern(size_t(slots), std::vector<double>(size_t(slots), 0.0));
    for (auto& row : pattern)
      for (double& wins : row) wins = in.F64();
    index_.emplace(pattern, uint32_t(patterns_.size()));
    patterns_.push_back(std::move(pattern));
  }
  width_ = int(in.Count(4));
  deals_ = in.Count(int64_t(1) << 40);
  const std::string_view ids = in.Bytes();
  if (!in.ok() || (width_ != 1 && width_ != 2 && width_ != 4) ||
      int64_t(ids.size()) != deals_ * width_ || int64_t(index_.size()) != patterns)
    return false;
  ids_.assign(ids.begin(), ids.end());
  for (int64_t d = 0; d < deals_; ++d)
    if (Id(d) >= patterns_.size()) return false;
  return true;
}

std::vector<Rating> RateSlots(const PairwiseWins& all, const DealPatterns& deals, int bootstrap,
                              uint64_t seed) {
  const size_t k = all.size();
  const std::vector<double> elo = FitBradleyTerry(all);
  std::vector<std::vector<double>> samples(k);
  Rng rng(seed);
  const std::vector<PairwiseWins>& patterns = deals.patterns();
  std::vector<int64_t> drawn(patterns.size());
  for (int b = 0; b < bootstrap; ++b) {
    std::fill(drawn.begin(), drawn.end(), 0);
    for (int64_t d = 0; d < deals.size(); ++d) ++drawn[deals.Id(rng.Below(uint32_t(deals.size())))];
    PairwiseWins sum(k, std::vector<double>(k, 0.0));
    for (size_t p = 0; p < patterns.size(); ++p)
      for (size_t i = 0; i < k; ++i)
        for (size_t j = 0; j < k; ++j) sum[i][j] += double(drawn[p]) * patterns[p][i][j];
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
