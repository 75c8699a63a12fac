// What the search agents (flat_mc, ismcts) share around their search: the resolved parameters
// with the seed in use, the budget, the thread count, the generator that seeds each decision, and
// the one decision that Choose, Begin and BeginAnalysis all start, which runs the agent's search
// a slice at a time (SlicedSearch) and asks the agent for its estimates and its pick.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/search_common.h"
#include "core/action_list.h"

namespace savanna {

// What one decision searches: a copy of the state, the player who chooses, that player's legal
// actions and the decision's seed (one draw of the agent's generator).
struct SearchRoot {
  std::unique_ptr<State> state;
  Player player = 0;
  ActionList legal;
  uint64_t seed = 0;
};

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

  // The search of the decision under way, kept by the agent (which makes one decision at a time)
  // in threads() parts. Starts every part afresh, part t seeded with DeriveSeed(root.seed, t).
  virtual void StartParts(const SearchRoot& root) = 0;
  // Continues part `part` until `clock` stops it; returns the iterations run.
  virtual int64_t ContinuePart(const SearchRoot& root, int part, BudgetClock& clock) = 0;
  // The estimates of every action tried so far.
  virtual std::vector<ActionEstimate> Gather(const SearchRoot& root) const = 0;
  // The action to play from non-empty estimates (default: MostVisited).
  virtual Action Pick(const std::vector<ActionEstimate>& estimates) const {
    return MostVisited(estimates);
  }

  int threads() const { return threads_; }

 private:
  class RootDecision;  // Choose, Begin and BeginAnalysis start one

  const char* name_;
  Params params_;  // as resolved, with the seed in use
  SearchBudget budget_;
  int threads_;
  Rng rng_;  // one draw per decision seeds that decision's searches
};

}  // namespace savanna
