// Kilimanjaro's full state as JSON (State::ToJson), its reader and its hash, all derived from one
// description of KiliData (core/describe.h); the reader then checks what no single field shows:
// every card and counter accounted for exactly once, counters on legal spaces, a phase that fits.
#include <algorithm>

#include "core/describe.h"
#include "games/kilimanjaro/kilimanjaro_state.h"

namespace savanna::kilimanjaro {
namespace {

constexpr int kPhases = int(Phase::kGameOver) + 1;

Result<void> Bad(const std::string& why) { return Fail(ErrorCode::kBadData, why); }

// Before the deal nothing is out; after it every card is in exactly one place and the piles'
// depths match the covered cards.
Result<void> CheckCards(const Config& c, const KiliData& d) {
  const bool dealt = d.phase != Phase::kPlace;
  std::array<int, kCardKinds> count{};
  int covered = 0, depth = 0;
  for (int i = 0; i < d.deck_size; ++i) ++count[d.deck[i]];
  for (int card = 0; card < kCardKinds; ++card) {
    count[card] += d.buried[card];
    covered += d.buried[card];
  }
  for (int p = 0; p < c.players; ++p) {
    for (int i = 0; i < d.hand_size[p]; ++i) ++count[d.hand[p][i]];
    if (!dealt) continue;
    for (const Pile& pile : d.piles[p]) {
      ++count[pile.top];
      depth += pile.size - 1;
    }
  }
  if (!dealt) {
    if (d.deck_size > 0 || covered > 0 ||
        std::any_of(d.hand_size.begin(), d.hand_size.end(), [](uint8_t h) { return h > 0; }))
      return Bad("no card is dealt while counters are being placed");
    return {};
  }
  if (depth != covered)
    return Bad("the piles cover " + std::to_string(depth) + " cards but 'covered' lists " +
               std::to_string(covered));
  for (int t = 0; t < c.types; ++t)
    for (int v = c.min_value; v <= c.max_value; ++v)
      if (count[CardOf(t, v)] != c.copies)
        return Bad("the state holds " + std::to_string(count[CardOf(t, v)]) + " of " +
                   CardName(c, CardOf(t, v)) + ", the game has " + std::to_string(c.copies));
  return {};
}

// Counters on legal spaces, each kind counted once on the trail, removed or unplaced.
Result<void> CheckCounters(const Config& c, const KiliData& d) {
  std::array<int, kCounterKinds> count{};
  KiliData placed = d;
  for (int i = 0; i < d.num_counters; ++i) {
    const Counter& k = d.counters[i];
    const std::string what = "counters[" + std::to_string(i) + "]: ";
    placed.num_counters = uint8_t(i);
    if (!CanPlaceCounter(c, placed, k.space))
      return Bad(what + "space " + std::to_string(k.space) +
                 " is a village or on or next to another counter");
    if (k.kind == CounterKind::kChange && k.face_up)
      return Bad(what + "a turned change counter leaves the trail");
    ++count[int(k.kind)];
  }
  count[int(CounterKind::kChange)] += d.removed_counters;
  for (int p = 0; p < c.players; ++p)
    for (int k = 0; k < kCounterKinds; ++k) count[k] += d.unplaced[p][k];
  for (int k = 0; k < kCounterKinds; ++k)
    if (count[k] != c.counters[k])
      return Bad("the state holds " + std::to_string(count[k]) + " " + CounterName(CounterKind(k)) +
                 " counters, the game has " + std::to_string(c.counters[k]));
  return {};
}

// The phase must fit the rest of the state.
Result<void> CheckPhase(const Config& c, const KiliData& d) {
  int to_place = 0, at_camp = 0, cards_left = d.deck_size;
  for (int p = 0; p < c.players; ++p) {
    to_place += d.unplaced[p][0] + d.unplaced[p][1] + d.unplaced[p][2];
    at_camp += d.position[p] == c.trail_length;
    cards_left += d.hand_size[p];
  }
  if ((d.phase == Phase::kPlace) != (to_place > 0))
    return Bad("field 'phase' is 'place' exactly while counters remain to be placed");
  if (d.phase == Phase::kPlace && d.unplaced[d.current] == std::array<uint8_t, kCounterKinds>{})
    return Bad("the player to place a counter has none left");
  if (d.phase == Phase::kPlay && d.hand_size[d.current] == 0)
    return Bad("the player to play has no card");
  if (d.phase == Phase::kBanana) {
    const int at = CounterAt(d, d.position[d.current]);
    if (at < 0 || d.counters[at].kind != CounterKind::kBanana || !d.counters[at].face_up ||
        d.distance == 0)
      return Bad("phase 'banana' needs the current player on a turned banana and a distance");
  }
  if (at_camp > 1 || (at_camp == 1) != (d.winner >= 0) ||
      (d.winner >= 0 && d.position[d.winner] != c.trail_length))
    return Bad("field 'winner' must name the one expedition at the base camp, or be -1");
  if (d.phase == Phase::kGameOver && d.winner < 0 && cards_left > 0)
    return Bad("the game is over only at the base camp or when every card is played");
  if (d.phase != Phase::kGameOver && d.winner >= 0)
    return Bad("an expedition at the base camp ends the game");
  return {};
}

}  // namespace

template <class V, class D>
void Describe(V& v, D& d, const Config& c) {
  const int n = c.players;
  auto card = [&](auto& e, std::string_view key, auto& value) {
    e.Named(key, value, kCardKinds, [&](int k) { return std::string_view(c.card_names[k]); });
  };
  auto cards = [&](auto& e, std::string_view key, auto& list, auto& size, int max) {
    e.List(key, size, max, [&](auto& x, int i) { card(x, "", list[i]); });
  };
  auto counter_kind = [&](auto& e, std::string_view key, auto& kind) {
    e.Named(key, kind, kCounterKinds, [](int k) { return CounterName(CounterKind(k)); });
  };
  // The phase first: the piles' extent depends on it.
  v.Named("phase", d.phase, kPhases, [](int p) { return PhaseName(Phase(p)); });
  cards(v, "deck", d.deck, d.deck_size, c.total_cards);
  v.Array("hands", n, [&](auto& e, int p) { cards(e, "", d.hand[p], d.hand_size[p], kHandSize); });
  v.Array("piles", n, [&](auto& e, int p) {
    e.Array("", d.phase == Phase::kPlace ? 0 : kPiles, [&](auto& x, int i) {
      x.Object("", [&](auto& o) {
        card(o, "top", d.piles[p][i].top);
        o.Int("size", d.piles[p][i].size, 1, c.total_cards);
      });
    });
  });
  v.Tally("covered", d.buried, kCardKinds, c.total_cards,
          [&](auto& e, auto& code) { card(e, "", code); });
  v.List("counters", d.num_counters, c.total_counters, [&](auto& e, int i) {
    e.Object("", [&](auto& o) {
      auto& k = d.counters[i];
      o.Int("space", k.space, 1, c.trail_length - 1);
      counter_kind(o, "kind", k.kind);
      o.Int("placer", k.placer, 0, n - 1);
      o.Bool("face_up", k.face_up);
    });
  });
  v.Int("removed_counters", d.removed_counters, 0, c.counters[int(CounterKind::kChange)]);
  v.Array("unplaced", n, [&](auto& e, int p) {
    e.Object("", [&](auto& o) {
      for (int k = 0; k < kCounterKinds; ++k)
        o.Int(CounterName(CounterKind(k)), d.unplaced[p][k], 0, c.counters[k]);
    });
  });
  v.Array("positions", n, [&](auto& e, int p) { e.Int("", d.position[p], 0, c.trail_length); });
  v.Int("current", d.current, 0, n - 1);
  v.Int("distance", d.distance, 0, kPiles * kMaxValue);
  v.Int("winner", d.winner, -1, n - 1);
  v.Int("move_number", d.move_number, 0, 65535);
  v.List("events", d.num_events, kMaxEvents, [&](auto& e, int i) {
    e.Object("", [&](auto& o) {
      auto& ev = d.events[i];
      o.Enum("type", ev.type, kEventNames);  // first: whether a card follows depends on it
      o.Int("player", ev.player, 0, n - 1);
      o.Int("other", ev.other, 0, n - 1);
      o.Int("from", ev.from, 0, c.trail_length);
      o.Int("to", ev.to, 0, c.trail_length);
      if (ev.type == EventType::kPlay)
        card(o, "card", ev.card);
      else
        o.Null("card");
      o.Int("pile", ev.pile, 0, kPiles - 1);
      counter_kind(o, "kind", ev.kind);
    });
  });
  v.Random("rng", d.rng);
}

SAVANNA_DESCRIBE_INSTANTIATIONS(KiliData, Config);

Result<void> CheckData(const Config& config, KiliData& d) {
  for (int p = 0; p < config.players; ++p)
    std::sort(d.hand[p].begin(), d.hand[p].begin() + d.hand_size[p]);
  return CheckInOrder(config, d, CheckCounters, CheckCards, CheckPhase);
}

}  // namespace savanna::kilimanjaro
