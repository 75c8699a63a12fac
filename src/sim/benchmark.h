// Speed measurements of a game through the public State API (the figures `savanna bench`
// prints and docs/performance.md reports): random playouts, clone, legal actions, determinize.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "nn/net.h"

namespace savanna {

struct BenchFigures {
  std::string spec;
  double moves_per_second = 0;  // random playouts: LegalActions + pick + ApplyUnchecked
  double games_per_second = 0;
  double clone_ns = 0;          // State::Clone (allocates the copy)
  double copy_ns = 0;           // State::CopyFrom into an existing state (no allocation)
  double legal_actions_ns = 0;  // one LegalActions call at a mid-game state
  double determinize_ns = 0;    // DeterminizeInPlace for the player to act
  // Decisions of the search agent (kBenchSearch unless given) at mid-game states, one thread:
  // iterations (each a determinization, a descent, a playout and a backup) per second.
  double ismcts_iterations_per_second = 0;
  // Net evaluations at the same mid-game states (the input written from the state for the player
  // to act, the trunk, the values and the policy over the legal actions: what a search pays at a
  // leaf), per second; 0 when no net was given.
  double net_evaluations_per_second = 0;
  int64_t moves = 0;   // moves in the playout measurement
  double seconds = 0;  // wall time of the playout measurement
};

// The search whose iterations per second bench measures by default.
inline constexpr std::string_view kBenchSearch = "ismcts(iters=1000)";

// Measures `game` on the calling thread for about `seconds` per figure; `search` is an agent spec
// whose Analyze reports visits (an ISMCTS configuration, a level, flat_mc), already checked with
// SearchReportsIterations; `net`, when given, must fit the game (nn::Net::CheckFits).
BenchFigures MeasureGame(const Game& game, double seconds, uint64_t seed,
                         std::string_view search = kBenchSearch,
                         std::shared_ptr<const nn::Net> net = nullptr);

// Whether the agent `search` makes reports iterations (visits) from Analyze on a mid-game state of
// `game`: false for agents that do not search (random, greedy), whose iterations bench cannot
// count. The spec must be valid (MakeAgent succeeds).
bool SearchReportsIterations(const Game& game, std::string_view search, uint64_t seed);

// Random games through the public State API as the playout measurement plays them: game i is
// dealt from DeriveSeed(seed, i), and every move is drawn with Rng(seed).Below over the legal
// actions of PlayersToAct().First(). What the games came to is kept so that a hand-written loop
// (bench/reference) can prove that it played the very same games.
struct PlayoutRun {
  int64_t games = 0;
  int64_t moves = 0;
  uint64_t action_digest = 0;  // every action id in order: FoldAction
  int64_t score_sum = 0;       // over the games, the sum of (seat + 1) * score of every seat
  double seconds = 0;          // wall time of the whole run
  double MovesPerSecond() const { return seconds > 0 ? double(moves) / seconds : 0; }
};

// One action id folded into a digest (FNV-1a over the ids).
constexpr uint64_t FoldAction(uint64_t digest, int64_t action) {
  return (digest ^ uint64_t(action)) * 0x100000001b3ull;
}

// Plays `games` whole games of `game` and times them (one allocation per game, the new state).
PlayoutRun PlayRandomGames(const Game& game, int64_t games, uint64_t seed);

// `count` non-terminal states of `game`, each reached by random play from its own seed and
// stopped at a uniformly random move of its game: the inputs of the clone, copy, legal-action
// and determinize measurements (also used by bench/).
std::vector<std::unique_ptr<State>> MidGameStates(const Game& game, int count, uint64_t seed);

}  // namespace savanna
