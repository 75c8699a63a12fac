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

}  // namespace

SimAccumulator::SimAccumulator(int slots, int players, int seatings, bool rated)
    : slots_(slots),
      players_(players),
      seatings_(seatings),
      rated_(rated),
      wins_(size_t(slots), 0.0),
      score_sums_(size_t(slots), 0.0),
      seat_wins_(size_t(players), 0.0),
      appearances_(size_t(slots), 0),
      slot_scores_(size_t(slots)),
      pairwise_(ZeroWins(slots)),
      deal_(ZeroWins(slots)) {}

void SimAccumulator::Add(const GameOutcome& outcome) {
  SAVANNA_CHECK(outcome.index == games_);
  SAVANNA_CHECK(int(outcome.seat_agent.size()) == players_);
  for (size_t seat = 0; seat < outcome.seat_agent.size(); ++seat) {
    const int slot = outcome.seat_agent[seat];
    SAVANNA_CHECK(slot >= 0 && slot < slots_);
    wins_[size_t(slot)] += outcome.returns[seat];
    score_sums_[size_t(slot)] += outcome.scores[seat];
    slot_scores_[size_t(slot)].Add(outcome.scores[seat]);
    seat_wins_[seat] += outcome.returns[seat];
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

void SimAccumulator::Save(ByteWriter& out) const {
  for (int64_t n :
       {int64_t(slots_), int64_t(players_), int64_t(seatings_), int64_t(rated_), games_})
    out.I64(n);
  SaveDoubles(wins_, out);
  SaveDoubles(score_sums_, out);
  SaveDoubles(seat_wins_, out);
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
  const int64_t rated = in.Count(1), games = in.Count(int64_t(1) << 50);
  if (!in.ok() || slots < 1 || players < 1 || seatings < 1) return std::nullopt;
  SimAccumulator a(slots, players, seatings, rated != 0);
  a.games_ = games;
  LoadDoubles(a.wins_, in);
  LoadDoubles(a.score_sums_, in);
  LoadDoubles(a.seat_wins_, in);
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
    s.wins = wins_[size_t(slot)];
    const double n = double(appearances_[size_t(slot)]);
    s.win_rate = n > 0 ? s.wins / n : 0.0;
    std::tie(s.ci95_low, s.ci95_high) = WilsonInterval(s.wins, n);
    s.mean_score = n > 0 ? score_sums_[size_t(slot)] / n : 0.0;
    result.scores.push_back(slot_scores_[size_t(slot)].Describe());
  }
  const double games = double(games_);
  result.seat_advantage.assign(size_t(players_), SeatSummary{});
  for (int seat = 0; seat < players_; ++seat) {
    SeatSummary& s = result.seat_advantage[size_t(seat)];
    s.wins = seat_wins_[size_t(seat)];
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
