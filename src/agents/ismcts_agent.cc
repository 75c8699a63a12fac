// The ISMCTS agent: parameters, and its root-parallel searches (one per thread) for the search
// agents' decision (search_agent.h), which plays the action most visited over all of them.
#include "agents/ismcts_agent.h"

#include "agents/agent_net.h"
#include "agents/ismcts_search.h"
#include "agents/search_agent.h"

namespace savanna {
namespace {

class IsmctsAgent final : public SearchAgent {
 public:
  IsmctsAgent(const Params& params, uint64_t seed);
  Result<void> CanPlay(const Game& game) override {
    if (auto net = net_.Resolve(game); !net) return tl::unexpected(net.error());
    return {};
  }

 private:
  void StartParts(const SearchRoot& root) override {
    const std::shared_ptr<const nn::Net>& net = net_.For(root.state->game());
    for (int t = 0; t < threads(); ++t)
      searches_[size_t(t)]->Begin(*root.state, root.player, DeriveSeed(root.seed, uint64_t(t)),
                                  net);
  }
  int64_t ContinuePart(const SearchRoot& root, int part, BudgetClock& clock) override {
    return searches_[size_t(part)]->Continue(*root.state, clock);
  }
  std::vector<ActionEstimate> Gather(const SearchRoot&) const override {
    std::vector<std::vector<ActionEstimate>> parts;
    for (const auto& search : searches_) parts.push_back(search->RootEstimates());
    return MergeEstimates(parts);
  }

  std::vector<std::unique_ptr<ismcts::Search>> searches_;  // one per thread
  AgentNet net_;
};

}  // namespace

std::vector<ParamSpec> IsmctsParamSpecs() {
  std::vector<ParamSpec> specs = SearchBudget::ParamSpecs(1000);
  specs.push_back(
      ParamSpec::Double("c", 0.7, 0, 10, "UCB exploration constant (returns lie between 0 and 1)"));
  // Old records and stored tables name depth=0 (no limit); no level used a limit.
  specs.push_back(ParamSpec::Retired(
      ParamSpec::Int("depth", 0, 0, 1000, "decisions kept in the tree below the root"),
      "the tag search-experiments-2026-11"));
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
      .margin_weight = params.Double("margin"),
      .max_bytes = (size_t(params.Int("tree_mb")) << 20) / size_t(threads()),
      .playout = PlayoutOptions::FromParams(params),
      .expand = params.Double("expand"),
      .widen = params.Double("widen"),
      .reopen = params.Bool("reopen")};
  for (int t = 0; t < threads(); ++t)
    searches_.push_back(std::make_unique<ismcts::Search>(settings));
}

std::unique_ptr<Agent> MakeIsmctsAgent(const Params& params, uint64_t seed) {
  return std::make_unique<IsmctsAgent>(params, seed);
}

}  // namespace savanna
