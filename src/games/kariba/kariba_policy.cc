// Kariba's heuristics. A play is scored by the cards it captures now, less what it offers the
// next player: for every animal at the waterhole, the capture that animal's triple would make
// after this play, weighted by how few cards it takes (one card: the full capture, two: less)
// and skipped when too few copies are unseen by the player to make it. Only what the player
// knows is used: the waterhole, the score piles and the player's own hand.
#include "games/kariba/kariba_policy.h"

#include <algorithm>

#include "games/kariba/kariba_state.h"

namespace savanna::kariba {
namespace {

// Weight of a capture the next player can make with 1, 2 or 3 cards of one animal.
constexpr double kThreatWeight[4] = {0, 0.8, 0.3, 0.1};
// A card captured is worth this many points of score; the threat is subtracted in cards.
constexpr double kCaptureValue = 1.0;
// Scale of the evaluation's softmax, in cards won: a lead of this many cards is worth a factor
// e in the odds.
constexpr double kEvaluationScale = 4.0;

// The largest weighted capture the next player could make at `waterhole`, counting only animals
// of which enough copies are unseen (`unseen`). One pass from the weakest animal up keeps the
// nearest weaker animal present, which is what the animal's triple would chase (the rules'
// ChaseTarget, without rescanning for each animal: this runs for every play of every playout).
double Threat(const Config& config, const AnimalCounts& waterhole, const AnimalCounts& unseen) {
  double worst = 0;
  int below = 0;  // the strongest animal weaker than `animal` with cards at the waterhole
  for (int animal = 1; animal <= config.animals; ++animal) {
    const int need = std::max(1, 3 - int(waterhole[animal]));
    if (unseen[animal] >= need) {
      int target = below;
      if (animal == 1) {
        target = waterhole[config.animals] > 0 ? config.animals : 0;
      } else if (config.chase == ChaseRule::kAdjacent) {
        target = waterhole[animal - 1] > 0 ? animal - 1 : 0;
      }
      if (target != 0) worst = std::max(worst, kThreatWeight[need] * waterhole[target]);
    }
    if (waterhole[animal] > 0) below = animal;
  }
  return worst;
}

Action ChoosePlay(const KaribaState& state, Player player, const ActionList& legal, Rng& rng) {
  const Config& config = state.config();
  const KaribaData& d = state.data();
  // Copies the player cannot see: not at the waterhole, in a score pile or in the own hand.
  AnimalCounts unseen{};
  for (int animal = 1; animal <= config.animals; ++animal) {
    int seen = d.waterhole[animal] + d.hand[player][animal];
    for (int p = 0; p < config.players; ++p) seen += d.pile[p][animal];
    unseen[animal] = uint8_t(std::max(0, config.copies[animal] - seen));
  }
  BestAction best;
  for (Action action : legal) {
    const int animal = (action - kFirstPlayAction) / kHandSize + 1;
    const int count = (action - kFirstPlayAction) % kHandSize + 1;
    AnimalCounts after = d.waterhole;
    after[animal] = uint8_t(after[animal] + count);
    const int target = ChaseTarget(config, after, animal);
    double score = 0;
    if (target != 0) {
      score += kCaptureValue * after[target];
      after[target] = 0;
    }
    score -= Threat(config, after, unseen);
    best.Offer(action, score, rng);
  }
  return best.action();
}

// Open variant: take a face-up animal the player already holds (the most held first), else draw.
Action ChooseDraw(const KaribaState& state, Player player, const ActionList& legal, Rng& rng) {
  const KaribaData& d = state.data();
  BestAction best;
  for (Action action : legal) {
    const double score =
        action == kDrawPileAction ? 0.5 : d.hand[player][action - kFirstTakeAction + 1];
    best.Offer(action, score, rng);
  }
  return best.action();
}

}  // namespace

Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng) {
  const auto& kariba = static_cast<const KaribaState&>(state);
  return kariba.data().phase == Phase::kDraw ? ChooseDraw(kariba, player, legal, rng)
                                             : ChoosePlay(kariba, player, legal, rng);
}

PlayerValues EvaluatePosition(const State& state) {
  return SoftmaxShares(state.Scores(), state.NumPlayers(), kEvaluationScale);
}

}  // namespace savanna::kariba
