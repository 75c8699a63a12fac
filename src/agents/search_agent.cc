// The search agents' shared entry points and their decision.
#include "agents/search_agent.h"

#include "core/check.h"

namespace savanna {

// One decision: a copy of the state, the sliced budget, and the agent's search continued slice by
// slice.
class SearchAgent::RootDecision final : public Decision {
 public:
  // `take_forced`: a single legal action is the decision at once, without searching (Choose);
  // Analyze searches anyway.
  RootDecision(SearchAgent& agent, const State& state, Player player, bool take_forced)
      : agent_(agent),
        root_{.state = state.Clone(), .player = player, .legal = {}, .seed = agent.rng_.Next()},
        sliced_(agent.budget_, agent.threads_) {
    state.LegalActions(player, root_.legal);
    SAVANNA_CHECK_MSG(!root_.legal.Empty(), std::string(agent.name_) + ": player " +
                                                std::to_string(player) + " has no legal action\n" +
                                                state.ToJson().dump());
    forced_ = take_forced && root_.legal.Size() == 1;
  }
  bool Think(std::chrono::nanoseconds slice) override {
    if (forced_ || sliced_.Done()) return true;
    if (!started_) {
      agent_.StartParts(root_);
      started_ = true;
    }
    return sliced_.Step(
        slice, [this](int t, BudgetClock& clock) { return agent_.ContinuePart(root_, t, clock); });
  }
  Action Best() override {
    if (forced_ || !started_) return root_.legal[0];
    const std::vector<ActionEstimate> estimates = agent_.Gather(root_);
    return estimates.empty() ? root_.legal[0] : agent_.Pick(estimates);
  }
  // The estimates of every action tried so far (empty before the first slice).
  std::vector<ActionEstimate> Estimates() const override {
    return started_ ? agent_.Gather(root_) : std::vector<ActionEstimate>();
  }

 private:
  SearchAgent& agent_;
  SearchRoot root_;
  SlicedSearch sliced_;
  bool forced_ = false;
  bool started_ = false;
};

SearchAgent::SearchAgent(const char* name, const Params& params, uint64_t seed)
    : name_(name),
      params_(params),
      budget_(SearchBudget::FromParams(params)),
      threads_(int(params.Int("threads"))),
      rng_(seed) {
  params_.Set("seed", int64_t(seed));
}

std::unique_ptr<Decision> SearchAgent::Begin(const State& state, Player player) {
  return std::make_unique<RootDecision>(*this, state, player, true);
}

Action SearchAgent::Choose(const State& state, Player player) {
  RootDecision decision(*this, state, player, true);
  decision.Think(SlicedSearch::kWholeBudget);
  return decision.Best();
}

std::unique_ptr<Decision> SearchAgent::BeginAnalysis(const State& state, Player player) {
  return std::make_unique<RootDecision>(*this, state, player, false);
}

std::string SearchAgent::Spec() const { return FormatSpec(name_, params_); }

}  // namespace savanna
