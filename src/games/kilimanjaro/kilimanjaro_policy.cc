// Am Fuß des Kilimandscharo's heuristics, in spaces. A card played on an own pile is worth the
// move it gives; one played on another expedition's pile is worth the own move (unchanged) plus
// 0.7 of the distance it takes from that expedition's move. The space a move ends on adds the
// move again for a banana and subtracts the way back to the village for a lion, for counters
// the player knows (face up, or placed by the player). Counters are placed at random. After a
// banana the expedition moves again unless a known lion waits; a change-position counter picks
// the expedition furthest ahead.
#include "games/kilimanjaro/kilimanjaro_policy.h"

#include <algorithm>

#include "games/kilimanjaro/kilimanjaro_state.h"

namespace savanna::kilimanjaro {
namespace {

constexpr double kSlowingWeight = 0.7;
// Scale of the evaluation's softmax, in spaces: a lead of this many is worth a factor e.
constexpr double kEvaluationScale = 10.0;

// What ending a move of `distance` on `space` adds for `player` (in spaces), for the counters
// the player knows.
double LandingValue(const KilimanjaroState& state, Player player, int space, int distance) {
  const KiliData& d = state.data();
  if (space >= state.config().trail_length) return 100;  // the base camp: the game is won
  const int i = CounterAt(d, space);
  if (i < 0) return 0;
  const Counter& counter = d.counters[i];
  if (!counter.face_up && counter.placer != player) return 0;
  if (counter.kind == CounterKind::kBanana) return distance;
  if (counter.kind == CounterKind::kLion) return -(space - VillageBehind(state.config(), space));
  return 0;
}

// The move of `seat` with `card` on top of pile `pile` instead of what lies there now.
int DistanceWith(const KiliData& d, int seat, int card, int pile) {
  int tops[kPiles];
  for (int k = 0; k < kPiles; ++k) tops[k] = k == pile ? card : d.piles[seat][k].top;
  return MoveDistance(tops[0], tops[1], tops[2]);
}

Action ChoosePlay(const KilimanjaroState& state, Player player, const ActionList& legal, Rng& rng) {
  const KiliData& d = state.data();
  const int own = MoveDistance(d, player);
  BestAction best;
  for (Action action : legal) {
    const int code = action - kFirstPlayAction;
    const int card = code / (kMaxSeats * kPiles);
    const int seat = code / kPiles % kMaxSeats;
    const int pile = code % kPiles;
    double score;
    int move = own;
    if (seat == player) {
      move = DistanceWith(d, player, card, pile);
      score = move;
    } else {
      score = own + kSlowingWeight * (MoveDistance(d, seat) - DistanceWith(d, seat, card, pile));
    }
    score += LandingValue(state, player, d.position[player] + move, move);
    best.Offer(action, score, rng);
  }
  return best.action();
}

// The expedition furthest ahead among the choices (swap with it, or send it back).
Action ChooseLeader(const KiliData& d, const ActionList& legal, Rng& rng) {
  BestAction best;
  for (Action action : legal) {
    const double score =
        action == kSendNobodyAction ? -1.0 : double(d.position[action - kFirstChangeAction]);
    best.Offer(action, score, rng);
  }
  return best.action();
}

}  // namespace

Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng) {
  const auto& kili = static_cast<const KilimanjaroState&>(state);
  const KiliData& d = kili.data();
  switch (d.phase) {
    case Phase::kPlay:
      return ChoosePlay(kili, player, legal, rng);
    case Phase::kBanana: {
      const int space = d.position[player] + d.distance;
      const bool lion = LandingValue(kili, player, space, d.distance) < 0;
      return lion && kili.IsLegal(player, kBananaStayAction) ? kBananaStayAction
                                                             : kBananaMoveAction;
    }
    case Phase::kChange:
      return ChooseLeader(d, legal, rng);
    default:
      return legal[int(rng.Below(uint32_t(legal.Size())))];
  }
}

PlayerValues EvaluatePosition(const State& state) {
  const auto& kili = static_cast<const KilimanjaroState&>(state);
  const KiliData& d = kili.data();
  PlayerValues strength{};
  for (int p = 0; p < kili.config().players; ++p)
    strength[p] = d.position[p] + 0.5 * MoveDistance(d, p);
  return SoftmaxShares(strength, kili.config().players, kEvaluationScale);
}

}  // namespace savanna::kilimanjaro
