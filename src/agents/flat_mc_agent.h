// Flat Monte Carlo: `flat_mc(iters=1000,time=0,threads=1,seed=S)`. Tries the legal actions in
// turn, each on a fresh determinization followed by a random playout, and plays the action
// with the best mean return. No tree: the baseline that ISMCTS must beat. Decisions can be made
// in slices (Begin), with the same choice.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "agents/search_agent.h"

namespace savanna {

class FlatMcAgent final : public SearchAgent {
 public:
  // Declared parameters: iters, time, margin, threads, seed.
  static std::vector<ParamSpec> ParamSpecs();
  FlatMcAgent(const Params& params, uint64_t seed);

 private:
  // One thread's playouts: the legal actions in turn, sums per action.
  struct Worker {
    std::unique_ptr<State> scratch;
    Rng rng;
    ActionList buffer;
    int64_t done = 0;  // playouts so far in this decision
    std::vector<double> sums;
    std::vector<double> wins;
    std::vector<int64_t> counts;
  };
  class RootDecision;
  std::unique_ptr<SearchDecision> Start(const State& state, Player player,
                                        bool take_forced) override;
  // Continues worker `w`'s playouts from `state` for `player` until `clock` stops them.
  int64_t Work(Worker& w, const State& state, Player player, const ActionList& legal,
               BudgetClock& clock);

  double margin_weight_;
  std::vector<Worker> workers_;
};

}  // namespace savanna
