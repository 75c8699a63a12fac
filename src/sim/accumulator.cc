// Folding games into running sums and counts, and turning them into a SimResult's statistics.
#include "sim/accumulator.h"

#include <tuple>

#include "core/check.h"
#include "core/rng.h"

namespace savanna {
namespace {

// Bounds on what a checkpoint may claim (the simulation allows at most 16 agent slots).
constexpr int64_t kMaxLoadedSlots = 64;
// The bootstrap's seed stream, derived from the simulation's master seed.
constexpr uint64_t kBootstrapStream = 0xB007;

PairwiseWins ZeroWins(int slots) {
  return PairwiseWins(size_t(slots), std::vector<double>(size_t(slots), 0.0));
}

void SaveDoubles(const std::vector<double>& values, ByteWriter& out) {
  for (double v : values) out.F64(v);
}
void LoadDoubles(std::vector<double>& values, ByteReader& in) {
  for (double& v : values) v = in.F64();
}
void SaveSums(const std::vector<ExactSum>& sums, ByteWriter& out) {
  for (const ExactSum& sum : sums) sum.Save(out);
}
void LoadSums(std::vector<ExactSum>& sums, ByteReader& in) {
  for (ExactSum& sum : sums) sum.Load(in);
}
void MergeSums(std::vector<ExactSum>& sums, const std::vector<ExactSum>& more) {
  for (size_t i = 0; i < sums.size(); ++i) sums[i].Merge(more[i]);
}
bool IsZero(const PairwiseWins& wins) {
  for (const auto& row : wins)
    for (double w : row)
      if (w != 0) return false;
  return true;
}

}  // namespace

SimAccumulator::SimAccumulator(int slots, int players, int seatings, bool rated, int64_t first)
    : slots_(slots),
      players_(players),
      seatings_(seatings),
      rated_(rated),
      first_(first),
      wins_(size_t(slots)),
      score_sums_(size_t(slots)),
      seat_wins_(size_t(players)),
      appearances_(size_t(slots), 0),
      slot_scores_(size_t(slots)),
      pairwise_(ZeroWins(slots)),
      deal_(ZeroWins(slots)) {
  SAVANNA_CHECK(first >= 0 && seatings > 0 && first % seatings == 0);
}

void SimAccumulator::Add(const GameOutcome& outcome) {
  SAVANNA_CHECK(outcome.index == games());
  SAVANNA_CHECK(int(outcome.seat_agent.size()) == players_);
  for (size_t seat = 0; seat < outcome.seat_agent.size(); ++seat) {
    const int slot = outcome.seat_agent[seat];
    SAVANNA_CHECK(slot >= 0 && slot < slots_);
    wins_[size_t(slot)].Add(outcome.returns[seat]);
    score_sums_[size_t(slot)].Add(outcome.scores[seat]);
    slot_scores_[size_t(slot)].Add(outcome.scores[seat]);
    seat_wins_[seat].Add(outcome.returns[seat]);
    ++appearances_[size_t(slot)];
  }
  lengths_.Add(outcome.length);
  balance_.Add(outcome);
  AddPairwise(outcome, pairwise_);
  ++games_;
  if (!rated_) return;
  AddPairwise(outcome, deal_);
  if (games_ % seatings_ != 0) return;
  deals_.Add(deal_);
  deal_ = ZeroWins(slots_);
}

bool SimAccumulator::CanMerge(const SimAccumulator& next) const {
  return next.HasShape(slots_, players_, seatings_, rated_) && next.first_ == games() &&
         games_ % seatings_ == 0 && next.games_ % seatings_ == 0 && IsZero(deal_) &&
         IsZero(next.deal_);
}

void SimAccumulator::Merge(const SimAccumulator& next) {
  SAVANNA_CHECK(CanMerge(next));
  MergeSums(wins_, next.wins_);
  MergeSums(score_sums_, next.score_sums_);
  MergeSums(seat_wins_, next.seat_wins_);
  for (size_t slot = 0; slot < appearances_.size(); ++slot) {
    appearances_[slot] += next.appearances_[slot];
    slot_scores_[slot].Merge(next.slot_scores_[slot]);
  }
  lengths_.Merge(next.lengths_);
  balance_.Merge(next.balance_);
  // Half-integers: these sums are exact in any grouping.
  for (size_t a = 0; a < pairwise_.size(); ++a)
    for (size_t b = 0; b < pairwise_.size(); ++b) pairwise_[a][b] += next.pairwise_[a][b];
  deals_.Append(next.deals_);
  games_ += next.games_;
}

void SimAccumulator::Save(ByteWriter& out) const {
  for (int64_t n :
       {int64_t(slots_), int64_t(players_), int64_t(seatings_), int64_t(rated_), first_, games_})
    out.I64(n);
  SaveSums(wins_, out);
  SaveSums(score_sums_, out);
  SaveSums(seat_wins_, out);
  for (int64_t n : appearances_) out.I64(n);
  for (const ValueCounts& scores : slot_scores_) scores.Save(out);
  lengths_.Save(out);
  for (const auto& row : pairwise_) SaveDoubles(row, out);
  for (const auto& row : deal_) SaveDoubles(row, out);
  deals_.Save(out);
  balance_.Save(out);
}

std::optional<SimAccumulator> SimAccumulator::Load(ByteReader& in) {
  const int slots = int(in.Count(kMaxLoadedSlots)), players = int(in.Count(kMaxLoadedSlots));
  const int seatings = int(in.Count(int64_t(1) << 20));
  const int64_t rated = in.Count(1), first = in.Count(int64_t(1) << 50);
  const int64_t games = in.Count(int64_t(1) << 50);
  if (!in.ok() || slots < 1 || players < 1 || seatings < 1 || first % seatings != 0)
    return std::nullopt;
  SimAccumulator a(slots, players, seatings, rated != 0, first);
  a.games_ = games;
  LoadSums(a.wins_, in);
  LoadSums(a.score_sums_, in);
  LoadSums(a.seat_wins_, in);
  for (int64_t& n : a.appearances_) n = in.I64();
  bool ok = true;
  for (ValueCounts& scores : a.slot_scores_) ok = ok && scores.Load(in);
  ok = ok && a.lengths_.Load(in);
  for (auto& row : a.pairwise_) LoadDoubles(row, in);
  for (auto& row : a.deal_) LoadDoubles(row, in);
  ok = ok && a.deals_.Load(in, slots);
  ok = ok && a.balance_.Load(in);
  if (!ok || !in.ok() || a.lengths_.size() != games || a.balance_.games() != games)
    return std::nullopt;
  return a;
}

void SimAccumulator::Finish(SimResult& result, int bootstrap) const {
  result.pairwise = pairwise_;
  result.seats.assign(size_t(slots_), AgentSummary{});
  result.scores.clear();
  for (int slot = 0; slot < slots_; ++slot) {
    AgentSummary& s = result.seats[size_t(slot)];
    s.agent = result.agents[size_t(slot)];
    s.wins = wins_[size_t(slot)].value();
    const double n = double(appearances_[size_t(slot)]);
    s.win_rate = n > 0 ? s.wins / n : 0.0;
    std::tie(s.ci95_low, s.ci95_high) = WilsonInterval(s.wins, n);
    s.mean_score = n > 0 ? score_sums_[size_t(slot)].value() / n : 0.0;
    result.scores.push_back(slot_scores_[size_t(slot)].Describe());
  }
  const double games = double(games_);
  result.seat_advantage.assign(size_t(players_), SeatSummary{});
  for (int seat = 0; seat < players_; ++seat) {
    SeatSummary& s = result.seat_advantage[size_t(seat)];
    s.wins = seat_wins_[size_t(seat)].value();
    s.win_rate = games > 0 ? s.wins / games : 0.0;
    std::tie(s.ci95_low, s.ci95_high) = WilsonInterval(s.wins, games);
  }
  result.balance = balance_.Finish();
  FirstMoveAdvantage& first = result.balance.first_move;
  first.players = players_;
  first.fair_share = 1.0 / players_;
  first.win_rate = result.seat_advantage[0].win_rate;
  first.advantage = first.win_rate - first.fair_share;
  first.ci95_low = result.seat_advantage[0].ci95_low - first.fair_share;
  first.ci95_high = result.seat_advantage[0].ci95_high - first.fair_share;
  result.length = lengths_.Describe();
  result.mean_length = result.length.mean;
  result.ratings.clear();
  if (rated_)
    result.ratings =
        RateSlots(pairwise_, deals_, bootstrap, DeriveSeed(result.seed, kBootstrapStream));
}

}  // namespace savanna
