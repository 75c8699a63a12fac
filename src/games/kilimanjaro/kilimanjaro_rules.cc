// Kilimanjaro's rules: dealing and placing the chance counters, playing cards, moving, the
// counters' effects, drawing and the end. Decisions the text leaves open are named after their
// rows in docs/rules/kilimanjaro.md.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <typeinfo>

#include "core/check.h"
#include "games/kilimanjaro/kilimanjaro_state.h"

namespace savanna::kilimanjaro {
namespace {

constexpr CounterKind KindOfPlace(Action a) {
  return CounterKind((a - kFirstPlaceAction) / kMaxSpaces);
}
constexpr int SpaceOfPlace(Action a) { return (a - kFirstPlaceAction) % kMaxSpaces; }
constexpr int CardOfPlay(Action a) { return (a - kFirstPlayAction) / (kMaxSeats * kPiles); }
constexpr int SeatOfPlay(Action a) { return (a - kFirstPlayAction) / kPiles % kMaxSeats; }
constexpr int PileOfPlay(Action a) { return (a - kFirstPlayAction) % kPiles; }

void AddEvent(KiliData& d, Event e) {
  SAVANNA_CHECK(d.num_events < kMaxEvents);
  d.events[d.num_events++] = e;
}

Event MakeEvent(EventType type, int player) {
  Event e;
  e.type = type;
  e.player = uint8_t(player);
  return e;
}

bool HandHas(const KiliData& d, int player, int card) {
  for (int i = 0; i < d.hand_size[player]; ++i)
    if (d.hand[player][i] == card) return true;
  return false;
}

void RemoveFromHand(KiliData& d, int player, int card) {
  auto& hand = d.hand[player];
  int i = 0;
  while (hand[i] != card) ++i;
  for (; i + 1 < d.hand_size[player]; ++i) hand[i] = hand[i + 1];
  hand[--d.hand_size[player]] = 0;
}

void AddToHand(KiliData& d, int player, int card) {
  auto& hand = d.hand[player];
  int i = d.hand_size[player]++;
  for (; i > 0 && hand[i - 1] > card; --i) hand[i] = hand[i - 1];
  hand[i] = uint8_t(card);
}

int CountersLeft(const KiliData& d, int player) {
  return d.unplaced[player][0] + d.unplaced[player][1] + d.unplaced[player][2];
}

// The spaces a counter may go on now, as a bit set (see Config::counter_spaces): none on or
// beside a counter. The counters' spaces are gathered into one 128-bit set, then widened by a
// space on each side.
std::array<uint64_t, 2> FreeCounterSpaces(const Config& config, const KiliData& d) {
  uint64_t low = 0, high = 0;  // spaces 0-63, 64-127
  for (int i = 0; i < d.num_counters; ++i) {
    const int s = d.counters[i].space;
    const uint64_t bit = uint64_t{1} << (s & 63);
    low |= s < 64 ? bit : 0;
    high |= s < 64 ? 0 : bit;
  }
  const uint64_t blocked_low = low | low << 1 | low >> 1 | high << 63;
  const uint64_t blocked_high = high | high << 1 | high >> 1 | low >> 63;
  return {config.counter_spaces[0] & ~blocked_low, config.counter_spaces[1] & ~blocked_high};
}

// Decision "a player may play onto the piles of expeditions level with or ahead of their own".
bool MayTarget(const KiliData& d, int player, int seat) {
  return seat == player || d.position[seat] >= d.position[player];
}

bool AllCardsPlayed(const Config& config, const KiliData& d) {
  if (d.deck_size > 0) return false;
  for (int p = 0; p < config.players; ++p)
    if (d.hand_size[p] > 0) return false;
  return true;
}

// Ends the current player's turn: draw a card, then the next player with cards in hand.
void EndTurn(const Config& config, KiliData& d) {
  const int player = d.current;
  // Decision "no draw once the deck is empty".
  if (d.deck_size > 0) AddToHand(d, player, d.deck[--d.deck_size]);
  if (AllCardsPlayed(config, d)) {
    d.phase = Phase::kGameOver;
    return;
  }
  // Decision "hands run dry in turn order": a player without cards is passed over.
  int next = player;
  do next = (next + 1) % config.players;
  while (d.hand_size[next] == 0);
  d.current = uint8_t(next);
  d.phase = Phase::kPlay;
}

void ReachBaseCamp(const Config& config, KiliData& d, int player) {
  d.position[player] = uint8_t(config.trail_length);
  d.winner = int8_t(player);
  AddEvent(d, MakeEvent(EventType::kBaseCamp, player));
  d.phase = Phase::kGameOver;
}

// The current player moves d.distance forward and the counter where they stop takes effect.
// Leaves the phase at kBanana or kChange when the player must decide, kGameOver at the base
// camp, or ends the turn.
void Move(const Config& config, KiliData& d) {
  const int player = d.current;
  const int from = d.position[player];
  const int to = from + d.distance;
  Event move = MakeEvent(EventType::kMove, player);
  move.from = uint8_t(from);
  move.to = uint8_t(std::min(to, config.trail_length));
  AddEvent(d, move);
  // Decision "reaching the base camp wins at once", even on a banana's second move.
  if (to >= config.trail_length) {
    ReachBaseCamp(config, d, player);
    return;
  }
  d.position[player] = uint8_t(to);
  const int index = CounterAt(d, to);
  if (index < 0) {
    EndTurn(config, d);
    return;
  }
  Counter& counter = d.counters[index];
  Event seen = MakeEvent(EventType::kCounter, player);
  seen.to = uint8_t(to);
  seen.kind = counter.kind;
  AddEvent(d, seen);
  counter.face_up = true;
  switch (counter.kind) {
    case CounterKind::kBanana:
      // Decision "the banana's second move is optional".
      d.phase = Phase::kBanana;
      return;
    case CounterKind::kLion: {
      Event back = MakeEvent(EventType::kLion, player);
      back.from = uint8_t(to);
      back.to = uint8_t(VillageBehind(config, to));
      AddEvent(d, back);
      d.position[player] = back.to;
      EndTurn(config, d);
      return;
    }
    case CounterKind::kChange:
      // Change-position counters leave the trail once turned.
      d.counters[index] = d.counters[d.num_counters - 1];
      d.counters[--d.num_counters] = Counter{};
      ++d.removed_counters;
      d.phase = Phase::kChange;
      return;
  }
}

void Place(const Config& config, KiliData& d, int player, Action action) {
  const CounterKind kind = KindOfPlace(action);
  const int space = SpaceOfPlace(action);
  --d.unplaced[player][int(kind)];
  d.counters[d.num_counters++] = Counter{uint8_t(space), kind, uint8_t(player), false};
  d.num_events = 0;
  Event e = MakeEvent(EventType::kPlace, player);
  e.to = uint8_t(space);
  e.kind = kind;
  AddEvent(d, e);
  // Decision "counters are placed one at a time, clockwise, by those who have some left".
  for (int i = 1; i <= config.players; ++i) {
    const int next = (player + i) % config.players;
    if (CountersLeft(d, next) > 0) {
      d.current = uint8_t(next);
      return;
    }
  }
  DealCards(config, d);
}

void Play(const Config& config, KiliData& d, int player, Action action) {
  const int card = CardOfPlay(action), seat = SeatOfPlay(action), pile = PileOfPlay(action);
  RemoveFromHand(d, player, card);
  Pile& target = d.piles[seat][pile];
  ++d.buried[target.top];
  target.top = uint8_t(card);
  ++target.size;
  d.num_events = 0;
  Event e = MakeEvent(EventType::kPlay, player);
  e.card = uint8_t(card);
  e.other = uint8_t(seat);
  e.pile = uint8_t(pile);
  AddEvent(d, e);
  d.distance = uint8_t(MoveDistance(d, player));
  Move(config, d);
}

void Banana(const Config& config, KiliData& d, int player, Action action) {
  if (action == kBananaMoveAction) {
    // Decision "a banana chain resolves every counter it stops on".
    Move(config, d);
  } else {
    AddEvent(d, MakeEvent(EventType::kBananaStay, player));
    EndTurn(config, d);
  }
}

void Change(const Config& config, KiliData& d, int player, Action action) {
  if (action == kSendNobodyAction) {
    AddEvent(d, MakeEvent(EventType::kSendNobody, player));
  } else if (!config.send_back) {
    // Decision "after a swap no counter takes effect".
    const int other = action - kFirstChangeAction;
    Event e = MakeEvent(EventType::kSwap, player);
    e.other = uint8_t(other);
    e.from = d.position[player];
    e.to = d.position[other];
    AddEvent(d, e);
    std::swap(d.position[player], d.position[other]);
  } else {
    const int other = action - kFirstChangeAction;
    Event e = MakeEvent(EventType::kSendBack, player);
    e.other = uint8_t(other);
    e.from = d.position[other];
    e.to = uint8_t(VillageBehind(config, d.position[other]));
    AddEvent(d, e);
    d.position[other] = e.to;
  }
  EndTurn(config, d);
}

}  // namespace

int MoveDistance(int a, int b, int c) {
  const int ta = TypeOf(a), tb = TypeOf(b), tc = TypeOf(c);
  const int va = ValueOf(a), vb = ValueOf(b), vc = ValueOf(c);
  if (ta == tb && tb == tc) return va + vb + vc;
  if (ta == tb) return va + vb;
  if (ta == tc) return va + vc;
  if (tb == tc) return vb + vc;
  return std::max({va, vb, vc});
}

int MoveDistance(const KiliData& d, int player) {
  const auto& p = d.piles[player];
  return MoveDistance(p[0].top, p[1].top, p[2].top);
}

int VillageBehind(const Config& config, int space) {
  for (int s = space - 1; s > 0; --s)
    if (config.village[s]) return s;
  return 0;
}

int CounterAt(const KiliData& d, int space) {
  for (int i = 0; i < d.num_counters; ++i)
    if (d.counters[i].space == space) return i;
  return -1;
}

bool CanPlaceCounter(const Config& config, const KiliData& d, int space) {
  if (space < 1 || space >= config.trail_length || config.village[space]) return false;
  for (int i = 0; i < d.num_counters; ++i) {
    const int s = d.counters[i].space;
    if (s >= space - 1 && s <= space + 1) return false;
  }
  return true;
}

void DealCounters(const Config& config, KiliData& d) {
  std::array<uint8_t, kMaxCounters> pool{};
  int n = 0;
  for (int k = 0; k < kCounterKinds; ++k)
    for (int i = 0; i < config.counters[k]; ++i) pool[n++] = uint8_t(k);
  d.rng.Shuffle(pool.data(), size_t(n));
  d.unplaced = {};
  // Decision "counters are dealt round-robin from the first player" (3 players: 6/5/5).
  for (int i = 0; i < n; ++i) ++d.unplaced[i % config.players][pool[i]];
}

void DealCards(const Config& config, KiliData& d) {
  d.deck_size = 0;
  for (int t = 0; t < config.types; ++t)
    for (int v = config.min_value; v <= config.max_value; ++v)
      for (int c = 0; c < config.copies; ++c) d.deck[d.deck_size++] = uint8_t(CardOf(t, v));
  d.rng.Shuffle(d.deck.data(), d.deck_size);
  for (int p = 0; p < config.players; ++p) {
    for (auto& pile : d.piles[p]) pile = Pile{d.deck[--d.deck_size], 1};
    d.hand_size[p] = 0;
    for (int i = 0; i < kHandSize; ++i) AddToHand(d, p, d.deck[--d.deck_size]);
  }
  // Decision "the first player begins" (seat 0 places first and plays first).
  d.current = 0;
  d.phase = Phase::kPlay;
}

void SetUp(const Config& config, KiliData& d) {
  DealCounters(config, d);
  d.current = 0;
  d.phase =
      d.unplaced[0][0] + d.unplaced[0][1] + d.unplaced[0][2] > 0 ? Phase::kPlace : Phase::kPlay;
  if (d.phase == Phase::kPlay) DealCards(config, d);
}

PlayerSet KilimanjaroState::PlayersToAct() const {
  return d_.phase == Phase::kGameOver ? PlayerSet() : PlayerSet::Single(d_.current);
}

void KilimanjaroState::LegalActions(Player player, ActionList& out) const {
  out.Clear();
  if (d_.phase == Phase::kGameOver || player != d_.current) return;
  const Config& c = config();
  switch (d_.phase) {
    case Phase::kPlace: {
      // For each kind the player holds, every free space in ascending order. The spaces are
      // listed once and the other kinds' blocks copied from that list: a placement offers up to
      // some 250 actions, and this is most of a random game's cost (bench/bare_loop_ratio.cc).
      static_assert(kCounterKinds * kMaxSpaces <= ActionList::kCapacity);
      const std::array<uint64_t, 2> free = FreeCounterSpaces(c, d_);
      Action* const first = out.Fill();
      Action* next = first;
      int first_kind = -1;
      std::ptrdiff_t block = 0;  // the spaces: one action each per kind
      for (int k = 0; k < kCounterKinds; ++k) {
        if (d_.unplaced[player][k] == 0) continue;
        if (first_kind < 0) {
          first_kind = k;
          for (int w = 0; w < 2; ++w)
            for (uint64_t bits = free[w]; bits != 0; bits &= bits - 1)
              *next++ = PlaceAction(CounterKind(k), w * 64 + std::countr_zero(bits));
          block = next - first;
          continue;
        }
        const Action shift = (k - first_kind) * kMaxSpaces;
        for (std::ptrdiff_t i = 0; i < block; ++i) next[i] = first[i] + shift;
        next += block;
      }
      out.End(next);
      return;
    }
    case Phase::kPlay: {
      // Each distinct hand card on each pile of each seat the player may target.
      static_assert(kHandSize * kMaxSeats * kPiles <= ActionList::kCapacity);
      std::array<int, kMaxSeats> seats;
      int num_seats = 0;
      for (int seat = 0; seat < c.players; ++seat)
        if (MayTarget(d_, player, seat)) seats[num_seats++] = seat;
      Action* next = out.Fill();
      for (int i = 0; i < d_.hand_size[player]; ++i) {
        const int card = d_.hand[player][i];
        if (i > 0 && d_.hand[player][i - 1] == card) continue;  // a second copy: same actions
        for (int s = 0; s < num_seats; ++s)
          for (int pile = 0; pile < kPiles; ++pile) *next++ = PlayAction(card, seats[s], pile);
      }
      out.End(next);
      return;
    }
    case Phase::kBanana:
      out.PushBack(kBananaMoveAction);
      out.PushBack(kBananaStayAction);
      return;
    case Phase::kChange:
      for (int seat = 0; seat < c.players; ++seat)
        if (seat != player) out.PushBack(ChangeAction(seat));
      // Decision "sending back is optional in the variant".
      if (c.send_back) out.PushBack(kSendNobodyAction);
      return;
    case Phase::kGameOver:
      return;
  }
}

bool KilimanjaroState::IsLegal(Player player, Action action) const {
  if (d_.phase == Phase::kGameOver || player != d_.current) return false;
  const Config& c = config();
  switch (d_.phase) {
    case Phase::kPlace: {
      if (action < kFirstPlaceAction || action >= kFirstPlayAction) return false;
      return d_.unplaced[player][int(KindOfPlace(action))] > 0 &&
             CanPlaceCounter(c, d_, SpaceOfPlace(action));
    }
    case Phase::kPlay: {
      if (action < kFirstPlayAction || action >= kBananaMoveAction) return false;
      const int seat = SeatOfPlay(action);
      return seat < c.players && MayTarget(d_, player, seat) &&
             HandHas(d_, player, CardOfPlay(action));
    }
    case Phase::kBanana:
      return action == kBananaMoveAction || action == kBananaStayAction;
    case Phase::kChange:
      if (action == kSendNobodyAction) return c.send_back;
      return action >= kFirstChangeAction && action < kFirstChangeAction + c.players &&
             action - kFirstChangeAction != player;
    case Phase::kGameOver:
      return false;
  }
  return false;
}

void KilimanjaroState::ApplyUnchecked(Player player, Action action) {
  ++d_.move_number;
  switch (d_.phase) {
    case Phase::kPlace:
      Place(config(), d_, player, action);
      return;
    case Phase::kPlay:
      Play(config(), d_, player, action);
      return;
    case Phase::kBanana:
      Banana(config(), d_, player, action);
      return;
    case Phase::kChange:
      Change(config(), d_, player, action);
      return;
    case Phase::kGameOver:
      SAVANNA_CHECK(false);
  }
}

PlayerValues KilimanjaroState::Scores() const {
  PlayerValues scores{};
  for (int p = 0; p < config().players; ++p) scores[p] = d_.position[p];
  return scores;
}

PlayerSet KilimanjaroState::Winners() const {
  PlayerSet winners;
  if (d_.phase != Phase::kGameOver) return winners;
  if (d_.winner >= 0) return PlayerSet::Single(d_.winner);
  // Decision "ties go to the longer next move, then are shared".
  int best_position = -1, best_distance = -1;
  for (int p = 0; p < config().players; ++p) {
    const int pos = d_.position[p], dist = MoveDistance(d_, p);
    if (pos > best_position || (pos == best_position && dist > best_distance)) {
      winners = PlayerSet();
      best_position = pos;
      best_distance = dist;
    }
    if (pos == best_position && dist == best_distance) winners.Insert(p);
  }
  return winners;
}

}  // namespace savanna::kilimanjaro
