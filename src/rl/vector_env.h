// A batch of N games of one configuration stepped together, for reinforcement learning: one call
// applies one action per game and writes, per game, the observation and the legal-action mask of
// the player to act next into caller-provided arrays. Games that end are scored and restarted
// (automatic reset). Game-agnostic: it sees only the core State API.
//
// Simultaneous decisions are taken one submission at a time, in seat order, like OpenSpiel's
// turn-based view of simultaneous games: submissions stay hidden, so the next submitter's
// observation does not show the pending ones.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/game.h"

namespace savanna::rl {

// Where one call writes its results; every span holds N rows (row-major), sized as the
// comments say. The vector env writes every entry of every row on each call.
struct VectorOutputs {
  std::span<float> observations;  // N x ObservationSize(): of the player to act next
  std::span<uint8_t> masks;       // N x NumDistinctActions(): 1 where legal for that player
  std::span<int32_t> to_play;     // N: the player to act next
  std::span<float> rewards;       // N x NumPlayers(): the returns of a game that just ended
  std::span<uint8_t> dones;       // N: 1 when the game ended with this step (it was reset)
};

class VectorEnv {
 public:
  // `num_envs` games; game i's k-th deal is seeded DeriveSeed(DeriveSeed(seed, i), k). With
  // `threads` > 1 a step splits the games among that many threads (results do not depend on it).
  VectorEnv(std::shared_ptr<const Game> game, int num_envs, uint64_t seed, int threads = 1);

  const Game& game() const { return *game_; }
  int num_envs() const { return int(states_.size()); }
  int observation_size() const { return obs_size_; }
  int num_actions() const { return num_actions_; }
  int num_players() const { return num_players_; }
  const State& state(int i) const { return *states_[i]; }

  // Restarts every game from its next deal and writes the outputs (rewards and dones zero).
  void Reset(const VectorOutputs& out);
  // Applies actions[i] for game i's player to act. `out` must hold what the last Reset or Step
  // wrote (its masks are the legality test). Every action must be legal; the first
  // illegal one stops the call before any game changes and returns false with `bad` set to its
  // index (checked up front, so a bad batch never leaves half-stepped games).
  bool Step(std::span<const int32_t> actions, const VectorOutputs& out, int* bad);

  // Games finished since construction, and actions applied.
  int64_t games_finished() const { return games_finished_; }

 private:
  void NewDeal(int i);
  void Write(int i, const VectorOutputs& out) const;
  void StepRange(int begin, int end, std::span<const int32_t> actions, const VectorOutputs& out);
  bool CheckOutputs(const VectorOutputs& out) const;

  std::shared_ptr<const Game> game_;
  std::vector<std::unique_ptr<State>> states_;
  std::vector<uint64_t> env_seeds_;
  std::vector<uint64_t> deals_;  // per game: deals started
  int threads_;
  int obs_size_, num_actions_, num_players_;
  int64_t games_finished_ = 0;
};

}  // namespace savanna::rl
