// The search agents' shared entry points.
#include "agents/search_agent.h"

namespace savanna {

SearchAgent::SearchAgent(const char* name, const Params& params, uint64_t seed)
    : name_(name),
      params_(params),
      budget_(SearchBudget::FromParams(params)),
      threads_(int(params.Int("threads"))),
      rng_(seed) {
  params_.Set("seed", int64_t(seed));
}

std::unique_ptr<Decision> SearchAgent::Begin(const State& state, Player player) {
  return Start(state, player, true);
}

Action SearchAgent::Choose(const State& state, Player player) {
  auto decision = Start(state, player, true);
  decision->Think(SlicedSearch::kWholeBudget);
  return decision->Best();
}

std::unique_ptr<Decision> SearchAgent::BeginAnalysis(const State& state, Player player) {
  return Start(state, player, false);
}

std::string SearchAgent::Spec() const { return FormatSpec(name_, params_); }

}  // namespace savanna
