// The flat Monte Carlo agent.
#include "agents/flat_mc_agent.h"

#include <typeinfo>

#include "core/check.h"

namespace savanna {

std::vector<ParamSpec> FlatMcAgent::ParamSpecs() {
  std::vector<ParamSpec> specs = SearchBudget::ParamSpecs(1000);
  specs.push_back(MarginParam(0));
  specs.push_back(ThreadsParam());
  return specs;
}

FlatMcAgent::FlatMcAgent(const Params& params, uint64_t seed)
    : params_(params),
      budget_(SearchBudget::FromParams(params)),
      threads_(int(params.Int("threads"))),
      margin_weight_(params.Double("margin")),
      rng_(seed),
      workers_(size_t(threads_)) {
  params_.Set("seed", int64_t(seed));
}

void FlatMcAgent::Work(Worker& w, const State& state, Player player, uint64_t seed,
                       BudgetClock& clock) {
  if (!w.scratch || typeid(*w.scratch) != typeid(state)) w.scratch = state.Clone();
  w.rng.Seed(seed);
  const int n = legal_.Size();
  w.sums.assign(size_t(n), 0.0);
  w.wins.assign(size_t(n), 0.0);
  w.counts.assign(size_t(n), 0);
  for (int64_t i = 0; clock.More(i); ++i) {
    const int k = int(i % n);
    w.scratch->CopyFrom(state);
    w.scratch->DeterminizeInPlace(player, w.rng);
    // At a simultaneous decision the others still to submit pick at random first.
    ApplyOthers(*w.scratch, player, w.rng, w.buffer);
    w.scratch->ApplyUnchecked(player, legal_[k]);
    Rollout(*w.scratch, w.rng, w.buffer);
    const PlayerValues wins = w.scratch->Returns();
    w.sums[size_t(k)] += SearchReturns(*w.scratch, wins, margin_weight_)[player];
    w.wins[size_t(k)] += wins[player];
    ++w.counts[size_t(k)];
  }
}

std::vector<ActionEstimate> FlatMcAgent::SearchRoot(const State& state, Player player) {
  state.LegalActions(player, legal_);
  SAVANNA_CHECK_MSG(!legal_.Empty(), "flat_mc: player " + std::to_string(player) +
                                         " has no legal action\n" + state.ToJson().dump());
  const uint64_t decision_seed = rng_.Next();
  RunParallel(threads_, budget_, [&](int t, BudgetClock& clock) {
    Work(workers_[size_t(t)], state, player, DeriveSeed(decision_seed, uint64_t(t)), clock);
  });
  std::vector<ActionEstimate> estimates;
  for (int k = 0; k < legal_.Size(); ++k) {
    int64_t visits = 0;
    double sum = 0;
    double wins = 0;
    for (const Worker& w : workers_) {
      visits += w.counts[size_t(k)];
      sum += w.sums[size_t(k)];
      wins += w.wins[size_t(k)];
    }
    if (visits > 0)
      estimates.push_back({legal_[k], visits, sum / double(visits), wins / double(visits)});
  }
  return estimates;
}

Action FlatMcAgent::Choose(const State& state, Player player) {
  state.LegalActions(player, legal_);
  if (legal_.Size() == 1) {
    rng_.Next();
    return legal_[0];
  }
  // The best mean return; ties go to the lower id.
  const std::vector<ActionEstimate> estimates = SearchRoot(state, player);
  const ActionEstimate* best = &estimates.front();
  for (const ActionEstimate& e : estimates)
    if (e.mean_return > best->mean_return) best = &e;
  return best->action;
}

std::vector<ActionEstimate> FlatMcAgent::Analyze(const State& state, Player player) {
  return SearchRoot(state, player);
}

std::string FlatMcAgent::Spec() const { return FormatSpec("flat_mc", params_); }

}  // namespace savanna
