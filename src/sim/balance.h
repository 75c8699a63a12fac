// The balance metrics beyond win rates (docs/balance.md, "Balance metrics"): ties, lead changes,
// when a game was decided, comebacks and score spread. LeadTracker follows one game's leader
// state by state; BalanceAccumulator sums the games in whole numbers, so that accumulators
// merged in any order (threads, checkpoints, MPI ranks) give the same bits as one sequence.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "core/types.h"
#include "sim/byte_io.h"
#include "sim/simulation.h"

namespace savanna {

// Follows the leader of one game. Call Observe with the scores of every state before the
// terminal one (after 0, 1, ... actions), then Finish with the game's winners: the terminal
// state's leaders are its winners (the game's own ranking, tie-breaks included). The leaders of
// a state: the players with the highest score; a sole leader when there is exactly one.
// Allocation: the list of leaders grows to the game's length (reserve it with Reserve).
class LeadTracker {
 public:
  explicit LeadTracker(int players) : players_(players) {}
  // Room for a game of up to `max_length` actions, so that Observe does not allocate.
  void Reserve(int max_length) { leaders_.resize(size_t(max_length) + 1); }
  // Inline: it runs after every action of a simulation.
  void Observe(const PlayerValues& scores) {
    double best = scores[0];
    unsigned leaders = 1;
    for (int p = 1; p < players_; ++p) {
      const double score = scores[size_t(p)];
      if (score > best) {
        best = score;
        leaders = 1u << p;
      } else if (score == best) {
        leaders |= 1u << p;
      }
    }
    if (states_ == leaders_.size()) leaders_.resize(2 * states_ + 2);
    leaders_[states_++] = uint8_t(leaders);
  }
  // The game's figures (see GameDrama); the tracker is empty again afterwards.
  GameDrama Finish(PlayerSet winners);

 private:
  int players_;
  size_t states_ = 0;             // observed so far
  std::vector<uint8_t> leaders_;  // by state, the bit mask of its leaders
};

// Sums of a sample of whole numbers (count, sum, sum of squares), exact and so mergeable in any
// order. Values must lie within +-2^43; sums stay exact up to 2^40 values.
class MomentSums {
 public:
  __extension__ typedef __int128 Int128;  // GCC and Clang's 128-bit integer
  void Add(int64_t value);
  void Merge(const MomentSums& other);
  int64_t count() const { return count_; }
  // The mean and standard deviation of value * unit, with a Student t 95% interval of the mean
  // (mean and interval 0 with no values; the interval is the mean alone with one). The interval
  // is clipped to [low, high], the range the scaled values can take: on a few games the t
  // interval can run past it (a share of the game below 0% or above 100%), and the true mean
  // cannot lie there.
  MeanEstimate Estimate(double unit, double low = -HUGE_VAL, double high = HUGE_VAL) const;
  void Save(ByteWriter& out) const;
  bool Load(ByteReader& in);
  bool operator==(const MomentSums&) const = default;

 private:
  int64_t count_ = 0;
  Int128 sum_ = 0, squares_ = 0;
};

// The games' balance figures, folded one game at a time (any order: every sum is a whole
// number).
class BalanceAccumulator {
 public:
  void Add(const GameOutcome& outcome);
  void Merge(const BalanceAccumulator& other);
  int64_t games() const { return lead_changes_.count(); }
  // Fills everything but first_move_advantage, which comes from the seat statistics.
  BalanceSummary Finish() const;
  // For checkpoints (and MPI ranks); Load returns false on a malformed input.
  void Save(ByteWriter& out) const;
  bool Load(ByteReader& in);
  bool operator==(const BalanceAccumulator&) const = default;

  // Fixed-point units of the stored samples: decided_at in 2^-20 of a game, spread in 2^-10 of
  // a point (scores are whole numbers in every Savanna game, so the spread is exact).
  static constexpr int kDecidedBits = 20, kSpreadBits = 10;

 private:
  int64_t ties_ = 0, comebacks_ = 0;
  MomentSums lead_changes_, decided_at_, spread_;
};

}  // namespace savanna
