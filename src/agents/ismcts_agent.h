// The ISMCTS agent: `ismcts(iters=1000,time=0,c=0.7,threads=1,tree_mb=0,seed=S)`. Each decision
// runs `threads` independent single-observer searches (root parallelism) and plays the action
// most visited over all of them. With a fixed iteration budget the choice depends only on the
// seed, also when the decision is made in slices (Begin).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "agents/agent.h"
#include "core/params.h"

namespace savanna {

// Declared parameters: iters, time, c, margin, threads, tree_mb, the playout's (playout, eps,
// cutoff), the tree's knowledge (expand, widen), reopen, net; the agent table adds seed. `depth`
// is retired (accepted at 0 only, for old specs).
std::vector<ParamSpec> IsmctsParamSpecs();
// The agent with resolved `params`; `seed` seeds its generator (one draw per decision).
std::unique_ptr<Agent> MakeIsmctsAgent(const Params& params, uint64_t seed);

}  // namespace savanna
