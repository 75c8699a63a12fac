// Flat Monte Carlo: `flat_mc(iters=1000,time=0,threads=1,seed=S)`. Tries the legal actions in
// turn, each on a fresh determinization followed by a random playout, and plays the action
// with the best mean return. No tree: the baseline that ISMCTS must beat. Decisions can be made
// in slices (Begin), with the same choice.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "agents/agent.h"

namespace savanna {

// Declared parameters: iters, time, margin, threads (the agent table adds seed).
std::vector<ParamSpec> FlatMcParamSpecs();
// The agent with resolved `params`; `seed` seeds its generator.
std::unique_ptr<Agent> MakeFlatMcAgent(const Params& params, uint64_t seed);

}  // namespace savanna
