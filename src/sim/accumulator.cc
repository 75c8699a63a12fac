// Folding games into running sums and counts, and turning them into a SimResult's statistics.
#include "sim/accumulator.h"

#include <tuple>

#include "core/check.h"
#include "core/rng.h"

namespace savanna {
namespace {

// The bootstrap's seed stream, derived from the simulation's master seed.
constexpr uint64_t kBootstrapStream = 0xB007;

PairwiseWins ZeroWins(int slots) {
  return PairwiseWins(size_t(slots), std::vector<double>(size_t(slots), 0.0));
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
  AddPairwise(outcome, pairwise_);
  ++games_;
  if (!rated_) return;
  AddPairwise(outcome, deal_);
  if (games_ % seatings_ != 0) return;
  deals_.Add(deal_);
  deal_ = ZeroWins(slots_);
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
  result.length = lengths_.Describe();
  result.mean_length = result.length.mean;
  result.ratings.clear();
  if (rated_)
    result.ratings =
        RateSlots(pairwise_, deals_, bootstrap, DeriveSeed(result.seed, kBootstrapStream));
}

}  // namespace savanna
