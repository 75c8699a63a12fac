// Vom Kap bis Kairo's heuristics, in pounds. A landscape card is worth the pounds it pays when
// built plus its printed tracks twice over (they pay for every build until the card itself is
// built), less a little per track its terrain needs. A bid is half the spread between the best
// and the worst card on offer (what choosing first is worth), more when the player's row has
// nothing left to build, never more than half the capital. A build is made when the pounds it
// costs are at most 30 and half the capital, paying with bonus tracks before pounds.
#include <algorithm>

#include "games/kap_kairo/kap_kairo_state.h"

namespace savanna::kap_kairo {
namespace {

constexpr int kMostPoundsForABuild = 30;
// Scale of the evaluation's softmax, in landscapes built: a lead of this many is worth a factor
// e in the odds.
constexpr double kEvaluationScale = 1.5;

double CardValue(const Config& config, int card) {
  const CardInfo& info = config.card(card);
  return info.pounds + 2.0 * kPoundsPerTrack * info.tracks -
         2.0 * config.terrain_of(card).tracks_needed;
}

Action ChooseBid(const KapKairoState& state, Player player, const ActionList& legal, Rng& rng) {
  const Config& config = state.config();
  const KapKairoData& d = state.data();
  double best = -1e9;
  double worst = 1e9;
  for (int slot = 0; slot < d.auction_size; ++slot) {
    const double value = CardValue(config, d.auction[slot]);
    best = std::max(best, value);
    worst = std::min(worst, value);
  }
  double bid = d.auction_size > 0 ? 0.5 * (best - worst) : 0;
  if (!d.rows[player].HasOpen()) bid += 10;
  bid += double(rng.Below(7)) - 3;  // a little noise: bids that always tie help nobody
  const int capital = d.capital[player];
  const int pounds = std::clamp(int(bid), 0, capital / 2);
  // Bids are the actions 0..capital in order.
  return legal[std::min(pounds, legal.Size() - 1)];
}

Action ChooseTake(const KapKairoState& state, const ActionList& legal, Rng& rng) {
  const KapKairoData& d = state.data();
  BestAction best;
  for (Action action : legal)
    best.Offer(action, CardValue(state.config(), d.auction[action - kFirstTakeAction]), rng);
  return best.action();
}

Action ChooseBuild(const KapKairoState& state, Player player, const ActionList& legal, Rng& rng) {
  const Config& config = state.config();
  const KapKairoData& d = state.data();
  const int limit = std::min(kMostPoundsForABuild, d.capital[player] / 2);
  BestAction best;
  for (Action action : legal) {
    if (action == kPassAction) {
      best.Offer(action, -limit - 0.5, rng);
      continue;
    }
    const int bonus = action - kFirstBuildAction;
    const int cost = BuildCost(config, d, player, bonus);
    // A bonus track spent where it saves 10 pounds is worth spending; one spent for nothing not.
    best.Offer(action, -cost - 9.0 * bonus, rng);
  }
  return best.action();
}

}  // namespace

Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng) {
  const auto& kap = static_cast<const KapKairoState&>(state);
  switch (kap.data().phase) {
    case Phase::kBid:
      return ChooseBid(kap, player, legal, rng);
    case Phase::kChoose:
      return ChooseTake(kap, legal, rng);
    default:
      return ChooseBuild(kap, player, legal, rng);
  }
}

PlayerValues EvaluatePosition(const State& state) {
  const auto& kap = static_cast<const KapKairoState&>(state);
  const KapKairoData& d = kap.data();
  PlayerValues strength{};
  for (int p = 0; p < kap.config().players; ++p) {
    const Row& row = d.rows[p];
    strength[p] =
        row.built + 0.3 * (row.size - row.built) + 0.1 * d.bonus_count[p] + d.capital[p] / 100.0;
  }
  return SoftmaxShares(strength, kap.config().players, kEvaluationScale);
}

}  // namespace savanna::kap_kairo
