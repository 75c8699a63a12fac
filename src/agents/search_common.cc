// Search budgets, playouts and the simultaneous-root helper shared by the search agents.
#include "agents/search_common.h"

#include <time.h>

#include <algorithm>
#include <limits>
#include <map>
#include <typeinfo>

#include "core/thread_pool.h"

namespace savanna {

std::vector<ParamSpec> SearchBudget::ParamSpecs(int64_t default_iterations) {
  return {
      ParamSpec::Int("iters", default_iterations, 1, 1'000'000'000,
                     "playouts per decision (ignored when time is set)"),
      ParamSpec::Double("time", 0, 0, 3600, "seconds per decision; 0: use iters (reproducible)"),
      ClockParam()};
}

ParamSpec SearchBudget::ClockParam() {
  return ParamSpec::Choice("clock", "wall", {"wall", "cpu"},
                           "what time= counts: wall: wall-clock seconds; cpu: CPU seconds of each "
                           "searching thread (the same work on a loaded machine)");
}

SearchBudget SearchBudget::FromParams(const Params& params) {
  SearchBudget b;
  b.iterations = params.Int("iters");
  b.seconds = params.Double("time");
  b.cpu_clock = params.Choice("clock") == "cpu";
  return b;
}

std::chrono::nanoseconds ThreadCpuTime() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return std::chrono::seconds(now.tv_sec) + std::chrono::nanoseconds(now.tv_nsec);
}

BudgetClock::BudgetClock(int64_t iterations, std::optional<Clock::time_point> deadline,
                         std::optional<std::chrono::nanoseconds> cpu_left)
    : limit_(iterations),
      timed_(deadline.has_value() || cpu_left.has_value()),
      cpu_timed_(cpu_left.has_value()),
      deadline_(deadline.value_or(Clock::time_point::max())) {
  if (cpu_timed_) {
    cpu_start_ = ThreadCpuTime();
    cpu_deadline_ = cpu_start_ + *cpu_left;
    next_cpu_read_ = Clock::now() + *cpu_left;
  }
}

bool BudgetClock::CpuLeft(Clock::time_point now) {
  const std::chrono::nanoseconds left = cpu_deadline_ - ThreadCpuTime();
  if (left <= std::chrono::nanoseconds(0)) return false;
  next_cpu_read_ = now + left;
  return true;
}

SlicedSearch::SlicedSearch(const SearchBudget& budget, int parts)
    : budget_(budget), done_(size_t(parts), 0), cpu_used_(size_t(parts)) {}

std::chrono::nanoseconds SlicedSearch::Budget() const {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
      std::chrono::duration<double>(budget_.seconds));
}

int64_t SlicedSearch::Share(int t) const {
  const int64_t parts = int64_t(done_.size());
  return budget_.iterations / parts + (t < budget_.iterations % parts ? 1 : 0);
}

bool SlicedSearch::Done() const {
  for (int t = 0; t < int(done_.size()); ++t)
    if (budget_.seconds > 0 ? Used(t) < Budget() : done_[size_t(t)] < Share(t)) return false;
  return true;
}

bool SlicedSearch::Step(std::chrono::nanoseconds slice, const Work& work) {
  using Clock = BudgetClock::Clock;
  const auto start = Clock::now();
  const int parts = int(done_.size());
  const bool timed = budget_.seconds > 0;
  // The deadline: the end of the slice, or of the wall-clock thinking time left, whichever is
  // first. With the CPU clock, each part also stops once its thread used the CPU time left to it.
  std::optional<Clock::time_point> deadline;
  std::chrono::nanoseconds length = slice;
  if (timed && !budget_.cpu_clock) length = std::min(length, Budget() - used_);
  if (length != kWholeBudget) deadline = start + length;
  auto run = [&](int t) {
    int64_t share = std::numeric_limits<int64_t>::max();
    if (!timed) share = Share(t) - done_[size_t(t)];
    std::optional<std::chrono::nanoseconds> cpu_left;
    if (timed && budget_.cpu_clock) {
      cpu_left = Budget() - cpu_used_[size_t(t)];
      if (*cpu_left <= std::chrono::nanoseconds(0)) return;  // this part is done, others not yet
    }
    BudgetClock clock(share, deadline, cpu_left);
    done_[size_t(t)] += work(t, clock);
    if (cpu_left) cpu_used_[size_t(t)] += ThreadCpuTime() - clock.cpu_start();
  };
  ThreadPool::Shared().Run(parts, run);
  used_ += std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start);
  return Done();
}

bool SameType(const State& a, const State& b) { return typeid(a) == typeid(b); }

namespace {

Action RandomLegal(const State& state, Player player, Rng& rng, ActionList& buffer) {
  state.LegalActions(player, buffer);
  return buffer[int(rng.Below(uint32_t(buffer.Size())))];
}

}  // namespace

