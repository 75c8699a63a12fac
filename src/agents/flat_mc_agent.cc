// The flat Monte Carlo agent.
#include "agents/flat_mc_agent.h"

#include "agents/search_agent.h"

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
  void StartParts(const SearchRoot& root) override;
  int64_t ContinuePart(const SearchRoot& root, int part, BudgetClock& clock) override;
  std::vector<ActionEstimate> Gather(const SearchRoot& root) const override;
  // The best mean return; ties go to the lower id.
  Action Pick(const std::vector<ActionEstimate>& estimates) const override;

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

void FlatMcAgent::StartParts(const SearchRoot& root) {
  const size_t n = size_t(root.legal.Size());
  for (int t = 0; t < threads(); ++t) {
    Worker& w = workers_[size_t(t)];
    if (!w.scratch || !SameType(*w.scratch, *root.state)) w.scratch = root.state->Clone();
    w.rng.Seed(DeriveSeed(root.seed, uint64_t(t)));
    w.done = 0;
    w.sums.assign(n, 0.0);
    w.wins.assign(n, 0.0);
    w.counts.assign(n, 0);
  }
}

int64_t FlatMcAgent::ContinuePart(const SearchRoot& root, int part, BudgetClock& clock) {
  Worker& w = workers_[size_t(part)];
  const int n = root.legal.Size();
  int64_t i = 0;
  for (; clock.More(i); ++i, ++w.done) {
    const int k = int(w.done % n);
    w.scratch->CopyFrom(*root.state);
    w.scratch->DeterminizeInPlace(root.player, w.rng);
    // At a simultaneous decision the others still to submit pick at random first.
    ApplyOthers(*w.scratch, root.player, w.rng, w.buffer);
    w.scratch->ApplyUnchecked(root.player, root.legal[k]);
    Rollout(*w.scratch, w.rng, w.buffer);
    const PlayerValues wins = w.scratch->Returns();
    w.sums[size_t(k)] += SearchReturns(*w.scratch, wins, margin_weight_)[root.player];
    w.wins[size_t(k)] += wins[root.player];
    ++w.counts[size_t(k)];
  }
  return i;
}

std::vector<ActionEstimate> FlatMcAgent::Gather(const SearchRoot& root) const {
  std::vector<ActionEstimate> estimates;
  for (int k = 0; k < root.legal.Size(); ++k) {
    int64_t visits = 0;
    double sum = 0;
    double wins = 0;
    for (const Worker& w : workers_) {
      visits += w.counts[size_t(k)];
      sum += w.sums[size_t(k)];
      wins += w.wins[size_t(k)];
    }
    if (visits > 0)
      estimates.push_back({root.legal[k], visits, sum / double(visits), wins / double(visits)});
  }
  return estimates;
}

Action FlatMcAgent::Pick(const std::vector<ActionEstimate>& estimates) const {
  const ActionEstimate* best = &estimates.front();
  for (const ActionEstimate& e : estimates)
    if (e.mean_return > best->mean_return) best = &e;
  return best->action;
}

std::unique_ptr<Agent> MakeFlatMcAgent(const Params& params, uint64_t seed) {
  return std::make_unique<FlatMcAgent>(params, seed);
}

}  // namespace savanna
