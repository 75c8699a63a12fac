// Kitara's heuristics, phase by phase. Take: the card worth most, prosperity counting twice and
// every take, figure and move symbol once. Move: the largest group; across a border, an enemy
// area (an attack) first, then a ruin, then a free savanna, an own area last; ending the moves
// ranks below any crossing into a free or enemy area. Discard: the card worth least. Start
// areas, recruits and retreats: at random.
#include "games/kitara/kitara_state.h"

namespace savanna::kitara {
namespace {

// Scale of the evaluation's softmax, in points: a lead of this many is worth a factor e.
constexpr double kEvaluationScale = 4.0;

double CardWorth(const Card& card) {
  return 2.0 * card.prosperity + card.take + card.moves + card.figures[kWarrior] +
         card.figures[kAnimal] + card.figures[kHero];
}

double Score(const KitaraState& state, Player player, Action action) {
  const Config& config = state.config();
  const KitaraData& d = state.data();
  if (action >= kTakeAction && action < kPlaceAction)
    return CardWorth(config.cards[d.row[action - kTakeAction]]);
  if (action == kEndMovesAction) return 0.5;
  if (action >= kSourceAction && action < kEndMovesAction)
    return Total(d.areas[action - kSourceAction].figures);
  if (action >= kGroupAction && action < kBorderAction) return Total(GroupFigures(action));
  if (action >= kBorderAction && action < kRetreatAction) {
    const int area = action - kBorderAction;
    const int owner = d.areas[area].owner;
    if (owner >= 0 && owner != player) return 4;
    if (owner == player) return 0;
    return (config.map.ruin_mask >> area & 1) != 0 ? 3 : 1;
  }
  if (action >= kDiscardAction && action < kRemoveAction)
    return -CardWorth(config.cards[d.kingdom[player][action - kDiscardAction]]);
  return 0;  // start areas, recruits, retreats, removals: ties, broken at random
}

}  // namespace

Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng) {
  const auto& kitara = static_cast<const KitaraState&>(state);
  BestAction best;
  for (Action action : legal) best.Offer(action, Score(kitara, player, action), rng);
  return best.action();
}

PlayerValues EvaluatePosition(const State& state) {
  return SoftmaxShares(state.Scores(), state.NumPlayers(), kEvaluationScale);
}

}  // namespace savanna::kitara
