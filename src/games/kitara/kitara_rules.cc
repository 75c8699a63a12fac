// Kitara's rules outside the move phase: set-up, the turn's phases (take, recruit, score,
// manage), the end of a turn and of the game, and the dispatch of legality and application.
// Decisions the text leaves open are named after their rows in docs/rules/kitara.md.
#include <algorithm>
#include <bit>

#include "core/check.h"
#include "games/kitara/kitara_state.h"

namespace savanna::kitara {
namespace {

// Decision AnyAgeFiveRevealStartsTheEnd: the round in which the first age-5 card shows is
// finished, then one more round follows (a reveal during set-up: round 0, so one round).
void TriggerEnd(KitaraData& d) {
  if (d.last_round == 0) d.last_round = uint8_t(d.round + 1);
}

// Turns the deck's top card face up at the right end of the row (decision
// EmptyDeckRevealsNothing: nothing happens when the deck is empty).
void Reveal(const Config& config, KitaraData& d) {
  if (d.deck_size == 0 || d.row_size >= kRowSize) return;
  const uint8_t card = d.deck[--d.deck_size];
  d.row[d.row_size++] = card;
  if (config.cards[card].age == kFinalAge) TriggerEnd(d);
}

uint8_t TakeFromRow(KitaraData& d, int position) {
  const uint8_t card = d.row[position];
  for (int i = position; i + 1 < d.row_size; ++i) d.row[i] = d.row[i + 1];
  d.row[--d.row_size] = 0;
  return card;
}

int FirstKind(const Figures& f) {
  for (int k = 0; k < kKinds; ++k)
    if (f[k] > 0) return k;
  return -1;
}

// ---- Phase transitions -------------------------------------------------------------------------

void BeginMovePhase(const Config& config, KitaraData& d) {
  d.moves_left = uint16_t(KingdomSymbols(config, d, d.current, &Card::moves));
  if (d.moves_left == 0) {
    EndMovePhase(config, d);
  } else {
    d.phase = Phase::kMoveSource;
  }
}

void NextRecruit(const Config& config, KitaraData& d) {
  if (FirstKind(d.recruit) >= 0) {
    d.phase = Phase::kRecruit;
  } else {
    BeginMovePhase(config, d);
  }
}

void BeginTurn(const Config& config, KitaraData& d) {
  d.phase = Phase::kTake;
  d.drawn = {};
  // Decision EmptyRowSkipsTheTake: without a card to take, nothing is taken or recruited.
  if (d.row_size == 0) BeginMovePhase(config, d);
}

void EndTurn(const Config& config, KitaraData& d) {
  if (config.players == 2 && d.row_size > 0) {
    // Two players: the leftmost card of the row is discarded and the row refilled.
    d.discards[d.discard_size++] = TakeFromRow(d, 0);
    Reveal(config, d);
  }
  if (d.current == config.players - 1 && d.last_round != 0 && d.round >= d.last_round) {
    d.phase = Phase::kOver;
    return;
  }
  d.current = uint8_t((d.current + 1) % config.players);
  if (d.current == 0) ++d.round;
  BeginTurn(config, d);
}

void NextRemoval(const Config& config, KitaraData& d) {
  // Decision MissingFiguresAreNotRemoved: a figure symbol whose kind has no figure of the
  // player left on the board removes nothing.
  if (Total(d.remove) > 0) {
    Figures on_board{};
    for (uint64_t own = d.held[d.current]; own != 0; own &= own - 1)
      for (int k = 0; k < kKinds; ++k)
        on_board[k] = uint8_t(on_board[k] + d.areas[std::countr_zero(own)].figures[k]);
    for (int k = 0; k < kKinds; ++k)
      if (on_board[k] == 0) d.remove[k] = 0;
  }
  if (FirstKind(d.remove) >= 0) {
    d.phase = Phase::kRemove;
  } else if (d.to_discard > 0) {
    d.phase = Phase::kDiscard;
  } else {
    EndTurn(config, d);
  }
}

void Score(const Config& config, KitaraData& d) {
  const int p = d.current;
  int points = KingdomSymbols(config, d, p, &Card::prosperity);
  for (uint64_t ruins = config.map.ruin_mask & d.held[p]; ruins != 0; ruins &= ruins - 1)
    if (d.areas[std::countr_zero(ruins)].figures[kAnimal] > 0) points += 2;
  d.prosperity[p] += points;
  // Decision BestDrawnHeroTokenIsKeptAutomatically: one token of the highest value drawn this
  // turn is kept; the others go back into the bag.
  for (int v = config.token_kinds - 1; v >= 0; --v)
    if (d.drawn[v] > 0) {
      ++d.tokens[p][v];
      --d.drawn[v];
      break;
    }
  for (int v = 0; v < config.token_kinds; ++v) d.bag[v] = uint8_t(d.bag[v] + d.drawn[v]);
  d.drawn = {};
}

void Manage(const Config& config, KitaraData& d) {
  // Decision FoodIsCountedOnceBeforeDiscarding.
  const int excess = HungryCards(config, d, d.current) - FoodCapacity(config, d, d.current);
  d.to_discard = uint8_t(std::max(0, excess));
  if (d.to_discard > 0) {
    d.phase = Phase::kDiscard;
  } else {
    EndTurn(config, d);
  }
}

// ---- The actions outside the move phase --------------------------------------------------------

void PlaceStart(const Config& config, KitaraData& d, int area) {
  SetOwner(d, area, d.current);
  d.areas[area].figures = {uint8_t(kStartWarriors), 0, 0};
  d.supply[d.current][kWarrior] = uint8_t(d.supply[d.current][kWarrior] - kStartWarriors);
  if (++d.current < config.players) return;
  d.current = 0;
  d.round = 1;
  BeginTurn(config, d);
}

void Take(const Config& config, KitaraData& d, int position) {
  const int p = d.current;
  const uint8_t card = TakeFromRow(d, position);
  d.kingdom[p][d.kingdom_size[p]++] = card;
  ++d.taken[p];
  Reveal(config, d);
  // Only the new card recruits; a kind whose figures are all on the board is skipped, and so
  // is everything when the player holds no area (decision PlayerWithoutAreasRecruitsNothing).
  const bool holds = d.held[p] != 0;
  for (int k = 0; k < kKinds; ++k)
    d.recruit[k] = holds ? std::min(config.cards[card].figures[k], d.supply[p][k]) : 0;
  NextRecruit(config, d);
}

void Place(const Config& config, KitaraData& d, int kind, int area) {
  ++d.areas[area].figures[kind];
  --d.supply[d.current][kind];
  --d.recruit[kind];
  NextRecruit(config, d);
}

void Discard(const Config& config, KitaraData& d, int position) {
  const int p = d.current;
  const uint8_t card = d.kingdom[p][position];
  for (int i = position; i + 1 < d.kingdom_size[p]; ++i) d.kingdom[p][i] = d.kingdom[p][i + 1];
  d.kingdom[p][--d.kingdom_size[p]] = 0;
  d.discards[d.discard_size++] = card;
  --d.to_discard;
  d.remove = config.cards[card].figures;
  NextRemoval(config, d);
}

void Remove(const Config& config, KitaraData& d, int kind, int area) {
  AreaState& a = d.areas[area];
  --a.figures[kind];
  if (Total(a.figures) == 0) SetOwner(d, area, -1);
  ++d.supply[d.current][kind];
  --d.remove[kind];
  NextRemoval(config, d);
}

void ApplyOne(const Config& config, KitaraData& d, Action action) {
  switch (d.phase) {
    case Phase::kStart:
      PlaceStart(config, d, action - kStartAction);
      return;
    case Phase::kTake:
      Take(config, d, action - kTakeAction);
      return;
    case Phase::kRecruit:
      Place(config, d, (action - kPlaceAction) / kMaxAreas, (action - kPlaceAction) % kMaxAreas);
      return;
    case Phase::kMoveSource:
      ChooseSource(config, d, action);
      return;
    case Phase::kMoveGroup:
      d.group = GroupFigures(action);
      d.phase = Phase::kMoveBorder;
      return;
    case Phase::kMoveBorder:
      Cross(config, d, action - kBorderAction);
      return;
    case Phase::kRetreat:
      Retreat(config, d, action - kRetreatAction);
      return;
    case Phase::kDiscard:
      Discard(config, d, action - kDiscardAction);
      return;
    case Phase::kRemove:
      Remove(config, d, (action - kRemoveAction) / kMaxAreas, (action - kRemoveAction) % kMaxAreas);
      return;
    case Phase::kOver:
      break;
  }
  SAVANNA_CHECK_MSG(false, "an action in a finished game");
}

// True when the decision at hand has exactly one legal option, stored in `only`. The move
// phase's decisions are answered without listing every option (a group can have 263).
bool SingleOption(const Config& config, const KitaraData& d, Action& only) {
  if (d.phase == Phase::kMoveGroup) {
    // Every group of at least the smallest size that can leave is legal: one option exactly
    // when that size is the whole group.
    const Figures& f = d.areas[d.source].figures;
    if (Total(f) != MinGroupSize(config, d, d.current, d.source)) return false;
    only = GroupAction(f[kWarrior], f[kAnimal], f[kHero]);
    return true;
  }
  ActionList legal;
  AppendLegal(config, d, legal, 2);
  SAVANNA_CHECK_MSG(!legal.Empty(), std::string("no legal action in phase ") + PhaseName(d.phase));
  if (legal.Size() != 1) return false;
  only = legal[0];
  return true;
}

// Decision ForcedChoicesAreMadeAutomatically: while the decision at hand has a single legal
// option, it is taken without asking.
void Settle(const Config& config, KitaraData& d) {
  Action only = kInvalidAction;
  while (d.phase != Phase::kOver && SingleOption(config, d, only)) ApplyOne(config, d, only);
}

}  // namespace

// ---- Counting
// ------------------------------------------------------------------------------------

int KingdomSymbols(const Config& config, const KitaraData& d, int player, uint8_t Card::*symbol) {
  int n = 0;
  for (int i = 0; i < d.kingdom_size[player]; ++i) n += config.cards[d.kingdom[player][i]].*symbol;
  return n;
}

int FoodCapacity(const Config& config, const KitaraData& d, int player) {
  int n = 0;
  for (uint64_t s = config.map.savanna_mask & d.held[player]; s != 0; s &= s - 1)
    n += d.areas[std::countr_zero(s)].figures[kWarrior] > 0;
  return n;
}

int HungryCards(const Config& config, const KitaraData& d, int player) {
  int n = 0;
  for (int i = 0; i < d.kingdom_size[player]; ++i) n += !config.cards[d.kingdom[player][i]].no_feed;
  return n;
}

int TakeChoices(const Config& config, const KitaraData& d) {
  // Decision TakeAlwaysOffersAtLeastTheFirstCard.
  return std::min<int>(std::max(1, KingdomSymbols(config, d, d.current, &Card::take)), d.row_size);
}

int TokenCount(const TokenCounts& tokens) {
  int n = 0;
  for (uint8_t c : tokens) n += c;
  return n;
}

int TokenValue(const Config& config, const TokenCounts& tokens) {
  int n = 0;
  for (int v = 0; v < config.token_kinds; ++v) n += tokens[v] * config.token_values[v];
  return n;
}

int FinalScore(const Config& config, const KitaraData& d, int player) {
  return d.prosperity[player] + TokenValue(config, d.tokens[player]) + 2 * d.kingdom_size[player];
}

// ---- Set-up, legality, application
// ---------------------------------------------------------------

void SetUp(const Config& config, KitaraData& d) {
  // The deck, bottom first: age 5 at the bottom, age 1 on top, each age shuffled on its own.
  d.deck_size = 0;
  for (int age = kFinalAge; age >= 1; --age) {
    const int first = d.deck_size;
    for (int c = 1; c <= config.num_cards; ++c)
      if (config.cards[c].age == age) d.deck[d.deck_size++] = uint8_t(c);
    d.rng.Shuffle(d.deck.data() + first, size_t(d.deck_size - first));
  }
  for (int p = 0; p < config.players; ++p) {
    for (int k = 0; k < kKinds; ++k) d.supply[p][k] = uint8_t(kFiguresPerKind[k]);
    d.kingdom[p][0] = kStartCard;
    d.kingdom_size[p] = 1;
  }
  for (int v = 0; v < config.token_kinds; ++v) d.bag[v] = config.token_counts[v];
  d.phase = Phase::kStart;
  d.current = 0;
  d.round = 0;
  while (d.row_size < kRowSize && d.deck_size > 0) Reveal(config, d);
  Settle(config, d);
}

int Actor(const KitaraData& d) { return d.phase == Phase::kRetreat ? d.retreat_player : d.current; }

void AppendLegal(const Config& config, const KitaraData& d, ActionList& out, int limit) {
  const int p = d.current;
  switch (d.phase) {
    case Phase::kStart:
      for (uint64_t s = config.map.start_mask; s != 0 && out.Size() < limit; s &= s - 1)
        if (d.areas[std::countr_zero(s)].owner < 0) out.PushBack(StartAction(std::countr_zero(s)));
      return;
    case Phase::kTake:
      for (int i = 0, n = std::min(TakeChoices(config, d), limit); i < n; ++i)
        out.PushBack(TakeAction(i));
      return;
    case Phase::kRecruit: {
      const int kind = FirstKind(d.recruit);
      for (uint64_t own = d.held[p]; own != 0; own &= own - 1)
        out.PushBack(PlaceAction(kind, std::countr_zero(own)));
      return;
    }
    case Phase::kDiscard:
      for (int i = 0; i < d.kingdom_size[p] && out.Size() < limit; ++i)
        if (!config.cards[d.kingdom[p][i]].no_feed) out.PushBack(DiscardAction(i));
      return;
    case Phase::kRemove: {
      const int kind = FirstKind(d.remove);
      for (uint64_t own = d.held[p]; own != 0; own &= own - 1)
        if (d.areas[std::countr_zero(own)].figures[kind] > 0)
          out.PushBack(RemoveAction(kind, std::countr_zero(own)));
      return;
    }
    case Phase::kOver:
      return;
    default:
      AppendMoveLegal(config, d, out, limit);
  }
}

bool IsLegalNow(const Config& config, const KitaraData& d, Action action) {
  const int p = d.current;
  auto in = [action](Action first, int count) { return action >= first && action < first + count; };
  switch (d.phase) {
    case Phase::kStart: {
      if (!in(kStartAction, config.map.num_areas)) return false;
      const int area = action - kStartAction;
      return (config.map.start_mask >> area & 1) && d.areas[area].owner < 0;
    }
    case Phase::kTake:
      return in(kTakeAction, TakeChoices(config, d));
    case Phase::kRecruit: {
      const int kind = FirstKind(d.recruit);
      if (!in(PlaceAction(kind, 0), config.map.num_areas)) return false;
      return d.areas[action - PlaceAction(kind, 0)].owner == p;
    }
    case Phase::kDiscard:
      return in(kDiscardAction, d.kingdom_size[p]) &&
             !config.cards[d.kingdom[p][action - kDiscardAction]].no_feed;
    case Phase::kRemove: {
      const int kind = FirstKind(d.remove);
      if (!in(RemoveAction(kind, 0), config.map.num_areas)) return false;
      const AreaState& area = d.areas[action - RemoveAction(kind, 0)];
      return area.owner == p && area.figures[kind] > 0;
    }
    case Phase::kOver:
      return false;
    default:
      return IsMoveLegal(config, d, action);
  }
}

void ApplyAction(const Config& config, KitaraData& d, Action action) {
  ApplyOne(config, d, action);
  Settle(config, d);
}

void EndMovePhase(const Config& config, KitaraData& d) {
  d.moves_left = 0;
  Score(config, d);
  Manage(config, d);
}

}  // namespace savanna::kitara
