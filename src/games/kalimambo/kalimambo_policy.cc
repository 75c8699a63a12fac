// Kalimambo's heuristics (docs/rules/kalimambo.md, "Heuristics"). The rollout policy ranks the
// figures by their distance in front of the rhino (Kali included); an explorer of rank r among F
// (0: directly in front of the rhino) plays the card at quantile 1 - r / (F - 1) of the cards left
// in its hand, give or take one card at random. The evaluation counts minus points, the worth of
// the cards still in hand and the explorer's place in the group, against the luck of the rounds
// still to play.
#include "games/kalimambo/kalimambo_policy.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <utility>

#include "games/kalimambo/kalimambo_state.h"

namespace savanna::kalimambo {
namespace {

// What ISMCTS self-play (400 iterations a decision) showed, for two players, three, and, from
// four-player games, for four or more (docs/rules/kalimambo.md, "Heuristics").
struct Knowledge {
  // How often, relative to each other, an explorer plays its lowest card, a card of the lower,
  // middle or upper third of the others, or its highest, by its place in the group: directly in
  // front of the rhino, second, further up, or leading.
  std::array<std::array<double, 5>, 4> play;
  // What holding a card is worth, in minus points, by its place among the 12 cards of a set (the
  // lowest first; a set of another size reads the table at its cards' quantiles). Only
  // differences between players count: every hand holds as many cards.
  std::array<double, 12> card;
  // What standing directly in front of the rhino, second, or at the front is worth, in minus
  // points.
  double rear, second, front;
  // The luck still to come: a lead of luck * sqrt(rounds left) minus points is worth a factor e
  // in the odds.
  double luck;
};

constexpr Knowledge kTwoPlayers = {
    .play = {{{1.0, 0.27, 0.19, 0.21, 0.63},
              {1.0, 0.38, 0.30, 0.29, 0.66},
              {1.0, 0.38, 0.30, 0.29, 0.66},
              {1.0, 0.51, 0.69, 0.62, 0.89}}},
    .card = {0.40, -0.64, -0.77, -0.74, -0.62, -0.29, 0.0, 0.08, 0.52, 0.83, 1.12, 1.59},
    .rear = 0.20,
    .second = -0.23,
    .front = 0.03,
    .luck = 1.31};
constexpr Knowledge kThreePlayers = {
    .play = {{{1.0, 0.31, 0.21, 0.23, 0.60},
              {0.81, 0.32, 0.30, 0.39, 1.0},
              {0.92, 0.50, 0.52, 0.54, 1.0},
              {0.92, 0.53, 0.64, 0.63, 1.0}}},
    .card = {-0.26, -1.52, -0.91, -0.81, -0.33, 0.03, 0.0, 0.10, 0.35, 0.55, 0.70, 0.85},
    .rear = 0.59,
    .second = -0.01,
    .front = 0.18,
    .luck = 1.31};
constexpr Knowledge kMorePlayers = {
    .play = {{{1.0, 0.27, 0.20, 0.18, 0.42},
              {0.77, 0.26, 0.27, 0.37, 1.0},
              {0.97, 0.54, 0.60, 0.57, 1.0},
              {1.0, 0.56, 0.59, 0.54, 0.85}}},
    .card = {-0.69, -1.66, -1.29, -0.93, -0.51, -0.03, 0.0, 0.25, 0.35, 0.45, 0.55, 0.80},
    .rear = 0.63,
    .second = -0.21,
    .front = -0.11,
    .luck = 1.37};

const Knowledge& KnowledgeFor(const Config& config) {
  return config.players == 2 ? kTwoPlayers : config.players == 3 ? kThreePlayers : kMorePlayers;
}

// How many figures (Kali included) stand nearer the rhino than `figure`: 0 for the one directly
// in front of it.
int RankInGroup(const Config& config, const KalimamboData& d, int figure) {
  const int own = Offset(config, d, d.pos[figure]);
  int rank = 0;
  for (int f = 0; f < config.Figures(); ++f)
    if (Offset(config, d, d.pos[f]) < own) ++rank;
  return rank;
}

double CardWorth(const Config& config, const Knowledge& k, int index) {
  if (config.num_cards <= 1) return 0;
  const double at = double(index) * double(k.card.size() - 1) / double(config.num_cards - 1);
  const int low = std::min(int(at), int(k.card.size()) - 2);
  const double frac = at - low;
  return k.card[size_t(low)] * (1 - frac) + k.card[size_t(low + 1)] * frac;
}

// The explorer's place in the group for the policy's table: 0 directly in front of the rhino,
// 1 second, 2 further up, 3 leading.
int PlaceOf(const Config& config, const KalimamboData& d, int seat) {
  const int figures = config.Figures();
  const int rank = RankInGroup(config, d, seat);
  return rank == 0 ? 0 : rank == figures - 1 ? 3 : rank == 1 ? 1 : 2;
}

// The index among `n` cards in hand (ascending) that the policy draws for an explorer at
// `place`: one draw of `rng` (none when only one card is left).
int DrawIndex(const Knowledge& k, int place, int n, Rng& rng) {
  if (n == 1) return 0;
  double total = 0;
  std::array<double, kMaxCards> weight{};
  for (int j = 0; j < n; ++j) {
    const int bucket = j == 0 ? 0 : j == n - 1 ? 4 : 1 + std::min(2, j * 3 / (n - 1));
    weight[size_t(j)] = k.play[size_t(place)][size_t(bucket)];
    total += weight[size_t(j)];
  }
  double pick = rng.Uniform() * total;
  for (int j = 0; j < n - 1; ++j) {
    pick -= weight[size_t(j)];
    if (pick < 0) return j;
  }
  return n - 1;
}

// Each player's share of the win, as the evaluation sees it.
PlayerValues Shares(const Config& config, const KalimamboData& d) {
  const Knowledge& k = KnowledgeFor(config);
  const int figures = config.Figures();
  PlayerValues strength{};
  for (int p = 0; p < config.players; ++p) {
    double s = -double(d.minus[p]);
    for (int i = 0; i < config.num_cards; ++i)
      if ((d.hand[p] >> config.cards[size_t(i)]) & 1u) s += CardWorth(config, k, i);
    const int rank = RankInGroup(config, d, p);
    s += rank == 0 ? k.rear : rank == 1 ? k.second : rank == figures - 1 ? k.front : 0.0;
    strength[p] = s;
  }
  const int rounds_left = std::max(1, config.num_cards - int(d.round));
  return SoftmaxShares(strength, config.players, k.luck * std::sqrt(double(rounds_left)));
}

// Samples of the others' cards and Kali's for the one-ply decision.
constexpr int kDecisionSamples = 24;

}  // namespace

Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng) {
  const auto& kali = static_cast<const KalimamboState&>(state);
  const Config& config = kali.config();
  // The legal actions are the cards left, in ascending order.
  const int place = PlaceOf(config, kali.data(), player);
  return legal[DrawIndex(KnowledgeFor(config), place, legal.Size(), rng)];
}

