// What the search agents (flat_mc, ismcts) share around their search: the resolved parameters
// with the seed in use, the budget, the thread count, the generator that seeds each decision, and
// the Agent entry points, which all start one SearchDecision (search_common.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "agents/agent.h"
#include "agents/search_common.h"

namespace savanna {

class SearchAgent : public Agent {
 public:
  Action Choose(const State& state, Player player) final;
  std::unique_ptr<Decision> Begin(const State& state, Player player) final;
  std::unique_ptr<Decision> BeginAnalysis(const State& state, Player player) final;
  // `name(...)` with every parameter, the seed included.
  std::string Spec() const final;

 protected:
  // `name`: the agent's kind in specs and checks; `params` must declare `threads` and the
  // budget's parameters (SearchBudget::ParamSpecs).
  SearchAgent(const char* name, const Params& params, uint64_t seed);
  // A decision; `take_forced`: a single legal action is played without searching.
  virtual std::unique_ptr<SearchDecision> Start(const State& state, Player player,
                                                bool take_forced) = 0;

  // The base of agent A's decisions (A derives from SearchAgent): a SearchDecision with the
  // agent's name, budget and threads as parts, seeded by the agent's next draw; `agent_` is A.
  template <class A>
  class DecisionOf : public SearchDecision {
   public:
    DecisionOf(A& agent, const State& state, Player player, bool take_forced)
        : SearchDecision(agent.name_, state, player, agent.rng_.Next(), agent.budget_,
                         agent.threads_, take_forced),
          agent_(agent) {}

   protected:
    A& agent_;
  };

  int threads() const { return threads_; }

 private:
  const char* name_;
  Params params_;  // as resolved, with the seed in use
  SearchBudget budget_;
  int threads_;
  Rng rng_;  // one draw per decision seeds that decision's searches
};

}  // namespace savanna
