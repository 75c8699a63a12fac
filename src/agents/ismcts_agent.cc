// The ISMCTS agent: parameters, the decision (root-parallel searches run in slices) and the
// final choice.
#include "agents/ismcts_agent.h"

#include "agents/agent_net.h"
#include "agents/ismcts_search.h"
#include "agents/search_agent.h"

namespace savanna {
namespace {

class IsmctsAgent final : public SearchAgent {
 public:
  IsmctsAgent(const Params& params, uint64_t seed);
  // With a net: one that fits `game`.
  Result<void> CanPlay(const Game& game) override;

 private:
  class RootDecision;
  std::unique_ptr<SearchDecision> Start(const State& state, Player player,
                                        bool take_forced) override;

  std::vector<std::unique_ptr<ismcts::Search>> searches_;  // one per thread
  AgentNet net_;
};

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
  specs.push_back(ParamSpec::Double("widen", 0, 0, 100,
                                    "progressive widening: a node offers a new action only while "
                                    "fewer than 1+widen*sqrt(visits) of its legal actions were "
                                    "tried (0: all before UCB); with expand, in the policy's "
                                    "order"));
  specs.push_back(ParamSpec::Bool("reopen", false,
                                  "at a simultaneous step, take back the other players' hidden "
                                  "submissions in each determinization, so that the search "
                                  "chooses them (false: drawn uniformly, the baseline)"));
  specs.push_back(AgentNet::Param(
      "none. With a net its values score the leaves instead of playouts and its policy is the "
      "prior of PUCT selection (c its constant); playout, eps, cutoff, expand and widen then do "
      "nothing"));
  return specs;
}

IsmctsAgent::IsmctsAgent(const Params& params, uint64_t seed)
    : SearchAgent("ismcts", params, seed), net_(params, "none") {
  // The threads' trees share tree_mb.
  const ismcts::Settings settings{
      .c = params.Double("c"),
      .max_depth = int(params.Int("depth")),
      .margin_weight = params.Double("margin"),
      .max_bytes = (size_t(params.Int("tree_mb")) << 20) / size_t(threads()),
      .playout = PlayoutOptions::FromParams(params),
      .expand = params.Double("expand"),
      .widen = params.Double("widen"),
      .reopen = params.Bool("reopen")};
  for (int t = 0; t < threads(); ++t)
    searches_.push_back(std::make_unique<ismcts::Search>(settings));
}

// One decision: the agent's searches, continued slice by slice on a copy of the state.
class IsmctsAgent::RootDecision final : public DecisionOf<IsmctsAgent> {
 public:
  using DecisionOf::DecisionOf;

 private:
  void StartParts() override {
    const std::shared_ptr<const nn::Net>& net = agent_.net_.For(state().game());
    for (int t = 0; t < agent_.threads(); ++t)
      agent_.searches_[size_t(t)]->Begin(state(), player(), PartSeed(t), net);
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
    return MostVisited(estimates);
  }
};

Result<void> IsmctsAgent::CanPlay(const Game& game) {
  if (auto net = net_.Resolve(game); !net) return tl::unexpected(net.error());
  return {};
}

std::unique_ptr<SearchDecision> IsmctsAgent::Start(const State& state, Player player,
                                                   bool take_forced) {
  return std::make_unique<RootDecision>(*this, state, player, take_forced);
}

std::unique_ptr<Agent> MakeIsmctsAgent(const Params& params, uint64_t seed) {
  return std::make_unique<IsmctsAgent>(params, seed);
}

}  // namespace savanna
