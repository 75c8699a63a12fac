// The ISMCTS agent: parameters, root-parallel searches and the final choice.
#include "agents/ismcts_agent.h"

#include "core/check.h"

namespace savanna {

std::vector<ParamSpec> IsmctsAgent::ParamSpecs() {
  std::vector<ParamSpec> specs = SearchBudget::ParamSpecs(1000);
  specs.push_back(
      ParamSpec::Double("c", 0.7, 0, 10, "UCB exploration constant (returns lie between 0 and 1)"));
  specs.push_back(ParamSpec::Int("depth", 0, 0, 1000,
                                 "decisions kept in the tree below the root (0: no limit); "
                                 "below that the playout decides"));
  specs.push_back(MarginParam(0.5));
  specs.push_back(ThreadsParam());
  return specs;
}

IsmctsAgent::IsmctsAgent(const Params& params, uint64_t seed)
    : params_(params),
      budget_(SearchBudget::FromParams(params)),
      c_(params.Double("c")),
      threads_(int(params.Int("threads"))),
      rng_(seed) {
  params_.Set("seed", int64_t(seed));
  for (int t = 0; t < threads_; ++t)
    searches_.push_back(
        std::make_unique<ismcts::Search>(c_, int(params.Int("depth")), params.Double("margin")));
}

std::vector<ActionEstimate> IsmctsAgent::SearchRoot(const State& state, Player player) {
  const uint64_t decision_seed = rng_.Next();
  std::vector<std::vector<ActionEstimate>> parts(static_cast<size_t>(threads_));
  RunParallel(threads_, budget_, [&](int t, BudgetClock& clock) {
    searches_[size_t(t)]->Run(state, player, DeriveSeed(decision_seed, uint64_t(t)), clock);
    parts[size_t(t)] = searches_[size_t(t)]->RootEstimates();
  });
  return MergeEstimates(parts);
}

Action IsmctsAgent::Choose(const State& state, Player player) {
  state.LegalActions(player, legal_);
  SAVANNA_CHECK_MSG(!legal_.Empty(), "ismcts: player " + std::to_string(player) +
                                         " has no legal action\n" + state.ToJson().dump());
  if (legal_.Size() == 1) {
    rng_.Next();  // the same draws whether or not there is a choice
    return legal_[0];
  }
  return MostVisited(SearchRoot(state, player));
}

std::vector<ActionEstimate> IsmctsAgent::Analyze(const State& state, Player player) {
  return SearchRoot(state, player);
}

std::string IsmctsAgent::Spec() const { return FormatSpec("ismcts", params_); }

}  // namespace savanna
