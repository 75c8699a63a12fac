// The flat Monte Carlo agent.
#include "agents/flat_mc_agent.h"

#include <typeinfo>

#include "agents/search_agent.h"
#include "core/check.h"

namespace savanna {
namespace {

class FlatMcAgent final : public SearchAgent {
 public:
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

}  // namespace

std::vector<ParamSpec> FlatMcParamSpecs() {
  std::vector<ParamSpec> specs = SearchBudget::ParamSpecs(1000);
  specs.push_back(MarginParam(0));
  specs.push_back(ThreadsParam());
  return specs;
}

FlatMcAgent::FlatMcAgent(const Params& params, uint64_t seed)
    : SearchAgent("flat_mc", params, seed),
      margin_weight_(params.Double("margin")),
      workers_(size_t(threads())) {}

int64_t FlatMcAgent::Work(Worker& w, const State& state, Player player, const ActionList& legal,
                          BudgetClock& clock) {
  const int n = legal.Size();
  int64_t i = 0;
  for (; clock.More(i); ++i, ++w.done) {
    const int k = int(w.done % n);
    w.scratch->CopyFrom(state);
    w.scratch->DeterminizeInPlace(player, w.rng);
    // At a simultaneous decision the others still to submit pick at random first.
    ApplyOthers(*w.scratch, player, w.rng, w.buffer, nullptr);
    w.scratch->ApplyUnchecked(player, legal[k]);
    Rollout(*w.scratch, w.rng, w.buffer, nullptr);
    const PlayerValues wins = w.scratch->Returns();
    w.sums[size_t(k)] += SearchReturns(*w.scratch, wins, margin_weight_)[player];
    w.wins[size_t(k)] += wins[player];
    ++w.counts[size_t(k)];
  }
  return i;
}

// One decision: the workers' playouts, continued slice by slice on a copy of the state.
class FlatMcAgent::RootDecision final : public DecisionOf<FlatMcAgent> {
 public:
  using DecisionOf::DecisionOf;

 private:
  void StartParts() override {
    const size_t n = size_t(legal().Size());
    for (int t = 0; t < agent_.threads(); ++t) {
      Worker& w = agent_.workers_[size_t(t)];
      if (!w.scratch || !SameType(*w.scratch, state())) w.scratch = state().Clone();
      w.rng.Seed(DeriveSeed(seed(), uint64_t(t)));
      w.done = 0;
      w.sums.assign(n, 0.0);
      w.wins.assign(n, 0.0);
      w.counts.assign(n, 0);
    }
  }
  int64_t ContinuePart(int part, BudgetClock& clock) override {
    return agent_.Work(agent_.workers_[size_t(part)], state(), player(), legal(), clock);
  }
  std::vector<ActionEstimate> Gather() const override {
    std::vector<ActionEstimate> estimates;
    for (int k = 0; k < legal().Size(); ++k) {
      int64_t visits = 0;
      double sum = 0;
      double wins = 0;
      for (const Worker& w : agent_.workers_) {
        visits += w.counts[size_t(k)];
        sum += w.sums[size_t(k)];
        wins += w.wins[size_t(k)];
      }
      if (visits > 0)
        estimates.push_back({legal()[k], visits, sum / double(visits), wins / double(visits)});
    }
    return estimates;
  }
  // The best mean return; ties go to the lower id.
  Action Pick(const std::vector<ActionEstimate>& estimates) const override {
    const ActionEstimate* best = &estimates.front();
    for (const ActionEstimate& e : estimates)
      if (e.mean_return > best->mean_return) best = &e;
    return best->action;
  }
};

std::unique_ptr<SearchDecision> FlatMcAgent::Start(const State& state, Player player,
                                                   bool take_forced) {
  return std::make_unique<RootDecision>(*this, state, player, take_forced);
}

std::unique_ptr<Agent> MakeFlatMcAgent(const Params& params, uint64_t seed) {
  return std::make_unique<FlatMcAgent>(params, seed);
}

}  // namespace savanna
