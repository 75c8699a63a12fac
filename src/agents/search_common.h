// What the search agents share: the per-decision budget (iterations or seconds), playouts to
// the end of the game, and the estimates an agent can report for each of its actions.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "agents/agent.h"
#include "core/action_list.h"
#include "core/params.h"
#include "core/rng.h"
#include "core/state.h"

namespace savanna {

// How long one decision may search: `iterations` playouts, or, when `seconds` > 0, as many as
// fit in that time (then the result depends on the machine's speed).
struct SearchBudget {
  int64_t iterations = 1000;
  double seconds = 0;

  // The `iters` and `time` parameters every search agent declares.
  static std::vector<ParamSpec> ParamSpecs(int64_t default_iterations);
  static SearchBudget FromParams(const Params& params);
};

// Tells a search loop when its budget is spent. The clock is read every kClockStride calls.
class BudgetClock {
 public:
  explicit BudgetClock(const SearchBudget& budget, int64_t iteration_share);
  // True while iteration `done` (0-based) may still run.
  bool More(int64_t done) {
    if (!timed_) return done < limit_;
    if (done % kClockStride != 0) return true;
    return done == 0 || std::chrono::steady_clock::now() < deadline_;
  }

 private:
  static constexpr int64_t kClockStride = 8;
  bool timed_;
  int64_t limit_;
  std::chrono::steady_clock::time_point deadline_;
};

// Plays `state` to its end: every player to act picks by the game's rollout policy, or
// uniformly at random. Several players to act submit in seat order. Allocation-free.
void Rollout(State& state, Rng& rng, ActionList& buffer);

// Applies, for every player to act in `state` except `skip`, a uniformly random legal action
// (or the rollout policy's), in seat order. Used at a simultaneous root.
void ApplyOthers(State& state, Player skip, Rng& rng, ActionList& buffer);

// What a finished playout is worth to each player, in [0, 1]: `wins`, the game's Returns() (a
// share of the win), mixed with weight `margin_weight` with the player's score margin to the best
// of the others, scaled by the spread of all scores into [0, 1] (1: ahead by the whole spread, 0.5:
// level, 0: behind by it). With two players the margin term equals the win (a draw 0.5), so only
// games of three or more feel it; there it gives a signal where a win is rare: how close the player
// came to first place. Allocation-free.
PlayerValues SearchReturns(const State& terminal, const PlayerValues& wins, double margin_weight);

// Root parallelism: runs `work(t, clock)` for t = 0..threads-1, thread 0 on the calling thread,
// the others on their own threads; each gets its share of the iterations (or the whole time)
// through its clock. Returns when all are done.
void RunParallel(int threads, const SearchBudget& budget,
                 const std::function<void(int thread, BudgetClock& clock)>& work);

// Sums the estimates of several searches of the same root (by action).
std::vector<ActionEstimate> MergeEstimates(const std::vector<std::vector<ActionEstimate>>& parts);

// The most visited action; ties go to the higher mean return, then to the lower id.
Action MostVisited(const std::vector<ActionEstimate>& estimates);

// The `margin` parameter of the search agents: the weight of SearchReturns' margin term.
ParamSpec MarginParam(double default_weight);

// The `threads` parameter of the search agents.
ParamSpec ThreadsParam();

}  // namespace savanna
