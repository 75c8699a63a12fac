// Per-agent statistics of a simulation: wins as summed returns, win rates with Wilson 95%
// intervals (WilsonInterval is declared in simulation.h), mean scores and mean game length.
#pragma once

#include "sim/simulation.h"

namespace savanna {

// Fills result.seats (one summary per agent slot in result.agents) and result.mean_length from
// result.outcomes.
void Summarize(SimResult& result);

}  // namespace savanna
