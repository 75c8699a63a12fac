// MAST's table: sums and counts per (player, action), and the epsilon-greedy choice.
#include "agents/mast.h"

#include <algorithm>

#include "core/rollout_policy.h"

namespace savanna {

void Mast::Reset(int players, int actions, double epsilon) {
  actions_ = actions;
  epsilon_ = epsilon;
  const size_t size = size_t(players) * size_t(actions);
  sum_.assign(size, 0.0f);
  count_.assign(size, 0);
  moves_.clear();
  moves_.reserve(1024);
}

double Mast::Average(Player player, Action action) const {
  const size_t i = size_t(player) * size_t(actions_) + size_t(action);
  return count_[i] == 0 ? 1.0 : double(sum_[i]) / double(count_[i]);
}

Action Mast::Choose(Player player, const ActionList& legal, Rng& rng) const {
  if (epsilon_ >= 1 || (epsilon_ > 0 && rng.Uniform() < epsilon_))
    return legal[int(rng.Below(uint32_t(legal.Size())))];
  BestAction best;
  for (Action a : legal) best.Offer(a, Average(player, a), rng);
  return best.action();
}

void Mast::Update(const PlayerValues& values) {
  for (uint32_t m : moves_) {
    sum_[m] += float(values[int(m / uint32_t(actions_))]);
    ++count_[m];
  }
  moves_.clear();
}

}  // namespace savanna
