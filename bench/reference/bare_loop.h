// The bare loops: random playouts of each game written as one tight function over a few plain
// arrays, with no State, no virtual call and no action list, as a hand-written simulator would
// be. They are the limit the public State API is measured against (bench/bare_loop_ratio.cc).
// Each plays its game with the default components and parameters (only the player count
// varies) and draws from the engine's Rng exactly as the API playouts of PlayRandomGames
// (src/sim/benchmark.h) do: game i is dealt from DeriveSeed(seed, i), each move is Below(n) of
// one Rng(seed) over the n legal actions in the API's order. So both play the very same games,
// and tests/bench/bare_loop_test.cc checks that they do.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/rng.h"

namespace savanna::reference {

// What a run of bare games came to: the same fields as PlayoutRun (src/sim/benchmark.h).
struct BareLoopRun {
  int64_t games = 0;
  int64_t moves = 0;
  uint64_t action_digest = 0;  // the API's id of every action played, in order (FoldId)
  int64_t score_sum = 0;       // over the games, the sum of (seat + 1) * score of every seat
  double seconds = 0;
  double MovesPerSecond() const { return seconds > 0 ? double(moves) / seconds : 0; }

  // One move: its API action id folded into the digest (FNV-1a over the ids, as FoldAction).
  void Move(int action_id) {
    action_digest = (action_digest ^ uint64_t(int64_t(action_id))) * 0x100000001b3ull;
    ++moves;
  }
};

// Plays `games` games from `seed` (the run's seconds stay 0: TimeBareLoop times it).
using BareLoop = BareLoopRun (*)(int players, int64_t games, uint64_t seed);

// The driver of every bare loop, which makes it play the API's games: game i is dealt from
// DeriveSeed(seed, i) and every move is chosen with one Rng(seed) over the whole run;
// `play_one(game_seed, choice, run)` plays one game and adds its moves and scores to `run`.
template <class PlayOne>
BareLoopRun PlayBareGames(int64_t games, uint64_t seed, PlayOne&& play_one) {
  BareLoopRun run;
  Rng choice(seed);
  for (; run.games < games; ++run.games)
    play_one(DeriveSeed(seed, uint64_t(run.games)), choice, run);
  return run;
}

BareLoopRun BareKaribaGames(int players, int64_t games, uint64_t seed);       // 2-4 players
BareLoopRun BareKilimanjaroGames(int players, int64_t games, uint64_t seed);  // 2-4
BareLoopRun BareKapKairoGames(int players, int64_t games, uint64_t seed);     // 2-4
BareLoopRun BareKalimamboGames(int players, int64_t games, uint64_t seed);    // 2-7
BareLoopRun BareKitaraGames(int players, int64_t games, uint64_t seed);       // 2-4

// The bare loop of the registered game `name` ("kariba", ...) and its player counts; a null
// loop for a game without one.
struct BareLoopEntry {
  std::string_view game;
  BareLoop loop = nullptr;
  int min_players = 0, max_players = 0;
};
BareLoopEntry FindBareLoop(std::string_view game);

// Runs `loop` for `games` games and times it.
BareLoopRun TimeBareLoop(BareLoop loop, int players, int64_t games, uint64_t seed);

}  // namespace savanna::reference
