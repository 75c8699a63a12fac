// Kitara's heuristics, read from the rule text's scoring. Every turn a player scores one point
// per prosperity symbol in the kingdom and two per ruin that holds a ruler animal; at the end two
// per kingdom card and the hero tokens; a card stays only while a held savanna with a warrior
// feeds it. So a choice is worth what it changes of these: a savanna newly fed (a card kept rather
// than discarded), a ruin newly held with an animal (two points for every turn left), a hero's
// attack (a token), the same losses inflicted on the attacked player; a card is worth the points
// its symbols still bring. Start areas: at random. docs/rules/kitara.md, "Heuristics".
#include <algorithm>
#include <bit>

#include "games/kitara/kitara_state.h"

namespace savanna::kitara {
namespace {

// Scale of the evaluation's softmax, in points: a lead of this many is worth a factor e.
constexpr double kEvaluationScale = 4.0;
// A card fed rather than discarded: its two points at the end, what its symbols still bring and
// the figures its discard would take off the board.
constexpr double kFedCard = 4.0;
// The first savanna fed beyond the cards feeds the card of the next turn; more, little.
constexpr double kSpareFood = 2.0;
constexpr double kMoreFood = 0.3;
// Every move costs this little, so that a move which changes nothing is not made.
constexpr double kMoveCost = 0.05;

// Turns the current player still has, this one included. Before the end is triggered: the age
// 1-4 cards left in the deck (above the age-5 cards at its bottom) run out at one reveal per take
// (and one more per turn with two players), then the round is finished and one more is played.
int TurnsLeft(const Config& config, const KitaraData& d) {
  if (d.last_round != 0) return std::max(1, d.last_round - d.round + 1);
  int late = 0;
  while (late < d.deck_size && config.cards[d.deck[late]].age == kFinalAge) ++late;
  const int per_round = config.players == 2 ? 2 * config.players : config.players;
  return (d.deck_size - late) / per_round + 2;
}

double FoodValue(int food, int hungry) {
  const int spare = std::max(0, food - hungry);
  return kFedCard * std::min(food, hungry) + kSpareFood * std::min(spare, 1) +
         kMoreFood * std::max(spare - 1, 0);
}

bool IsSavanna(const Config& config, int area) {
  return (config.map.savanna_mask >> area & 1) != 0;
}
bool IsRuin(const Config& config, int area) { return (config.map.ruin_mask >> area & 1) != 0; }

// What the decision's player knows of the position, counted once per choice.
struct Context {
  const Config& config;
  const KitaraData& d;
  int player;
  int turns;
  int food;      // held savannas with a warrior
  int hungry;    // cards that must be fed
  double token;  // a hero token drawn now: its mean value, less once one was drawn this turn
};

Context MakeContext(const Config& config, const KitaraData& d, int player) {
  double token = 0;
  if (const int tokens = TokenCount(d.bag); tokens > 0)
    token = double(TokenValue(config, d.bag)) / tokens;
  // Only the best token drawn in a turn is kept: a second draw only may beat the first.
  if (TokenCount(d.drawn) > 0) token *= 0.2;
  return {config,
          d,
          player,
          TurnsLeft(config, d),
          FoodCapacity(config, d, player),
          HungryCards(config, d, player),
          token};
}

// What the attacked player loses with `area`: a fed savanna or a ruin held with an animal.
double DefenderLoss(const Context& c, int defender, int area) {
  const Figures& f = c.d.areas[area].figures;
  double loss = 0;
  if (IsSavanna(c.config, area) && f[kWarrior] > 0) {
    const int food = FoodCapacity(c.config, c.d, defender);
    const int hungry = HungryCards(c.config, c.d, defender);
    loss += FoodValue(food, hungry) - FoodValue(food - 1, hungry);
  }
  if (IsRuin(c.config, area) && f[kAnimal] > 0) loss += 2.0 * c.turns;
  return loss;
}

// What moving `group` from `source` into `to` gains (the move must be legal).
double MoveGain(const Context& c, int source, const Figures& group, int to) {
  const Config& config = c.config;
  const AreaState& from = c.d.areas[source];
  const AreaState& target = c.d.areas[to];
  const bool own = target.owner == c.player;
  int food = 0, ruins = 0;
  const bool warriors_stay = from.figures[kWarrior] > group[kWarrior];
  const bool animals_stay = from.figures[kAnimal] > group[kAnimal];
  if (IsSavanna(config, source) && from.figures[kWarrior] > 0 && !warriors_stay) --food;
  if (IsRuin(config, source) && from.figures[kAnimal] > 0 && !animals_stay) --ruins;
  if (IsSavanna(config, to) && group[kWarrior] > 0 && !(own && target.figures[kWarrior] > 0))
    ++food;
  if (IsRuin(config, to) && group[kAnimal] > 0 && !(own && target.figures[kAnimal] > 0)) ++ruins;
  double gain = FoodValue(c.food + food, c.hungry) - FoodValue(c.food, c.hungry) +
                2.0 * c.turns * ruins - kMoveCost;
  if (target.owner >= 0 && !own) {
    if (group[kHero] > 0) gain += c.token;
    gain += DefenderLoss(c, target.owner, to) / (config.players - 1);
  }
  return gain;
}

// The best border for `group` leaving `source` (to = -1: none may be crossed).
struct Crossing {
  double gain = -1e9;
  int to = -1;
};
Crossing BestCrossing(const Context& c, int source, const Figures& group) {
  Crossing best;
  for (uint64_t n = c.config.map.land_neighbours[source]; n != 0; n &= n - 1) {
    const int to = std::countr_zero(n);
    if (!MayEnter(c.d, c.player, to, Total(group))) continue;
    const double gain = MoveGain(c, source, group, to);
    if (gain > best.gain) best = {gain, to};
  }
  return best;
}

// The groups worth trying from an area: one figure of a kind, a warrior with an animal or a
// hero, and the whole group with or without one warrior and one animal left behind (which keep
// a savanna fed and a ruin scored). Those smaller than `min` are left out.
int CandidateGroups(const Figures& f, int min, std::array<Figures, 9>& out) {
  const int w = f[kWarrior], a = f[kAnimal], h = f[kHero];
  const int shapes[9][3] = {{1, 0, 0}, {0, 1, 0},     {0, 0, 1},     {1, 1, 0},        {1, 0, 1},
                            {w, a, h}, {w - 1, a, h}, {w, a - 1, h}, {w - 1, a - 1, h}};
  int n = 0;
  for (const auto& s : shapes) {
    if (s[0] < 0 || s[1] < 0 || s[0] > w || s[1] > a || s[2] > h) continue;
    if (s[0] + s[1] + s[2] < std::max(1, min)) continue;
    const Figures group = {uint8_t(s[0]), uint8_t(s[1]), uint8_t(s[2])};
    if (std::find(out.begin(), out.begin() + n, group) == out.begin() + n) out[size_t(n++)] = group;
  }
  return n;
}

// The best move from `source`: its gain and group.
struct Move {
  double gain = -1e9;
  Figures group{};
};
Move BestMoveFrom(const Context& c, int source) {
  std::array<Figures, 9> groups;
  const int n = CandidateGroups(c.d.areas[source].figures,
                                MinGroupSize(c.config, c.d, c.player, source), groups);
  Move best;
  for (int i = 0; i < n; ++i) {
    const Crossing crossing = BestCrossing(c, source, groups[size_t(i)]);
    if (crossing.to >= 0 && crossing.gain > best.gain) best = {crossing.gain, groups[size_t(i)]};
  }
  return best;
}

// A card in the take phase: the points its prosperity brings this turn and every turn left,
// what its figures add (only those still in the supply are recruited), its moves and takes, and
// the food a no-feed card does not need.
double TakeValue(const Context& c, int card_id) {
  const Card& card = c.config.cards[card_id];
  const Figures& supply = c.d.supply[c.player];
  const int warriors = std::min(card.figures[kWarrior], supply[kWarrior]);
  const int animals = std::min(card.figures[kAnimal], supply[kAnimal]);
  const int heroes = std::min(card.figures[kHero], supply[kHero]);
  return double(card.prosperity) * c.turns + 1.5 * warriors + (c.turns > 1 ? 2.0 : 0.5) * animals +
         heroes + 1.0 * card.moves + 0.5 * card.take + (card.no_feed ? kFedCard : 0.0);
}

// A kingdom card kept rather than discarded: its prosperity in the turns after this one, its
// moves and takes, and the figures its discard would remove.
double KeepValue(const Context& c, int card_id) {
  const Card& card = c.config.cards[card_id];
  return double(card.prosperity) * (c.turns - 1) + 1.0 * card.moves + 0.5 * card.take +
         card.figures[kWarrior] + card.figures[kAnimal] + card.figures[kHero];
}

// A recruit of `kind` placed in `area`: a savanna fed or a ruin scored at once, else the free
// areas of the kind's use next door (savannas for a warrior, ruins for an animal, attackable
// areas for a hero).
double PlaceValue(const Context& c, int kind, int area) {
  const Figures& f = c.d.areas[area].figures;
  if (kind == kWarrior && IsSavanna(c.config, area) && f[kWarrior] == 0)
    return FoodValue(c.food + 1, c.hungry) - FoodValue(c.food, c.hungry);
  if (kind == kAnimal && IsRuin(c.config, area) && f[kAnimal] == 0) return 2.0 * c.turns;
  double near = 0;
  for (uint64_t n = c.config.map.land_neighbours[area]; n != 0; n &= n - 1) {
    const int to = std::countr_zero(n);
    const int owner = c.d.areas[to].owner;
    if (owner == c.player) continue;
    if (kind == kHero) {
      near += owner >= 0;
    } else if (owner < 0) {
      near += kind == kWarrior ? IsSavanna(c.config, to) : IsRuin(c.config, to);
    }
  }
  return 0.1 * near;
}

// A figure of `kind` removed from `area` (a discarded card's figures): the savanna or ruin it
// leaves unfed or unscored, and the area if it empties; else the fuller area first.
double RemoveValue(const Context& c, int kind, int area) {
  const Figures& f = c.d.areas[area].figures;
  double value = 0.01 * Total(f);
  if (f[kind] == 1) {
    if (kind == kWarrior && IsSavanna(c.config, area)) value -= kSpareFood;
    if (kind == kAnimal && IsRuin(c.config, area)) value -= 2.0 * (c.turns - 1);
    if (Total(f) == 1) value -= 0.5;
  }
  return value;
}

// The attacked player's retreat: an area the retreating figures newly feed or score.
double RetreatValue(const Context& c, int area) {
  const Figures& f = c.d.areas[area].figures;
  const Figures& coming = c.d.retreat_figures;
  double value = 0;
  if (IsSavanna(c.config, area) && f[kWarrior] == 0 && coming[kWarrior] > 0) value += 1;
  if (IsRuin(c.config, area) && f[kAnimal] == 0 && coming[kAnimal] > 0) value += 1;
  return value;
}

// The move phase's group decision: the best candidate group when the caller offers it (a search
// may offer only some of the legal groups), else the best of those offered.
Action ChooseGroup(const Context& c, const ActionList& legal, Rng& rng) {
  const Move move = BestMoveFrom(c, c.d.source);
  const Action wanted = GroupAction(move.group[kWarrior], move.group[kAnimal], move.group[kHero]);
  if (move.gain > -1e9)
    for (Action action : legal)
      if (action == wanted) return action;
  BestAction best;
  for (Action action : legal)
    best.Offer(action, BestCrossing(c, c.d.source, GroupFigures(action)).gain, rng);
  return best.action();
}

double Score(const Context& c, Action action) {
  const KitaraData& d = c.d;
  switch (d.phase) {
    case Phase::kTake:
      return TakeValue(c, d.row[action - kTakeAction]);
    case Phase::kRecruit:
      return PlaceValue(c, (action - kPlaceAction) / kMaxAreas,
                        (action - kPlaceAction) % kMaxAreas);
    case Phase::kMoveSource:
      return action == kEndMovesAction ? 0.0 : BestMoveFrom(c, action - kSourceAction).gain;
    case Phase::kMoveBorder:
      return MoveGain(c, d.source, d.group, action - kBorderAction);
    case Phase::kRetreat:
      return RetreatValue(c, action - kRetreatAction);
    case Phase::kDiscard:
      return -KeepValue(c, d.kingdom[c.player][action - kDiscardAction]);
    case Phase::kRemove:
      return RemoveValue(c, (action - kRemoveAction) / kMaxAreas,
                         (action - kRemoveAction) % kMaxAreas);
    default:
      return 0;  // start areas: ties, broken at random
  }
}

}  // namespace

Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng) {
  const auto& kitara = static_cast<const KitaraState&>(state);
  const Context c = MakeContext(kitara.config(), kitara.data(), player);
  if (kitara.data().phase == Phase::kMoveGroup) return ChooseGroup(c, legal, rng);
  BestAction best;
  for (Action action : legal) best.Offer(action, Score(c, action), rng);
  return best.action();
}

PlayerValues EvaluatePosition(const State& state) {
  return SoftmaxShares(state.Scores(), state.NumPlayers(), kEvaluationScale);
}

}  // namespace savanna::kitara
