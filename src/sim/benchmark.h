// Speed measurements of a game through the public State API (the figures `savanna bench`
// prints and docs/performance.md reports): random playouts, clone, legal actions, determinize.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace savanna {

struct BenchFigures {
  std::string spec;
  double moves_per_second = 0;  // random playouts: LegalActions + pick + ApplyUnchecked
  double games_per_second = 0;
  double clone_ns = 0;          // State::Clone (allocates the copy)
  double copy_ns = 0;           // State::CopyFrom into an existing state (no allocation)
  double legal_actions_ns = 0;  // one LegalActions call at a mid-game state
  double determinize_ns = 0;    // DeterminizeInPlace for the player to act
  // ismcts(iters=1000) decisions at mid-game states, one thread: iterations (each a
  // determinization, a descent, a playout and a backup) per second.
  double ismcts_iterations_per_second = 0;
  int64_t moves = 0;   // moves in the playout measurement
  double seconds = 0;  // wall time of the playout measurement
};

// Measures `game` on the calling thread for about `seconds` per figure.
BenchFigures MeasureGame(const Game& game, double seconds, uint64_t seed);

// `count` non-terminal states of `game`, each reached by random play from its own seed and
// stopped at a uniformly random move of its game: the inputs of the clone, copy, legal-action
// and determinize measurements (also used by bench/).
std::vector<std::unique_ptr<State>> MidGameStates(const Game& game, int count, uint64_t seed);

}  // namespace savanna
