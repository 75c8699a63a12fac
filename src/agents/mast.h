// MAST, the Move-Average Sampling Technique (Finnsson and Björnsson 2008), in its epsilon-greedy
// form (Tak, Winands and Björnsson 2012): during one search, every (player, action) keeps the
// average value its player got in the iterations where it was played, wherever in the game; a
// playout then plays, with chance 1 - epsilon, the legal action with the best average instead of
// a uniformly random one. It needs no game knowledge: actions are the game's dense ids, so "play
// two zebras" learns its worth across every position in which it was played. ISMCTS's
// progressive history (ismcts::TreeKnowledge::history) reads the same averages in its tree.
#pragma once

#include <cstdint>
#include <vector>

#include "core/action_list.h"
#include "core/rng.h"
#include "core/types.h"

namespace savanna {

class Mast {
 public:
  // Forgets everything: a table for `players` players and `actions` distinct actions (allocates
  // only when larger than before), `epsilon` the chance of a uniformly random move (1: Choose is
  // uniformly random, the table only records, as progressive history needs).
  void Reset(int players, int actions, double epsilon);
  // One of `legal` (not empty) for `player`: at random with chance epsilon, else the best average
  // (actions not yet played count as the best possible, 1; ties at random). Allocation-free.
  Action Choose(Player player, const ActionList& legal, Rng& rng) const;
  // Makes room for iterations of up to `moves` moves, so that Record never allocates in them.
  void ReserveMoves(size_t moves) { moves_.reserve(moves); }
  // Notes that `player` played `action` in this iteration.
  void Record(Player player, Action action) {
    moves_.push_back(uint32_t(player) * uint32_t(actions_) + uint32_t(action));
  }
  // Ends an iteration: every move recorded since the last call gets its player's value.
  void Update(const PlayerValues& values);
  // The average value of `player`'s `action` so far (1 when never played).
  double Average(Player player, Action action) const;

 private:
  int actions_ = 0;
  double epsilon_ = 1;
  std::vector<float> sum_;
  std::vector<uint32_t> count_;
  std::vector<uint32_t> moves_;  // this iteration's moves, as player * actions_ + action
};

}  // namespace savanna
