// Ratings of agents from game outcomes: pairwise results between the agents of each game and a
// Bradley-Terry fit on them, with bootstrap intervals over the deals.
#pragma once

#include <cstdint>
#include <vector>

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

// Ratings of every slot of `result` (whose outcomes are filled), with 95% intervals from
// `bootstrap` resamples of whole deals (percentile method); seeded by `seed`.
std::vector<Rating> RateSlots(const SimResult& result, int bootstrap, uint64_t seed);

}  // namespace savanna
