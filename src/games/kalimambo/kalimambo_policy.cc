// Kalimambo's heuristics. The figures are ranked by their distance in front of the rhino (Kali
// included); an explorer of rank r among F (0: directly in front of the rhino) plays the card at
// quantile 1 - r / (F - 1) of the cards left in its hand, give or take one card at random: the
// rearmost plays its highest card, the leader (who stays whatever it plays) its lowest.
#include "games/kalimambo/kalimambo_policy.h"

#include <algorithm>
#include <cmath>

#include "games/kalimambo/kalimambo_state.h"

namespace savanna::kalimambo {
namespace {

// Scale of the evaluation's softmax, in minus points: a lead of this many points is worth a
// factor e in the odds.
constexpr double kEvaluationScale = 4.0;

}  // namespace

Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng) {
  const auto& kali = static_cast<const KalimamboState&>(state);
  const Config& config = kali.config();
  const KalimamboData& d = kali.data();
  const int figures = config.players + 1;
  auto ahead_of_rhino = [&](int figure) {
    return (int(d.pos[figure]) - int(d.rhino) + config.track) % config.track;
  };
  int rank = 0;
  for (int f = 0; f < figures; ++f)
    if (f != player && ahead_of_rhino(f) < ahead_of_rhino(player)) ++rank;
  // The legal actions are the cards left, in ascending order.
  const double quantile = 1.0 - double(rank) / double(figures - 1);
  int index = int(std::lround(quantile * (legal.Size() - 1)));
  index += int(rng.Below(3)) - 1;
  return legal[std::clamp(index, 0, legal.Size() - 1)];
}

PlayerValues EvaluatePosition(const State& state) {
  const auto& kali = static_cast<const KalimamboState&>(state);
  PlayerValues strength{};
  for (int p = 0; p < kali.config().players; ++p) strength[p] = -double(kali.data().minus[p]);
  return SoftmaxShares(strength, kali.config().players, kEvaluationScale);
}

}  // namespace savanna::kalimambo
