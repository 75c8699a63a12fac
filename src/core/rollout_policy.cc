// The softmax that turns the games' heuristic strengths into shares of the win.
#include "core/rollout_policy.h"

#include <algorithm>
#include <cmath>

namespace savanna {

PlayerValues SoftmaxShares(const PlayerValues& strength, int players, double scale) {
  PlayerValues shares{};
  double top = strength[0];
  for (int p = 1; p < players; ++p) top = std::max(top, strength[p]);
  double sum = 0;
  for (int p = 0; p < players; ++p) {
    shares[p] = std::exp((strength[p] - top) / scale);  // <= 1: no overflow
    sum += shares[p];
  }
  for (int p = 0; p < players; ++p) shares[p] /= sum;
  return shares;
}

}  // namespace savanna