Action DecideCard(const State& state, Player player, const ActionList& legal, Rng& rng) {
  const auto& kali = static_cast<const KalimamboState&>(state);
  const Config& config = kali.config();
  const KalimamboData& d = kali.data();
  if (legal.Size() == 1) return legal[0];
  const Knowledge& k = KnowledgeFor(config);
  // Every card of the player meets the same samples (common random numbers): the others' cards
  // drawn as the rollout policy draws them from their hands (all public), Kali's from its cards
  // not yet turned.
  std::array<double, kMaxCards> value{};
  for (int sample = 0; sample < kDecisionSamples; ++sample) {
    KalimamboData base = d;
    for (int p = 0; p < config.players; ++p) {
      if (p == player) continue;
      const int n = std::popcount(uint32_t(base.hand[p]));
      int j = DrawIndex(k, PlaceOf(config, d, p), n, rng);
      uint32_t cards = base.hand[p];
      while (j-- > 0) cards &= cards - 1;
      base.pending[p] = int8_t(std::countr_zero(cards));
    }
    const int round = base.round;
    std::swap(base.kali_deck[size_t(round)],
              base.kali_deck[size_t(round) + rng.Below(uint32_t(config.num_cards - round))]);
    for (int i = 0; i < legal.Size(); ++i) {
      KalimamboData after = base;
      after.pending[player] = int8_t(legal[i]);
      ResolveRound(config, after);
      value[size_t(i)] += Shares(config, after)[player];
    }
  }
  BestAction best;
  for (int i = 0; i < legal.Size(); ++i) best.Offer(legal[i], value[size_t(i)], rng);
  return best.action();
}

PlayerValues EvaluatePosition(const State& state) {
  const auto& kali = static_cast<const KalimamboState&>(state);
  return Shares(kali.config(), kali.data());
}

}  // namespace savanna::kalimambo
