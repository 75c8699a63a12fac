// The leader of a game state by state, and the exact sums behind the balance metrics.
#include "sim/balance.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <utility>

#include "core/check.h"
#include "sim/distributions.h"

namespace savanna {
namespace {

// |value| <= 2^43 keeps 2^40 squares within a signed 128-bit sum (2^126).
constexpr int64_t kMaxMomentValue = int64_t(1) << 43;

using Int128 = MomentSums::Int128;
__extension__ typedef unsigned __int128 UInt128;

// Two's complement, low word first.
void SaveInt128(Int128 value, ByteWriter& out) {
  const auto bits = UInt128(value);
  out.U64(uint64_t(bits));
  out.U64(uint64_t(bits >> 64));
}

Int128 LoadInt128(ByteReader& in) {
  const auto low = UInt128(in.U64());
  const auto high = UInt128(in.U64());
  return Int128(low | high << 64);
}

// `part` of `whole` in units of 2^-bits, rounded to the nearest (0 <= part <= whole).
int64_t FixedFraction(int64_t part, int64_t whole, int bits) {
  if (whole <= 0) return 0;
  return ((part << (bits + 1)) + whole) / (2 * whole);
}

// Whether a leader mask holds exactly one player (cheaper than a popcount without POPCNT).
bool IsSingle(unsigned mask) { return mask != 0 && (mask & (mask - 1)) == 0; }

RateEstimate Rate(int64_t count, int64_t games) {
  RateEstimate r;
  r.count = count;
  r.games = games;
  r.rate = games > 0 ? double(count) / double(games) : 0.0;
  std::tie(r.ci95_low, r.ci95_high) =
      games > 0 ? WilsonInterval(double(count), double(games)) : std::pair(0.0, 0.0);
  return r;
}

}  // namespace

GameDrama LeadTracker::Finish(PlayerSet winners) {
  if (states_ == leaders_.size()) leaders_.resize(states_ + 1);
  leaders_[states_] = uint8_t(winners.Mask());
  const size_t length = states_;
  states_ = 0;
  GameDrama drama;
  unsigned last_sole = 0;  // the last sole leader's bit, 0 before the first
  for (size_t state = 0; state <= length; ++state) {
    const unsigned leaders = leaders_[state];
    if (!IsSingle(leaders)) continue;
    if (last_sole != 0 && leaders != last_sole) ++drama.lead_changes;
    last_sole = leaders;
  }
  if (winners.Size() == 1) {
    const unsigned sole = winners.Mask();
    size_t from = length;
    while (from > 0 && leaders_[from - 1] == sole) --from;
    drama.decided_at = int(from);
    drama.comeback = (leaders_[length / 2] & sole) == 0;
  }
  return drama;
}

void MomentSums::Add(int64_t value) {
  SAVANNA_CHECK_MSG(value >= -kMaxMomentValue && value <= kMaxMomentValue,
                    "balance statistic out of range: " + std::to_string(value));
  ++count_;
  sum_ += value;
  squares_ += Int128(value) * value;
}

void MomentSums::Merge(const MomentSums& other) {
  count_ += other.count_;
  sum_ += other.sum_;
  squares_ += other.squares_;
}

MeanEstimate MomentSums::Estimate(double unit, double low, double high) const {
  MeanEstimate e;
  e.games = count_;
  if (count_ == 0) return e;
  const double n = double(count_), sum = double(sum_);
  e.mean = sum / n * unit;
  e.ci95_low = e.ci95_high = e.mean;
  if (count_ < 2) return e;
  const double variance = std::max(0.0, (double(squares_) - sum * (sum / n)) / (n - 1));
  e.sd = std::sqrt(variance) * unit;
  // Student's t with n - 1 degrees of freedom: the two-sided 95% interval of the mean.
  const double half = StudentTQuantile(0.975, n - 1) * e.sd / std::sqrt(n);
  e.ci95_low = std::max(low, e.mean - half);
  e.ci95_high = std::min(high, e.mean + half);
  return e;
}

void MomentSums::Save(ByteWriter& out) const {
  out.I64(count_);
  SaveInt128(sum_, out);
  SaveInt128(squares_, out);
}

bool MomentSums::Load(ByteReader& in) {
  count_ = in.Count(int64_t(1) << 50);
  sum_ = LoadInt128(in);
  squares_ = LoadInt128(in);
  return in.ok() && squares_ >= 0 && (count_ > 0 || (sum_ == 0 && squares_ == 0));
}

void BalanceAccumulator::Add(const GameOutcome& outcome) {
  if (outcome.winners.size() > 1) ++ties_;
  lead_changes_.Add(outcome.drama.lead_changes);
  if (outcome.drama.decided_at >= 0) {
    decided_at_.Add(FixedFraction(outcome.drama.decided_at, outcome.length, kDecidedBits));
    if (outcome.drama.comeback) ++comebacks_;
  }
  if (!outcome.scores.empty()) {
    const auto [low, high] = std::minmax_element(outcome.scores.begin(), outcome.scores.end());
    spread_.Add(std::llround(std::ldexp(*high - *low, kSpreadBits)));
  }
}

void BalanceAccumulator::Merge(const BalanceAccumulator& other) {
  ties_ += other.ties_;
  comebacks_ += other.comebacks_;
  lead_changes_.Merge(other.lead_changes_);
  decided_at_.Merge(other.decided_at_);
  spread_.Merge(other.spread_);
}

BalanceSummary BalanceAccumulator::Finish() const {
  BalanceSummary b;
  b.tie_rate = Rate(ties_, lead_changes_.count());
  b.lead_changes = lead_changes_.Estimate(1.0, 0);
  b.decided_at = decided_at_.Estimate(std::ldexp(1.0, -kDecidedBits), 0, 1);
  b.comeback_rate = Rate(comebacks_, decided_at_.count());
  b.score_spread = spread_.Estimate(std::ldexp(1.0, -kSpreadBits), 0);
  return b;
}

void BalanceAccumulator::Save(ByteWriter& out) const {
  out.I64(ties_);
  out.I64(comebacks_);
  lead_changes_.Save(out);
  decided_at_.Save(out);
  spread_.Save(out);
}

bool BalanceAccumulator::Load(ByteReader& in) {
  ties_ = in.Count(int64_t(1) << 50);
  comebacks_ = in.Count(int64_t(1) << 50);
  const bool read = lead_changes_.Load(in) && decided_at_.Load(in) && spread_.Load(in);
  const int64_t games = lead_changes_.count();
  return read && ties_ <= games && comebacks_ <= decided_at_.count() &&
         decided_at_.count() <= games && spread_.count() <= games;
}

}  // namespace savanna
