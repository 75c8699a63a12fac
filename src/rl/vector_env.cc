// VectorEnv: the batched step, automatic reset and the split over threads.
#include "rl/vector_env.h"

#include <algorithm>
#include <cstring>

#include "core/check.h"
#include "core/rng.h"
#include "core/thread_pool.h"

namespace savanna::rl {

VectorEnv::VectorEnv(std::shared_ptr<const Game> game, int num_envs, uint64_t seed, int threads)
    : game_(std::move(game)),
      threads_(std::max(1, threads)),
      obs_size_(game_->ObservationSize()),
      num_actions_(game_->NumDistinctActions()),
      num_players_(game_->NumPlayers()) {
  SAVANNA_CHECK(num_envs > 0);
  states_.resize(num_envs);
  deals_.assign(num_envs, 0);
  for (int i = 0; i < num_envs; ++i) env_seeds_.push_back(DeriveSeed(seed, uint64_t(i)));
  for (int i = 0; i < num_envs; ++i) NewDeal(i);
}

void VectorEnv::NewDeal(int i) {
  const uint64_t seed = DeriveSeed(env_seeds_[i], deals_[i]++);
  if (states_[i]) {
    // Copying a fresh state into the old one keeps its memory (no allocation per reset but
    // NewInitialState's own).
    states_[i]->CopyFrom(*game_->NewInitialState(seed));
  } else {
    states_[i] = game_->NewInitialState(seed);
  }
}

bool VectorEnv::CheckOutputs(const VectorOutputs& out) const {
  const size_t n = states_.size();
  return out.observations.size() == n * obs_size_ && out.masks.size() == n * num_actions_ &&
         out.to_play.size() == n && out.rewards.size() == n * num_players_ && out.dones.size() == n;
}

void VectorEnv::Write(int i, const VectorOutputs& out) const {
  const State& s = *states_[i];
  const Player p = s.PlayersToAct().First();
  out.to_play[i] = p;
  s.ObservationTensor(p, out.observations.subspan(size_t(i) * obs_size_, obs_size_));
  uint8_t* mask = out.masks.data() + size_t(i) * num_actions_;
  std::memset(mask, 0, num_actions_);
  ActionList legal;
  s.LegalActions(p, legal);
  for (Action a : legal) mask[a] = 1;
}

void VectorEnv::Reset(const VectorOutputs& out) {
  SAVANNA_CHECK(CheckOutputs(out));
  for (int i = 0; i < num_envs(); ++i) {
    NewDeal(i);
    Write(i, out);
  }
  std::fill(out.rewards.begin(), out.rewards.end(), 0.0f);
  std::fill(out.dones.begin(), out.dones.end(), uint8_t{0});
}

void VectorEnv::StepRange(int begin, int end, std::span<const int32_t> actions,
                          const VectorOutputs& out) {
  for (int i = begin; i < end; ++i) {
    State& s = *states_[i];
    s.ApplyUnchecked(s.PlayersToAct().First(), actions[i]);
    float* reward = out.rewards.data() + size_t(i) * num_players_;
    if (s.IsTerminal()) {
      const PlayerValues returns = s.Returns();
      for (int p = 0; p < num_players_; ++p) reward[p] = float(returns[p]);
      out.dones[i] = 1;
      NewDeal(i);
    } else {
      std::fill(reward, reward + num_players_, 0.0f);
      out.dones[i] = 0;
    }
    Write(i, out);
  }
}

bool VectorEnv::Step(std::span<const int32_t> actions, const VectorOutputs& out, int* bad) {
  SAVANNA_CHECK(CheckOutputs(out) && actions.size() == states_.size());
  // The masks written by the last call are the legality test (the Python binding hands them
  // out read-only, so they still describe the games).
  for (int i = 0; i < num_envs(); ++i) {
    if (actions[i] < 0 || actions[i] >= num_actions_ ||
        !out.masks[size_t(i) * num_actions_ + actions[i]]) {
      if (bad) *bad = i;
      return false;
    }
  }
  const int n = num_envs();
  const int threads = std::min(threads_, n);
  if (threads <= 1) {
    StepRange(0, n, actions, out);
  } else {
    // The process's pool (core/thread_pool.h): no thread is started per step.
    const int chunk = (n + threads - 1) / threads;
    ThreadPool::Shared().Run(threads, [&](int t) {
      StepRange(std::min(n, t * chunk), std::min(n, (t + 1) * chunk), actions, out);
    });
  }
  int64_t done = 0;
  for (uint8_t d : out.dones) done += d;
  games_finished_ += done;
  return true;
}

}  // namespace savanna::rl
