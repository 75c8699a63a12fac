// The ISMCTS agent: parameters, the decision (root-parallel searches run in slices) and the
// final choice.
#include "agents/ismcts_agent.h"

#include <map>

#include "agents/ismcts_search.h"
#include "agents/search_agent.h"
#include "core/check.h"

namespace savanna {
namespace {

// The `final` parameter: the move at a simultaneous root is the most visited (the baseline), or
// with simul=rm the most likely in the average strategy, or one drawn from it.
enum class FinalChoice { kVisits, kAverage, kSample };

class IsmctsAgent final : public SearchAgent {
 public:
  IsmctsAgent(const Params& params, uint64_t seed);

 private:
  class RootDecision;
  std::unique_ptr<SearchDecision> Start(const State& state, Player player,
                                        bool take_forced) override;

  std::vector<std::unique_ptr<ismcts::Search>> searches_;  // one per thread
  FinalChoice final_;
};

FinalChoice FinalOf(const Params& params) {
  const std::string& final = params.Choice("final");
  return final == "average"  ? FinalChoice::kAverage
         : final == "sample" ? FinalChoice::kSample
                             : FinalChoice::kVisits;
}

// The move from the searches' root average strategies (summed by action): the most likely (ties:
// the lower id), or with `sample` one drawn from it by `rng`. kInvalidAction when they are empty.
Action FromAverageStrategy(const std::vector<std::unique_ptr<ismcts::Search>>& searches,
                           bool sample, Rng rng) {
  std::map<Action, double> sums;
  double total = 0;
  for (const auto& search : searches)
    for (const ismcts::ActionWeight& w : search->RootStrategy()) {
      sums[w.action] += w.weight;
      total += w.weight;
    }
  if (total <= 0) return kInvalidAction;
  Action best = kInvalidAction;
  double best_weight = 0;
  double target = rng.Uniform() * total;
  for (const auto& [action, weight] : sums) {
    if (sample && weight > 0) {
      best = action;  // the last with weight, should rounding leave `target` unspent
      if (target < weight) return action;
      target -= weight;
    }
    if (!sample && weight > best_weight) {
      best = action;
      best_weight = weight;
    }
  }
  return best;
}

}  // namespace

std::vector<ParamSpec> IsmctsParamSpecs() {
  std::vector<ParamSpec> specs = SearchBudget::ParamSpecs(1000);
  specs.push_back(
      ParamSpec::Double("c", 0.7, 0, 10, "UCB exploration constant (returns lie between 0 and 1)"));
  specs.push_back(ParamSpec::Int("depth", 0, 0, 1000,
                                 "decisions kept in the tree below the root (0: no limit); "
                                 "below that the playout decides"));
  specs.push_back(MarginParam(0.5));
  specs.push_back(ThreadsParam());
  specs.push_back(ParamSpec::Int("tree_mb", 0, 0, 1 << 20,
                                 "megabytes a decision's search trees may take together (0: no "
                                 "limit); when full, iterations go on without growing the tree"));
  for (ParamSpec& spec : PlayoutOptions::ParamSpecs()) specs.push_back(std::move(spec));
  specs.push_back(ParamSpec::Double("expand", 0, 0, 1,
                                    "the chance that an expansion takes the game's rollout "
                                    "policy's choice among the untried actions (0: uniformly "
                                    "random, the baseline)"));
  specs.push_back(ParamSpec::Double("bias", 0, 0, 100,
                                    "progressive bias: the game's rollout policy's choice gets "
                                    "bias/(visits+1) on top of its UCB value (0: none)"));
  specs.push_back(ParamSpec::Double("widen", 0, 0, 100,
                                    "progressive widening: a node offers a new action only while "
                                    "fewer than 1+widen*sqrt(visits) of its legal actions were "
                                    "tried (0: all before UCB); with expand, in the policy's "
                                    "order"));
  specs.push_back(ParamSpec::Double("history", 0, 0, 100,
                                    "progressive history: a tried edge gets history*H/((1-mean)*"
                                    "visits+1) on top of its UCB value, H its action's average "
                                    "value anywhere in the search (0: none)"));
  specs.push_back(ParamSpec::Choice("ties", "first", {"first", "random"},
                                    "how selection breaks exact ties of UCB value: the lowest "
                                    "action id (first, the baseline) or uniformly at random"));
  specs.push_back(ParamSpec::Choice("simul", "ucb", {"ucb", "rm"},
                                    "selection at simultaneous decisions: ucb: decoupled UCB (the "
                                    "baseline); rm: regret matching with gamma exploration"));
  specs.push_back(ParamSpec::Double("gamma", 0.1, 0, 1,
                                    "with simul=rm: the share of uniformly random choices mixed "
                                    "into the regret-matching strategy"));
  specs.push_back(ParamSpec::Choice("final", "visits", {"visits", "average", "sample"},
                                    "the move at a simultaneous root: visits: the most visited "
                                    "(the baseline); with simul=rm: average: the most likely in "
                                    "the average strategy; sample: drawn from it"));
  specs.push_back(ParamSpec::Bool("reopen", false,
                                  "at a simultaneous step, take back the other players' hidden "
                                  "submissions in each determinization, so that the search "
                                  "chooses them (false: drawn uniformly, the baseline)"));
  return specs;
}

Result<void> CheckIsmctsParams(const Params& params) {
  if (params.Choice("final") != "visits" && params.Choice("simul") != "rm")
    return Fail(ErrorCode::kInvalidArgument,
                "ismcts: final=" + params.Choice("final") +
                    " needs simul=rm (the average strategy exists only with regret matching)");
  return {};
}

IsmctsAgent::IsmctsAgent(const Params& params, uint64_t seed)
    : SearchAgent("ismcts", params, seed), final_(FinalOf(params)) {
  const size_t tree_bytes = size_t(params.Int("tree_mb")) << 20;
  const int trees = threads();
  for (int t = 0; t < trees; ++t)
    searches_.push_back(std::make_unique<ismcts::Search>(
        params.Double("c"), int(params.Int("depth")), params.Double("margin"),
        tree_bytes / size_t(trees), PlayoutOptions::FromParams(params),
        ismcts::TreeKnowledge{params.Double("expand"), params.Double("bias"),
                              params.Double("widen"), params.Double("history"),
                              params.Choice("ties") == "random", params.Choice("simul") == "rm",
                              params.Double("gamma"), params.Bool("reopen")}));
}

// One decision: the agent's searches, continued slice by slice on a copy of the state.
class IsmctsAgent::RootDecision final : public DecisionOf<IsmctsAgent> {
 public:
  using DecisionOf::DecisionOf;

