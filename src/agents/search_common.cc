// Search budgets, playouts and the simultaneous-root helper shared by the search agents.
#include "agents/search_common.h"

#include <algorithm>
#include <map>
#include <thread>

#include "core/game.h"

namespace savanna {

std::vector<ParamSpec> SearchBudget::ParamSpecs(int64_t default_iterations) {
  return {
      ParamSpec::Int("iters", default_iterations, 1, 1'000'000'000,
                     "playouts per decision (ignored when time is set)"),
      ParamSpec::Double("time", 0, 0, 3600, "seconds per decision; 0: use iters (reproducible)")};
}

SearchBudget SearchBudget::FromParams(const Params& params) {
  SearchBudget b;
  b.iterations = params.Int("iters");
  b.seconds = params.Double("time");
  return b;
}

BudgetClock::BudgetClock(const SearchBudget& budget, int64_t iteration_share)
    : timed_(budget.seconds > 0),
      limit_(iteration_share),
      deadline_(std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(budget.seconds))) {}

namespace {

Action Pick(const State& state, Player player, Rng& rng, ActionList& buffer,
            const RolloutPolicy* policy) {
  state.LegalActions(player, buffer);
  if (policy != nullptr) return policy->Choose(state, player, buffer, rng);
  return buffer[int(rng.Below(uint32_t(buffer.Size())))];
}

}  // namespace

void Rollout(State& state, Rng& rng, ActionList& buffer) {
  const RolloutPolicy* policy = state.game().rollout_policy();
  while (!state.IsTerminal()) {
    const Player player = state.PlayersToAct().First();
    state.ApplyUnchecked(player, Pick(state, player, rng, buffer, policy));
  }
}

void ApplyOthers(State& state, Player skip, Rng& rng, ActionList& buffer) {
  const RolloutPolicy* policy = state.game().rollout_policy();
  for (Player p : state.PlayersToAct())
    if (p != skip) state.ApplyUnchecked(p, Pick(state, p, rng, buffer, policy));
}

ParamSpec ThreadsParam() {
  return ParamSpec::Int("threads", 1, 1, 64,
                        "independent searches run in parallel, their root statistics summed");
}

void RunParallel(int threads, const SearchBudget& budget,
                 const std::function<void(int thread, BudgetClock& clock)>& work) {
  auto run = [&](int t) {
    const int64_t share = budget.iterations / threads + (t < budget.iterations % threads ? 1 : 0);
    BudgetClock clock(budget, share);
    work(t, clock);
  };
  std::vector<std::thread> others;
  for (int t = 1; t < threads; ++t) others.emplace_back(run, t);
  run(0);
  for (auto& thread : others) thread.join();
}

std::vector<ActionEstimate> MergeEstimates(const std::vector<std::vector<ActionEstimate>>& parts) {
  if (parts.size() == 1) return parts[0];
  std::map<Action, std::pair<int64_t, double>> sums;  // visits, summed return
  for (const auto& part : parts)
    for (const ActionEstimate& e : part) {
      auto& [visits, total] = sums[e.action];
      visits += e.visits;
      total += e.mean_return * double(e.visits);
    }
  std::vector<ActionEstimate> merged;
  for (const auto& [action, sum] : sums)
    merged.push_back({action, sum.first, sum.first > 0 ? sum.second / double(sum.first) : 0});
  return merged;
}

Action MostVisited(const std::vector<ActionEstimate>& estimates) {
  const ActionEstimate* best = nullptr;
  for (const ActionEstimate& e : estimates)
    if (best == nullptr || e.visits > best->visits ||
        (e.visits == best->visits && e.mean_return > best->mean_return))
      best = &e;
  return best == nullptr ? kInvalidAction : best->action;
}

}  // namespace savanna