void Rollout(State& state, Rng& rng, ActionList& buffer) {
  while (!state.IsTerminal()) {
    const Player player = state.PlayersToAct().First();
    state.ApplyUnchecked(player, RandomLegal(state, player, rng, buffer));
  }
}

void ApplyOthers(State& state, Player skip, Rng& rng, ActionList& buffer) {
  for (Player p : state.PlayersToAct())
    if (p != skip) state.ApplyUnchecked(p, RandomLegal(state, p, rng, buffer));
}

std::vector<ParamSpec> PlayoutOptions::ParamSpecs() {
  return {ParamSpec::Choice("playout", "random", {"random", "policy"},
                            "random: uniformly random playouts (the baseline); policy: the "
                            "game's heuristic rollout policy (random if it has none)"),
          ParamSpec::Double("eps", 0.1, -1, 1,
                            "with playout=policy: the chance of a random move instead of the "
                            "policy's (-1: the game's preferred share)"),
          ParamSpec::Int("cutoff", 0, -1, 100000,
                         "with playout=policy: moves before a playout stops and the game's "
                         "evaluation scores it (0: play to the end; -1: the game's preferred "
                         "cutoff)")};
}

PlayoutOptions PlayoutOptions::FromParams(const Params& params) {
  PlayoutOptions options;
  options.use_policy = params.Choice("playout") == "policy";
  options.epsilon = params.Double("eps");
  options.cutoff = int(params.Int("cutoff"));
  return options;
}

void Playout(State& state, Rng& rng, ActionList& buffer, const RolloutPolicy* policy,
             const PlayoutOptions& options, double margin_weight, PlayerValues& values,
             PlayerValues& wins) {
  if (policy == nullptr) {
    Rollout(state, rng, buffer);
  } else {
    const int players = state.NumPlayers();
    const int cutoff = options.cutoff < 0 ? policy->PreferredCutoff(players) : options.cutoff;
    const double epsilon =
        options.epsilon < 0 ? policy->PreferredEpsilon(players) : options.epsilon;
    for (int moves = 0; !state.IsTerminal(); ++moves) {
      if (cutoff > 0 && moves >= cutoff) {
        wins = values = policy->Evaluate(state);
        return;
      }
      const Player player = state.PlayersToAct().First();
      state.LegalActions(player, buffer);
      const bool explore = epsilon > 0 && (epsilon >= 1 || rng.Uniform() < epsilon);
      const Action action = explore ? buffer[int(rng.Below(uint32_t(buffer.Size())))]
                                    : policy->Choose(state, player, buffer, rng);
      state.ApplyUnchecked(player, action);
    }
  }
  wins = state.Returns();
  values = SearchReturns(state, wins, margin_weight);
}

PlayerValues SearchReturns(const State& terminal, const PlayerValues& wins, double margin_weight) {
  PlayerValues values = wins;
  if (margin_weight <= 0) return values;
  const PlayerValues scores = terminal.Scores();
  const int n = terminal.NumPlayers();
  // The lowest score, the highest (and who holds it) and the highest of everyone else.
  Player leader = 0;
  double low = scores[0];
  for (Player p = 1; p < n; ++p) {
    low = std::min(low, scores[p]);
    if (scores[p] > scores[leader]) leader = p;
  }
  double runner_up = -std::numeric_limits<double>::infinity();
  for (Player p = 0; p < n; ++p)
    if (p != leader) runner_up = std::max(runner_up, scores[p]);
  const double spread = scores[leader] > low ? scores[leader] - low : 1;
  for (Player p = 0; p < n; ++p) {
    const double best_other = p == leader ? runner_up : scores[leader];
    const double margin = 0.5 + 0.5 * (scores[p] - best_other) / spread;
    values[p] = (1 - margin_weight) * values[p] + margin_weight * margin;
  }
  return values;
}

ParamSpec MarginParam(double default_weight) {
  return ParamSpec::Double("margin", default_weight, 0, 1,
                           "weight of the score margin to the best opponent in a playout's value "
                           "(0: wins only)");
}

ParamSpec ThreadsParam() {
  return ParamSpec::Int("threads", 1, 1, 64,
                        "independent searches run in parallel, their root statistics summed");
}

std::vector<ActionEstimate> MergeEstimates(const std::vector<std::vector<ActionEstimate>>& parts) {
  if (parts.size() == 1) return parts[0];
  std::map<Action, ActionEstimate> sums;  // visits, summed return, summed wins
  for (const auto& part : parts)
    for (const ActionEstimate& e : part) {
      ActionEstimate& sum = sums[e.action];
      sum.visits += e.visits;
      sum.mean_return += e.mean_return * double(e.visits);
      sum.win_rate += e.win_rate * double(e.visits);
    }
  std::vector<ActionEstimate> merged;
  for (const auto& [action, sum] : sums) {
    const double n = sum.visits > 0 ? double(sum.visits) : 1;
    merged.push_back({action, sum.visits, sum.mean_return / n, sum.win_rate / n});
  }
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
