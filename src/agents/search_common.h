// What the search agents share: the per-decision budget (iterations or seconds), playouts to
// the end of the game, and the estimates an agent can report for each of its actions.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "agents/agent.h"
#include "core/action_list.h"
#include "core/params.h"
#include "core/rng.h"
#include "core/rollout_policy.h"
#include "core/state.h"

namespace savanna {

// How long one decision may search: `iterations` playouts, or, when `seconds` > 0, as many as
// fit in that time (then the result depends on the machine's speed). The time is wall-clock time
// (`clock=wall`, the default), or, with `clock=cpu`, the CPU time of each searching thread: on a
// loaded machine a search then gets the same work done whatever share of a core it is given
// (docs/agents.md, "Budgets").
struct SearchBudget {
  int64_t iterations = 1000;
  double seconds = 0;
  bool cpu_clock = false;  // `seconds` of each part's thread CPU time instead of wall time

  // The `iters`, `time` and `clock` parameters every search agent declares.
  static std::vector<ParamSpec> ParamSpecs(int64_t default_iterations);
  static SearchBudget FromParams(const Params& params);
  // The `clock` parameter alone (the levels declare it with their own `time`).
  static ParamSpec ClockParam();
};

// The CPU time the calling thread has used so far (CLOCK_THREAD_CPUTIME_ID). A system call:
// about 0.65 us on this machine, twenty times a steady_clock read, so BudgetClock reads it only
// when the wall clock says the CPU budget could be spent.
std::chrono::nanoseconds ThreadCpuTime();

// Tells a search loop when to stop: after `iterations` iterations, at a wall-clock deadline when
// there is one, or once the calling thread has used `cpu_left` more CPU time when that is given,
// whichever comes first. The clocks are read every kClockStride calls; with a deadline or a CPU
// budget the first iteration always runs, so that every slice makes progress. The CPU clock is
// read only when the wall clock has advanced by the CPU time still left since its last reading
// (a thread cannot use more CPU time than wall time passes), so a search that gets a whole core
// reads it about twice, and one that gets a share s of a core about log(left/stride)/s times.
// A BudgetClock belongs to the thread that constructs it.
class BudgetClock {
 public:
  using Clock = std::chrono::steady_clock;
  BudgetClock(int64_t iterations, std::optional<Clock::time_point> deadline,
              std::optional<std::chrono::nanoseconds> cpu_left = std::nullopt);
  // True while iteration `done` (0-based) may still run.
  bool More(int64_t done) {
    if (done >= limit_) return false;
    if (!timed_ || done % kClockStride != 0) return true;
    if (done == 0) return true;
    const Clock::time_point now = Clock::now();
    if (now >= deadline_) return false;
    return !cpu_timed_ || now < next_cpu_read_ || CpuLeft(now);
  }
  // The thread's CPU time when the clock was made (with a CPU budget; else zero).
  std::chrono::nanoseconds cpu_start() const { return cpu_start_; }

 private:
  // Reads the thread's CPU clock: false once the CPU budget is spent; else schedules the next
  // reading.
  bool CpuLeft(Clock::time_point now);

  static constexpr int64_t kClockStride = 8;
  int64_t limit_;
  bool timed_;
  bool cpu_timed_;
  Clock::time_point deadline_;  // time_point::max() without a wall deadline
  std::chrono::nanoseconds cpu_start_{0};
  std::chrono::nanoseconds cpu_deadline_{0};
  Clock::time_point next_cpu_read_;
};

// One decision's search, run a slice at a time (Agent::Begin of the search agents): `parts`
// independent searches (the agent's threads), each with its share of the iterations, or all of
// them for the budget's seconds of thinking time, counted only inside Step: wall-clock time of
// the Steps, or, with the budget's CPU clock, each part's own thread CPU time inside them (the
// search is done when every part has used its seconds; a slice still ends at its wall-clock
// length). The caller supplies `work(part, clock)`, which continues part `part` until `clock`
// stops it and returns the iterations it ran.
class SlicedSearch {
 public:
  using Work = std::function<int64_t(int part, BudgetClock& clock)>;
  SlicedSearch(const SearchBudget& budget, int parts);
  // Runs every part, part 0 on the calling thread and the others on threads of their own, for at
  // most `slice` of wall-clock time (kWholeBudget: the whole budget at once) or what is left of
  // the budget. Returns true once the budget is spent.
  bool Step(std::chrono::nanoseconds slice, const Work& work);
  bool Done() const;
  static constexpr std::chrono::nanoseconds kWholeBudget = std::chrono::nanoseconds::max();
  // Thinking time used so far: wall-clock time inside Step, or with the CPU clock the CPU time
  // of part `part`'s thread(s) inside it.
  std::chrono::nanoseconds Used(int part) const {
    return budget_.cpu_clock ? cpu_used_[size_t(part)] : used_;
  }

