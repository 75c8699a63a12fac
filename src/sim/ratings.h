// Ratings of agents from game outcomes: pairwise results between the agents of each game and a
// Bradley-Terry fit on them, with bootstrap intervals over the deals.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "sim/byte_io.h"
#include "sim/simulation.h"

namespace savanna {

using PairwiseWins = std::vector<std::vector<double>>;  // [a][b]: a finished ahead of b

// Adds one game to `wins`: for every pair of seats held by different slots where at least one
// of the two won, the slot with the higher return beats the other (equal returns: half each).
// Two losers say nothing about each other and are skipped.
void AddPairwise(const GameOutcome& outcome, PairwiseWins& wins);

// The Bradley-Terry strengths behind `wins` (minorization-maximization, Hunter 2004) on the Elo
// scale: 400 log10(strength), shifted so that the slots' mean is 0. A prior of one drawn game
// between every two slots keeps every rating finite and the fit defined even for slots that
// never met.
std::vector<double> FitBradleyTerry(const PairwiseWins& wins);

// The pairwise results of every deal, in deal order, for the bootstrap over deals. A deal's
// results take few distinct values (its few games, each a handful of half-integers), so each
// distinct matrix (a pattern) is kept once and each deal as the id of its pattern, in 1, 2 or
// 4 bytes (widened when the patterns outgrow the width): one byte per deal in practice.
class DealPatterns {
 public:
  void Add(const PairwiseWins& deal);
  // Adds the deals of `later` after these, in their order: the ids are then exactly those of
  // adding every deal here one by one.
  void Append(const DealPatterns& later);
  int64_t size() const { return deals_; }
  uint32_t Id(int64_t deal) const;
  const std::vector<PairwiseWins>& patterns() const { return patterns_; }
  // For checkpoints: the patterns and the ids as they are. Load (into an empty object) checks
  // that the patterns are `slots` x `slots` and that every id names one; false if not.
  void Save(ByteWriter& out) const;
  bool Load(ByteReader& in, int slots);

 private:
  void Widen();
  uint32_t Intern(const PairwiseWins& deal);  // the pattern's id, a new one if it is new
  void AddId(uint32_t id);

  std::vector<PairwiseWins> patterns_;
  std::map<PairwiseWins, uint32_t> index_;
  std::vector<uint8_t> ids_;  // width_ bytes per deal, little-endian
  int width_ = 1;
  int64_t deals_ = 0;
};

// Ratings of every slot from all their pairwise results `all`, with 95% intervals from
// `bootstrap` resamples of whole deals (percentile method); seeded by `seed`. A resample draws
// as many deals as there are, uniformly with replacement; its pairwise sums are sums of
// half-integers, exact in any order, so counting the draws per pattern changes nothing.
std::vector<Rating> RateSlots(const PairwiseWins& all, const DealPatterns& deals, int bootstrap,
                              uint64_t seed);

}  // namespace savanna
