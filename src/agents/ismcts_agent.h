// The ISMCTS agent: `ismcts(iters=1000,time=0,c=0.7,threads=1,tree_mb=0,seed=S)`. Each decision
// runs `threads` independent single-observer searches (root parallelism) and plays the action
// most visited over all of them. With a fixed iteration budget the choice depends only on the
// seed, also when the decision is made in slices (Begin).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/ismcts_search.h"
#include "agents/search_common.h"

namespace savanna {

class IsmctsAgent final : public Agent {
 public:
  // Declared parameters: iters, time, c, depth, margin, threads, tree_mb, the playout's (playout,
  // eps, cutoff, mast), the tree's knowledge (expand, bias), seed.
  static std::vector<ParamSpec> ParamSpecs();
  IsmctsAgent(const Params& params, uint64_t seed);

  Action Choose(const State& state, Player player) override;
  std::unique_ptr<Decision> Begin(const State& state, Player player) override;
  std::unique_ptr<Decision> BeginAnalysis(const State& state, Player player) override;
  std::string Spec() const override;

 private:
  class RootDecision;
  // A decision; `take_forced`: a single legal action is played without searching.
  std::unique_ptr<SearchDecision> Start(const State& state, Player player, bool take_forced);

  Params params_;  // as resolved, with the seed in use
  SearchBudget budget_;
  double c_;
  int threads_;
  Rng rng_;  // one draw per decision seeds that decision's searches
  std::vector<std::unique_ptr<ismcts::Search>> searches_;
};

}  // namespace savanna
