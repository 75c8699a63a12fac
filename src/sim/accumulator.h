// The statistics of a simulation accumulated game by game (in game index order), in memory that
// does not grow with the number of games: sums, pairwise results, counts of values, and for the
// rating bootstrap one small pattern id per deal (sim/ratings.h). Finish() gives exactly the
// statistics that the same games kept in a list would give. Accumulators of consecutive parts
// of a run (MPI ranks) merge into exactly the accumulator of the whole: every sum is exact in
// any grouping (ExactSum, counts, half-integers), and the per-deal ids are appended in order.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "sim/balance.h"
#include "sim/exact_sum.h"
#include "sim/ratings.h"
#include "sim/simulation.h"
#include "sim/statistics.h"

namespace savanna {

class SimAccumulator {
 public:
  // `seatings`: games per deal (see Seatings()); `rated`: keep what the ratings need; `first`:
  // the index of the first game it will hold, a multiple of `seatings` (a whole deal).
  SimAccumulator(int slots, int players, int seatings, bool rated, int64_t first = 0);

  // Adds the next game: its index must be games(). Folds in index order, so that the per-deal
  // results and ids are those of one process whatever the threads that played the games.
  void Add(const GameOutcome& outcome);
  // The index after the last game added: first + the games added.
  int64_t games() const { return first_ + games_; }
  int64_t first() const { return first_; }
  // Appends the games of `next`, the accumulator of the games that follow (next's first game is
  // games()); both must hold whole deals. The result is to the bit the accumulator that added
  // every game of both. A bug (a check fails) unless CanMerge(next).
  void Merge(const SimAccumulator& next);
  bool CanMerge(const SimAccumulator& next) const;
  // Whether this accumulator was made for these arguments of the constructor.
  bool HasShape(int slots, int players, int seatings, bool rated) const {
    return slots == slots_ && players == players_ && seatings == seatings_ && rated == rated_;
  }

  // Everything accumulated, for a checkpoint; Load gives it back exactly (nullopt if `in` is
  // not what Save wrote).
  void Save(ByteWriter& out) const;
  static std::optional<SimAccumulator> Load(ByteReader& in);

  // Fills seats, seat_advantage, pairwise, ratings (when rated, with `bootstrap` resamples seeded
  // from result.seed), mean_length, length, scores and balance. result.agents names the slots.
  void Finish(SimResult& result, int bootstrap) const;

 private:
  int slots_, players_, seatings_;
  bool rated_;
  int64_t first_ = 0, games_ = 0;  // games_: the games added
  std::vector<ExactSum> wins_, score_sums_, seat_wins_;
  std::vector<int64_t> appearances_;
  std::vector<ValueCounts> slot_scores_;
  ValueCounts lengths_;
  PairwiseWins pairwise_;
  PairwiseWins deal_;  // the current deal's pairwise results
  DealPatterns deals_;
  BalanceAccumulator balance_;  // exact sums: merged in any order, the same bits
};

}  // namespace savanna
