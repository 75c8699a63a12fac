// The ISMCTS agent: `ismcts(iters=1000,time=0,c=0.7,threads=1,tree_mb=0,seed=S)`. Each decision
// runs `threads` independent single-observer searches (root parallelism) and plays the action
// most visited over all of them. With a fixed iteration budget the choice depends only on the
// seed, also when the decision is made in slices (Begin).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "agents/ismcts_search.h"
#include "agents/search_agent.h"

namespace savanna {

class IsmctsAgent final : public SearchAgent {
 public:
  // Declared parameters: iters, time, c, depth, margin, threads, tree_mb, the playout's (playout,
  // eps, cutoff, mast), the tree's knowledge (expand, bias, widen), seed.
  static std::vector<ParamSpec> ParamSpecs();
  IsmctsAgent(const Params& params, uint64_t seed);

 private:
  class RootDecision;
  std::unique_ptr<SearchDecision> Start(const State& state, Player player,
                                        bool take_forced) override;

  std::vector<std::unique_ptr<ismcts::Search>> searches_;
};

}  // namespace savanna
