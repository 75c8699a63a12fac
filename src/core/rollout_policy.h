// Optional game knowledge for search agents: a rollout policy that plays better than uniformly
// random, and a heuristic evaluation of unfinished positions. A game offers them through
// Game::rollout_policy(); agents stay game-agnostic. Each game's heuristics are described in the
// "Heuristics" section of docs/rules/<game>.md.
#pragma once

#include <cstdint>

#include "core/action_list.h"
#include "core/rng.h"
#include "core/state.h"
#include "core/types.h"

namespace savanna {

class RolloutPolicy {
 public:
  virtual ~RolloutPolicy() = default;
  // One of `legal` (never empty: the legal actions of `player`, who owes an action in `state`).
  // Called in every step of a playout, on determinized states: it must be fast and must not
  // allocate. Randomness comes only from `rng` (ties between equally good actions are broken
  // at random through it).
  virtual Action Choose(const State& state, Player player, const ActionList& legal,
                        Rng& rng) const = 0;
  // The policy's one-ply decision outside a playout (the `greedy` agent plays it), with the same
  // contract as Choose but allowed to cost more (it must not allocate either). By default
  // Choose; a game whose playout choice is a cheap draw from what strong play does (Kalimambo)
  // looks one step ahead here instead.
  virtual Action Decide(const State& state, Player player, const ActionList& legal,
                        Rng& rng) const {
    return Choose(state, player, legal, rng);
  }
  // Each player's estimated share of the win from `state` (not terminal), in [0, 1], summing to
  // 1 over the players: what a playout cut off here is worth. Must not allocate.
  virtual PlayerValues Evaluate(const State& state) const = 0;
  // The playout length (moves) after which a search does better to stop and Evaluate than to
  // play on, as measured for this game with `players` players (docs/agents.md); 0: play to the end.
  // Used by `ismcts(cutoff=-1)` and the ladder's levels.
  virtual int PreferredCutoff(int players) const {
    (void)players;
    return 0;
  }
  // The share of uniformly random moves in playouts that does best for this game, as measured
  // (1: the policy does not help playouts; the greedy agent still plays by it). Used by
  // `ismcts(eps=-1)` and the ladder's levels.
  virtual double PreferredEpsilon(int players) const {
    (void)players;
    return 0.1;
  }
};

// What a game measured for its policy's playouts with a number of players (docs/agents.md):
// RolloutPolicy's PreferredCutoff and PreferredEpsilon, with the same defaults.
struct PlayoutPreference {
  int cutoff = 0;
  double epsilon = 0.1;
};
constexpr PlayoutPreference DefaultPlayouts(int) { return {}; }

// A game's RolloutPolicy made of its functions, so that a game writes only what is its own:
//   Action ChooseRollout(const State&, Player, const ActionList& legal, Rng&);  (Choose)
//   PlayerValues EvaluatePosition(const State&);                                 (Evaluate)
//   using FooPolicy = FunctionPolicy<ChooseRollout, EvaluatePosition, FooPlayouts, FooDecide>;
// where FooPlayouts(players) gives the measured PlayoutPreference (default: DefaultPlayouts) and
// FooDecide, with ChooseRollout's signature, the one-ply decision (default: none, Choose decides).
using PolicyChoice = Action (*)(const State&, Player, const ActionList&, Rng&);
template <PolicyChoice kChoose, PlayerValues (*kEvaluate)(const State&),
          PlayoutPreference (*kPreference)(int players) = DefaultPlayouts,
          PolicyChoice kDecide = nullptr>
class FunctionPolicy final : public RolloutPolicy {
 public:
  Action Choose(const State& state, Player player, const ActionList& legal,
                Rng& rng) const override {
    return kChoose(state, player, legal, rng);
  }
  Action Decide(const State& state, Player player, const ActionList& legal,
                Rng& rng) const override {
    if constexpr (kDecide != nullptr) {
      return kDecide(state, player, legal, rng);
    } else {
      return kChoose(state, player, legal, rng);
    }
  }
  PlayerValues Evaluate(const State& state) const override { return kEvaluate(state); }
  int PreferredCutoff(int players) const override { return kPreference(players).cutoff; }
  double PreferredEpsilon(int players) const override { return kPreference(players).epsilon; }
};

// The best-scored of the actions offered, ties broken uniformly at random (reservoir sampling):
// a policy that always took the first of equals would play the same line in every playout.
class BestAction {
 public:
  void Offer(Action action, double score, Rng& rng) {
    if (ties_ == 0 || score > score_) {
      action_ = action;
      score_ = score;
      ties_ = 1;
    } else if (score == score_ && rng.Below(++ties_) == 0) {
      action_ = action;
    }
  }
  Action action() const { return action_; }

 private:
  Action action_ = kInvalidAction;
  double score_ = 0;
  uint32_t ties_ = 0;
};

// Shares of the win from per-player strengths (higher is better) by a softmax:
// exp(strength / scale) normalized over the first `players` entries. `scale` (> 0) is the lead in
// strength worth a factor e in the odds; the others' entries are 0.
PlayerValues SoftmaxShares(const PlayerValues& strength, int players, double scale);

}  // namespace savanna
