// Kalimambo's full state as JSON (State::ToJson), its reader and its hash, all derived from one
// description of KalimamboData (core/describe.h); the reader then checks what no single field
// shows: every figure on its own space with the rhino behind the group, every card played at
// most once, the pending cards in hand, and it derives the hands from the cards played.
#include <bit>

#include "core/describe.h"
#include "games/kalimambo/kalimambo_state.h"

namespace savanna::kalimambo {
namespace {

Result<void> Bad(const std::string& why) { return Fail(ErrorCode::kBadData, why); }

bool IsCard(const Config& config, int v) { return (config.card_mask >> v) & 1u; }

// Every figure on its own space (the rhino's included), the rhino directly behind the last one.
Result<void> CheckBoard(const Config& config, const KalimamboData& d) {
  uint64_t occupied = uint64_t(1) << d.rhino;
  for (int f = 0; f < config.Figures(); ++f) {
    const uint64_t bit = uint64_t(1) << d.pos[f];
    if (occupied & bit)
      return Bad("space " + std::to_string(d.pos[f]) + " holds two figures (the rhino counts)");
    occupied |= bit;
  }
  if (!((occupied >> ((d.rhino + 1) % config.track)) & 1u))
    return Bad(
        "the space in front of the rhino (field 'rhino') must hold a figure: the rhino "
        "stands directly behind the last figure");
  return {};
}

// Kali's deck holds each card once; each seat plays a card at most once.
Result<void> CheckCards(const Config& config, const KalimamboData& d) {
  uint32_t seen = 0;
  for (int i = 0; i < config.num_cards; ++i) {
    const int v = d.kali_deck[i];
    if (!IsCard(config, v) || ((seen >> v) & 1u))
      return Bad("field 'kali_deck' must hold each card value once");
    seen |= 1u << v;
  }
  std::array<uint16_t, kMaxSeats> hand{};
  for (int p = 0; p < config.players; ++p) hand[p] = config.card_mask;
  for (int r = 0; r < d.round; ++r)
    for (int p = 0; p < config.players; ++p) {
      const int v = d.played[r][p];
      if (!((hand[p] >> v) & 1u))
        return Bad("played[" + std::to_string(r) + "]: seat " + std::to_string(p) + " plays card " +
                   std::to_string(v) + ", which it does not hold (each card is played once)");
      hand[p] = uint16_t(hand[p] & ~(1u << v));
    }
  for (int p = 0; p < config.players; ++p) {
    const int v = d.pending[p];
    if (v < 0) continue;
    if (d.round >= config.num_cards)
      return Bad("field 'pending' must be all -1 once the game is over");
    if (!((hand[p] >> v) & 1u))
      return Bad("pending: seat " + std::to_string(p) + " does not hold card " + std::to_string(v));
  }
  return {};
}

// The hands and the submitted seats, which the document does not repeat.
void DeriveHands(const Config& config, KalimamboData& d) {
  d.submitted = 0;
  for (int p = 0; p < config.players; ++p) {
    d.hand[p] = config.card_mask;
    for (int r = 0; r < d.round; ++r) d.hand[p] = uint16_t(d.hand[p] & ~(1u << d.played[r][p]));
    if (d.pending[p] >= 0) d.submitted = uint8_t(d.submitted | (1u << p));
  }
}

Result<void> CheckProgress(const Config& config, const KalimamboData& d) {
  if (d.submitted == PlayerSet::FirstN(config.players).Mask())
    return Bad("field 'pending': a round with every card in must be resolved");
  if (d.round == 0 && d.num_events > 0)
    return Bad("field 'last_round' lists more moves than a round can have");
  const int moves = d.round * config.players + std::popcount(unsigned(d.submitted));
  if (d.move_number != moves)
    return Bad("field 'move_number' must be " + std::to_string(moves) +
               " (the cards played and submitted)");
  return {};
}

template <class V, class D>
void DescribeEvents(V& v, std::string_view key, D& d, const Config& c) {
  auto figure = [&](auto& e, std::string_view name, auto& value) {
    e.Named(name, value, c.Figures(), [&](int f) { return FigureJson(c, f); });
  };
  v.List(key, d.num_events, c.Figures(), [&](auto& e, int i) {
    e.Object("", [&](auto& o) {
      auto& event = d.events[i];
      figure(o, "figure", event.figure);
      o.Int("from", event.from, 0, c.track - 1);
      o.Int("to", event.to, 0, c.track - 1);
      o.Bool("dung", event.dung);
      o.Int("run", event.run, 0, c.track - 2);  // before 'rammed', which exists with a run
      if (event.run > 0)
        figure(o, "rammed", event.rammed);
      else
        o.Null("rammed");
    });
  });
}

}  // namespace

template <class V, class D>
void Describe(V& v, D& d, const Config& c) {
  const int n = c.players, track = c.track;
  auto seats = [&](std::string_view key, auto& values, int lo, int hi) {
    v.Array(key, n, [&](auto& e, int p) { e.Int("", values[p], lo, hi); });
  };
  v.Int("rhino", d.rhino, 0, track - 1);
  seats("explorers", d.pos, 0, track - 1);
  v.Int("kali", d.pos[c.Kali()], 0, track - 1);
  v.Bits("heaps", d.heaps, track);
  v.Array("kali_deck", c.num_cards,
          [&](auto& e, int i) { e.Int("", d.kali_deck[i], 0, kMaxCardValue); });
  v.List("played", d.round, c.num_cards, [&](auto& e, int r) {
    e.Array("", n, [&](auto& x, int p) { x.Int("", d.played[r][p], 0, kMaxCardValue); });
  });
  seats("pending", d.pending, -1, kMaxCardValue);
  seats("minus", d.minus, 0, kMaxMinusPoints);
  DescribeEvents(v, "last_round", d, c);
  v.Int("move_number", d.move_number, 0, 65535);
  v.Random("rng", d.rng);
}

Json FigureJson(const Config& config, int figure) {
  return figure == config.Kali() ? Json("kali") : Json(figure);
}

Json MaskJson(uint64_t mask) {
  Json j = Json::array();
  for (; mask != 0; mask &= mask - 1) j.push_back(std::countr_zero(mask));
  return j;
}

Json EventsJson(const Config& config, const KalimamboData& d) {
  return describe::PartToJson([&](auto& w) { DescribeEvents(w, "", d, config); });
}

SAVANNA_DESCRIBE_INSTANTIATIONS(KalimamboData, Config);

Result<void> CheckData(const Config& config, KalimamboData& d) {
  if (auto r = CheckInOrder(config, d, CheckBoard, CheckCards); !r) return r;
  DeriveHands(config, d);
  return CheckProgress(config, d);
}

}  // namespace savanna::kalimambo
