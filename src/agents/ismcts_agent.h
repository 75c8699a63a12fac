// The ISMCTS agent: `ismcts(iters=1000,time=0,c=0.7,threads=1,tree_mb=0,seed=S)`. Each decision
// runs `threads` independent single-observer searches (root parallelism, `parallel=root`) and
// plays the action most visited over all of them, or, with `parallel=tree`, `threads` threads on
// one shared tree with virtual loss (ismcts_shared_tree.h). With a fixed iteration budget the
// choice depends only on the seed, also when the decision is made in slices (Begin); with
// `parallel=tree` only when threads=1 (the threads' order at the lock decides otherwise).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "agents/agent.h"
#include "core/params.h"
#include "core/result.h"

namespace savanna {

// Declared parameters: iters, time, c, depth, margin, threads, parallel, vloss, tree_mb, the
// playout's (playout, eps, cutoff, mast), the tree's knowledge (expand, bias, widen, history),
// pom, mo, simul, gamma, final, reopen; the agent table adds seed.
std::vector<ParamSpec> IsmctsParamSpecs();
// Checks the combinations of resolved parameters that the declarations cannot (mo with pom,
// reopen or parallel=tree; simul=rm with mo; final without simul=rm).
Result<void> CheckIsmctsParams(const Params& params);
// The `parallel` and `vloss` parameters (also declared by the ladder's levels).
std::vector<ParamSpec> ParallelParamSpecs();
// The agent with resolved `params`; `seed` seeds its generator (one draw per decision).
std::unique_ptr<Agent> MakeIsmctsAgent(const Params& params, uint64_t seed);

}  // namespace savanna