 private:
  std::chrono::nanoseconds Budget() const;
  // With an iteration budget: the iterations of part `t`, its share of them.
  int64_t Share(int t) const;

  SearchBudget budget_;
  std::vector<int64_t> done_;  // iterations per part
  std::chrono::nanoseconds used_{0};
  std::vector<std::chrono::nanoseconds> cpu_used_;  // per part, with the CPU clock
};

// Whether two states are of the same game type (a scratch state can be reused for the other).
bool SameType(const State& a, const State& b);

// Plays `state` to its end by uniformly random moves, several players to act submitting in seat
// order: the baseline agents' playouts, whether or not the game offers knowledge (Playout plays
// by a game's policy). Allocation-free.
void Rollout(State& state, Rng& rng, ActionList& buffer);

// Applies, for every player to act in `state` except `skip`, a uniformly random legal action, in
// seat order. Used at a simultaneous root.
void ApplyOthers(State& state, Player skip, Rng& rng, ActionList& buffer);

// How a search plays out below its tree. The defaults are the baseline: uniformly random moves to
// the end of the game.
struct PlayoutOptions {
  // Play by the game's knowledge (Game::rollout_policy(), when the game has one); false:
  // uniformly random playouts.
  bool use_policy = false;
  // With a policy: the chance of a uniformly random move instead of the policy's (epsilon-greedy;
  // -1: the policy's PreferredEpsilon()).
  double epsilon = 0;
  // With a policy: playout moves before the playout stops and the policy's evaluation scores the
  // position (0: play to the end; -1: the policy's PreferredCutoff()).
  int cutoff = 0;

  // The `playout`, `eps` and `cutoff` parameters of the search agents (defaults: the baseline).
  static std::vector<ParamSpec> ParamSpecs();
  static PlayoutOptions FromParams(const Params& params);
};

// Plays `state` out as `options` say, by `policy` (with use_policy, the game's; null: uniformly
// random to the end). Returns what the playout is worth, as SearchReturns (`values`) and the win
// shares (`wins`): at the end of the game the real ones; cut off, the policy's evaluation (both).
// Allocation-free.
void Playout(State& state, Rng& rng, ActionList& buffer, const RolloutPolicy* policy,
             const PlayoutOptions& options, double margin_weight, PlayerValues& values,
             PlayerValues& wins);

// What a finished playout is worth to each player, in [0, 1]: `wins`, the game's Returns() (a
// share of the win), mixed with weight `margin_weight` with the player's score margin to the best
// of the others, scaled by the spread of all scores into [0, 1] (1: ahead by the whole spread, 0.5:
// level, 0: behind by it). With two players the margin term equals the win (a draw 0.5), so only
// games of three or more feel it; there it gives a signal where a win is rare: how close the player
// came to first place. Allocation-free.
PlayerValues SearchReturns(const State& terminal, const PlayerValues& wins, double margin_weight);

// Sums the estimates of several searches of the same root (by action).
std::vector<ActionEstimate> MergeEstimates(const std::vector<std::vector<ActionEstimate>>& parts);

// The most visited action; ties go to the higher mean return, then to the lower id.
Action MostVisited(const std::vector<ActionEstimate>& estimates);

// The `margin` parameter of the search agents: the weight of SearchReturns' margin term.
ParamSpec MarginParam(double default_weight);

// The `threads` parameter of the search agents.
ParamSpec ThreadsParam();

}  // namespace savanna
