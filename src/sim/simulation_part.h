// One share of a run's games, as an MPI rank plays it: a block of consecutive whole deals, and
// their statistics not yet finished, to be merged in order with the other shares' (see
// SimAccumulator::Merge). Merging every share gives to the bit what one process gives.
#pragma once

#include <cstdint>

#include "sim/accumulator.h"
#include "sim/simulation.h"

namespace savanna {

// Share `index` of `parts`: the deals [deals * index / parts, deals * (index + 1) / parts).
struct SimShare {
  int index = 0;
  int parts = 1;
};

struct SimPart {
  SimResult run;  // the run's description (game, agents, seatings, games); no statistics
  SimAccumulator stats;
};

// Plays the games of `share` (a progress callback counts them out of the share's games; a
// checkpoint or resume is refused unless the share is the whole run).
Result<SimPart> RunSimulationPart(const GameRegistry& registry, const SimConfig& config,
                                  const SimControl& control, SimShare share);

}  // namespace savanna
