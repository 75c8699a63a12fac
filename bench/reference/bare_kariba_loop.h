// The bare Kariba loop: random playouts of standard Kariba (the 64-card deck, eight animals of
// eight cards, the closest weaker animal chased, one game, no face-up display) written as one
// tight function over a few arrays, with no State, no virtual call and no action list. It uses
// the engine's Rng exactly as `savanna bench` does through the public API (a fresh game from
// DeriveSeed(seed, i), moves picked by Rng::Below over the legal plays in the API's order), so
// both play the very same games and their speeds compare like for like.
#pragma once

#include <cstdint>

namespace savanna::reference {

struct BareLoopRun {
  int64_t games = 0;
  int64_t moves = 0;
  uint64_t action_sum = 0;  // the sum of the API's action ids played: proves the same games
  uint64_t score_sum = 0;   // the sum of the first player's final scores: the same outcomes
  double seconds = 0;
  double MovesPerSecond() const { return seconds > 0 ? double(moves) / seconds : 0; }
};

// `players` is 2, 3 or 4 (five and six seats need the nine-animal deck).
// Plays games back to back until `seconds` of wall time have passed (checked between games).
BareLoopRun BareKaribaPlayouts(int players, double seconds, uint64_t seed);

// Plays exactly `games` games (for the test that compares with the API).
BareLoopRun BareKaribaGames(int players, int64_t games, uint64_t seed);

}  // namespace savanna::reference