 private:
  void StartParts() override {
    for (int t = 0; t < agent_.threads(); ++t)
      agent_.searches_[size_t(t)]->Begin(state(), player(), PartSeed(t));
  }
  int64_t ContinuePart(int part, BudgetClock& clock) override {
    return agent_.searches_[size_t(part)]->Continue(state(), clock);
  }
  uint64_t PartSeed(int part) const { return DeriveSeed(seed(), uint64_t(part)); }
  std::vector<ActionEstimate> Gather() const override {
    std::vector<std::vector<ActionEstimate>> parts;
    for (size_t t = 0; t < agent_.searches_.size(); ++t)
      parts.push_back(agent_.searches_[t]->RootEstimates());
    return MergeEstimates(parts);
  }
  Action Pick(const std::vector<ActionEstimate>& estimates) const override {
    // The tree's root decides whether it is simultaneous (with reopen=1 it may be where the
    // state has one seat to act); at a sequential root no strategy is summed, so the average is
    // empty and the most visited is played.
    if (agent_.final_ != FinalChoice::kVisits) {
      const Action action =
          FromAverageStrategy(agent_.searches_, agent_.final_ == FinalChoice::kSample,
                              Rng(DeriveSeed(seed(), kFinalDrawStream)));
      if (action != kInvalidAction) return action;
    }
    return MostVisited(estimates);
  }
  // The generator stream of final=sample's draw (the parts' searches use streams 0..threads-1).
  static constexpr uint64_t kFinalDrawStream = 1'000'003;
};

std::unique_ptr<SearchDecision> IsmctsAgent::Start(const State& state, Player player,
                                                   bool take_forced) {
  return std::make_unique<RootDecision>(*this, state, player, take_forced);
}

std::unique_ptr<Agent> MakeIsmctsAgent(const Params& params, uint64_t seed) {
  return std::make_unique<IsmctsAgent>(params, seed);
}

}  // namespace savanna
