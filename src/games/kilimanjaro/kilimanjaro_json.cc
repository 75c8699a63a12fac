// Kilimanjaro's full state as JSON (State::ToJson) and the reader that validates it: every card
// and counter accounted for exactly once, counters on legal spaces, and a phase that fits.
#include <algorithm>

#include "core/json_io.h"
#include "games/kilimanjaro/kilimanjaro_state.h"

namespace savanna::kilimanjaro {
namespace {

constexpr std::array<const char*, 10> kEventNames = {"place",       "play",     "move", "counter",
                                                     "stay",        "lion",     "swap", "send_back",
                                                     "send_nobody", "base_camp"};

Result<int> CardFromText(const Config& c, const Json& j, const std::string& what) {
  const std::string bad =
      what + " must be a card such as '" + CardName(c, CardOf(0, c.min_value)) + "'";
  if (!j.is_string()) return Fail(ErrorCode::kBadData, bad);
  const std::string s = j.get<std::string>();
  const size_t space = s.find(' ');
  if (space == std::string::npos) return Fail(ErrorCode::kBadData, bad);
  for (int t = 0; t < c.types; ++t) {
    if (s.compare(0, space, c.type_names[t]) != 0 || space != c.type_names[t].size()) continue;
    const std::string value = s.substr(space + 1);
    for (int v = c.min_value; v <= c.max_value; ++v)
      if (value == std::to_string(v)) return CardOf(t, v);
  }
  return Fail(ErrorCode::kBadData, bad + ", got '" + s + "'");
}

Result<CounterKind> KindFromText(const Json& j, const std::string& what) {
  if (j.is_string())
    for (int k = 0; k < kCounterKinds; ++k)
      if (j.get<std::string>() == CounterName(CounterKind(k))) return CounterKind(k);
  return Fail(ErrorCode::kBadData, what + " must be one of banana, lion, change");
}

Result<Phase> PhaseFromText(const std::string& name) {
  for (Phase p : {Phase::kPlace, Phase::kPlay, Phase::kBanana, Phase::kChange, Phase::kGameOver})
    if (name == PhaseName(p)) return p;
  return Fail(ErrorCode::kBadData,
              "field 'phase' must be one of place, play, banana, change, over");
}

Json EventToJson(const Config& c, const Event& e) {
  return {{"type", kEventNames[size_t(e.type)]},
          {"player", e.player},
          {"other", e.other},
          {"from", e.from},
          {"to", e.to},
          {"card", e.type == EventType::kPlay ? Json(CardName(c, e.card)) : Json(nullptr)},
          {"pile", e.pile},
          {"kind", CounterName(e.kind)}};
}

Result<Event> EventFromJson(const Config& c, const Json& j, const std::string& what) {
  if (!j.is_object()) return Fail(ErrorCode::kBadData, what + " must be an object");
  Event e;
  auto type = WithContext(StringField(j, "type"), what + ": ");
  if (!type) return tl::unexpected(type.error());
  auto it = std::find(kEventNames.begin(), kEventNames.end(), *type);
  if (it == kEventNames.end())
    return Fail(ErrorCode::kBadData, what + ": unknown event type '" + *type + "'");
  e.type = EventType(it - kEventNames.begin());
  auto player = WithContext(IntField(j, "player", 0, c.players - 1), what + ": ");
  auto other = WithContext(IntField(j, "other", 0, c.players - 1), what + ": ");
  auto from = WithContext(IntField(j, "from", 0, c.trail_length), what + ": ");
  auto to = WithContext(IntField(j, "to", 0, c.trail_length), what + ": ");
  auto pile = WithContext(IntField(j, "pile", 0, kPiles - 1), what + ": ");
  for (const auto* r : {&player, &other, &from, &to, &pile})
    if (!*r) return tl::unexpected(r->error());
  if (!j.contains("card") || !j.contains("kind"))
    return Fail(ErrorCode::kBadData, what + ": missing field 'card' or 'kind'");
  if (e.type == EventType::kPlay) {
    auto card = CardFromText(c, j["card"], what + ": field 'card'");
    if (!card) return tl::unexpected(card.error());
    e.card = uint8_t(*card);
  } else if (!j["card"].is_null()) {
    return Fail(ErrorCode::kBadData, what + ": field 'card' is null except in a play");
  }
  auto kind = KindFromText(j["kind"], what + ": field 'kind'");
  if (!kind) return tl::unexpected(kind.error());
  e.player = uint8_t(*player);
  e.other = uint8_t(*other);
  e.from = uint8_t(*from);
  e.to = uint8_t(*to);
  e.pile = uint8_t(*pile);
  e.kind = *kind;
  return e;
}

// Reads the array `list` (named `what` in errors) as cards into out[0..n); `max` bounds n.
Result<int> CardList(const Config& c, const Json& list, const std::string& what, int max,
                     uint8_t* out) {
  if (!list.is_array()) return Fail(ErrorCode::kBadData, what + " must be an array of cards");
  if (int(list.size()) > max)
    return Fail(ErrorCode::kBadData, what + " holds more than " + std::to_string(max) + " cards");
  for (size_t i = 0; i < list.size(); ++i) {
    auto card = CardFromText(c, list[i], what + "[" + std::to_string(i) + "]");
    if (!card) return tl::unexpected(card.error());
    out[i] = uint8_t(*card);
  }
  return int(list.size());
}

Result<int> CardField(const Config& c, const Json& json, const std::string& key, int max,
                      uint8_t* out) {
  auto list = ArrayField(json, key);
  if (!list) return tl::unexpected(list.error());
  return CardList(c, **list, key, max, out);
}

// Reads the cards; the result says whether the piles are dealt (all players have 3 piles).
Result<bool> ReadCards(const Config& c, const Json& json, KiliData& d) {
  auto deck = CardField(c, json, "deck", c.total_cards, d.deck.data());
  if (!deck) return tl::unexpected(deck.error());
  d.deck_size = uint8_t(*deck);
  auto hands = ArrayField(json, "hands", c.players);
  auto piles = ArrayField(json, "piles", c.players);
  if (!hands) return tl::unexpected(hands.error());
  if (!piles) return tl::unexpected(piles.error());
  const bool dealt = (**piles)[0].is_array() && !(**piles)[0].empty();
  for (int p = 0; p < c.players; ++p) {
    const std::string ps = "[" + std::to_string(p) + "]";
    auto hand = CardList(c, (**hands)[p], "hands" + ps, kHandSize, d.hand[p].data());
    if (!hand) return tl::unexpected(hand.error());
    d.hand_size[p] = uint8_t(*hand);
    std::sort(d.hand[p].begin(), d.hand[p].begin() + *hand);
    const Json& pj = (**piles)[p];
    if (!pj.is_array() || pj.size() != (dealt ? size_t(kPiles) : 0))
      return Fail(ErrorCode::kBadData, "piles" + ps +
                                           " must hold 3 piles, or every player none "
                                           "(before the deal)");
    for (size_t i = 0; i < pj.size(); ++i) {
      const std::string what = "piles" + ps + "[" + std::to_string(i) + "]";
      if (!pj[i].is_object() || !pj[i].contains("top"))
        return Fail(ErrorCode::kBadData, what + " must be {\"top\", \"size\"}");
      auto top = CardFromText(c, pj[i]["top"], what + ": field 'top'");
      if (!top) return tl::unexpected(top.error());
      auto size = WithContext(IntField(pj[i], "size", 1, c.total_cards), what + ": ");
      if (!size) return tl::unexpected(size.error());
      d.piles[p][i] = Pile{uint8_t(*top), uint8_t(*size)};
    }
  }
  std::array<uint8_t, kMaxCards> covered{};
  auto n = CardField(c, json, "covered", c.total_cards, covered.data());
  if (!n) return tl::unexpected(n.error());
  for (int i = 0; i < *n; ++i) ++d.buried[covered[i]];
  return dealt;
}

// Before the deal nothing is out; after it every card is in exactly one place and the piles'
// depths match the covered cards.
Result<void> CheckCards(const Config& c, const KiliData& d, bool dealt, bool piles_dealt) {
  if (dealt != piles_dealt)
    return Fail(ErrorCode::kBadData, std::string("field 'piles' must ") +
                                         (dealt ? "hold 3 piles per player once the cards are dealt"
                                                : "be empty while counters are being placed"));
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
      return Fail(ErrorCode::kBadData, "no card is dealt while counters are being placed");
    return {};
  }
  if (depth != covered)
    return Fail(ErrorCode::kBadData, "the piles cover " + std::to_string(depth) +
                                         " cards but 'covered' lists " + std::to_string(covered));
  for (int t = 0; t < c.types; ++t)
    for (int v = c.min_value; v <= c.max_value; ++v)
      if (count[CardOf(t, v)] != c.copies)
        return Fail(ErrorCode::kBadData, "the state holds " + std::to_string(count[CardOf(t, v)]) +
                                             " of " + CardName(c, CardOf(t, v)) +
                                             ", the game has " + std::to_string(c.copies));
  return {};
}

Result<void> ReadCounters(const Config& c, const Json& json, KiliData& d) {
  auto list = ArrayField(json, "counters");
  if (!list) return tl::unexpected(list.error());
  if ((*list)->size() > size_t(c.total_counters))
    return Fail(ErrorCode::kBadData, "field 'counters' lists more counters than the game has");
  std::array<int, kCounterKinds> count{};
  d.num_counters = 0;
  for (size_t i = 0; i < (*list)->size(); ++i) {
    const Json& k = (**list)[i];
    const std::string what = "counters[" + std::to_string(i) + "]";
    auto space = WithContext(IntField(k, "space", 1, c.trail_length - 1), what + ": ");
    auto placer = WithContext(IntField(k, "placer", 0, c.players - 1), what + ": ");
    auto face_up = WithContext(BoolField(k, "face_up"), what + ": ");
    if (!space) return tl::unexpected(space.error());
    if (!placer) return tl::unexpected(placer.error());
    if (!face_up) return tl::unexpected(face_up.error());
    if (!k.contains("kind")) return Fail(ErrorCode::kBadData, what + ": missing field 'kind'");
    auto kind = KindFromText(k["kind"], what + ": field 'kind'");
    if (!kind) return tl::unexpected(kind.error());
    if (!CanPlaceCounter(c, d, int(*space)))
      return Fail(ErrorCode::kBadData, what + ": space " + std::to_string(*space) +
                                           " is a village or on or next to another counter");
    if (*kind == CounterKind::kChange && *face_up)
      return Fail(ErrorCode::kBadData, what + ": a turned change counter leaves the trail");
    d.counters[d.num_counters++] = Counter{uint8_t(*space), *kind, uint8_t(*placer), *face_up};
    ++count[int(*kind)];
  }
  auto removed = IntField(json, "removed_counters", 0, c.counters[int(CounterKind::kChange)]);
  if (!removed) return tl::unexpected(removed.error());
  d.removed_counters = uint8_t(*removed);
  count[int(CounterKind::kChange)] += d.removed_counters;
  auto unplaced = ArrayField(json, "unplaced", c.players);
  if (!unplaced) return tl::unexpected(unplaced.error());
  for (int p = 0; p < c.players; ++p) {
    const std::string what = "unplaced[" + std::to_string(p) + "]: ";
    for (int k = 0; k < kCounterKinds; ++k) {
      auto n = WithContext(IntField((**unplaced)[p], CounterName(CounterKind(k)), 0, c.counters[k]),
                           what);
      if (!n) return tl::unexpected(n.error());
      d.unplaced[p][k] = uint8_t(*n);
      count[k] += int(*n);
    }
  }
  for (int k = 0; k < kCounterKinds; ++k)
    if (count[k] != c.counters[k])
      return Fail(ErrorCode::kBadData, "the state holds " + std::to_string(count[k]) + " " +
                                           CounterName(CounterKind(k)) +
                                           " counters, the game has " +
                                           std::to_string(c.counters[k]));
  return {};
}

Result<void> ReadProgress(const Config& c, const Json& json, KiliData& d) {
  auto positions = ArrayField(json, "positions", c.players);
  if (!positions) return tl::unexpected(positions.error());
  for (int p = 0; p < c.players; ++p) {
    auto pos = IntElement(**positions, size_t(p), 0, c.trail_length, "positions");
    if (!pos) return tl::unexpected(pos.error());
    d.position[p] = uint8_t(*pos);
  }
  auto current = IntField(json, "current", 0, c.players - 1);
  auto phase_name = StringField(json, "phase");
  auto distance = IntField(json, "distance", 0, kPiles * kMaxValue);
  auto winner = IntField(json, "winner", -1, c.players - 1);
  auto moves = IntField(json, "move_number", 0, 65535);
  if (!current) return tl::unexpected(current.error());
  if (!phase_name) return tl::unexpected(phase_name.error());
  if (!distance) return tl::unexpected(distance.error());
  if (!winner) return tl::unexpected(winner.error());
  if (!moves) return tl::unexpected(moves.error());
  auto phase = PhaseFromText(*phase_name);
  if (!phase) return tl::unexpected(phase.error());
  d.current = uint8_t(*current);
  d.phase = *phase;
  d.distance = uint8_t(*distance);
  d.winner = int8_t(*winner);
  d.move_number = uint16_t(*moves);
  auto events = ArrayField(json, "events");
  if (!events) return tl::unexpected(events.error());
  if ((*events)->size() > size_t(kMaxEvents))
    return Fail(ErrorCode::kBadData, "field 'events' lists too many events");
  d.num_events = uint8_t((*events)->size());
  for (int i = 0; i < d.num_events; ++i) {
    auto e = EventFromJson(c, (**events)[i], "events[" + std::to_string(i) + "]");
    if (!e) return tl::unexpected(e.error());
    d.events[i] = *e;
  }
  return {};
}

// The phase must fit the rest of the state.
Result<void> CheckPhase(const Config& c, const KiliData& d) {
  auto bad = [](const std::string& why) { return Fail(ErrorCode::kBadData, why); };
  int to_place = 0, at_camp = 0, cards_left = d.deck_size;
  for (int p = 0; p < c.players; ++p) {
    to_place += d.unplaced[p][0] + d.unplaced[p][1] + d.unplaced[p][2];
    at_camp += d.position[p] == c.trail_length;
    cards_left += d.hand_size[p];
  }
  if ((d.phase == Phase::kPlace) != (to_place > 0))
    return bad("field 'phase' is 'place' exactly while counters remain to be placed");
  if (d.phase == Phase::kPlace && d.unplaced[d.current] == std::array<uint8_t, kCounterKinds>{})
    return bad("the player to place a counter has none left");
  if (d.phase == Phase::kPlay && d.hand_size[d.current] == 0)
    return bad("the player to play has no card");
  if (d.phase == Phase::kBanana) {
    const int at = CounterAt(d, d.position[d.current]);
    if (at < 0 || d.counters[at].kind != CounterKind::kBanana || !d.counters[at].face_up ||
        d.distance == 0)
      return bad("phase 'banana' needs the current player on a turned banana and a distance");
  }
  if (at_camp > 1 || (at_camp == 1) != (d.winner >= 0) ||
      (d.winner >= 0 && d.position[d.winner] != c.trail_length))
    return bad("field 'winner' must name the one expedition at the base camp, or be -1");
  if (d.phase == Phase::kGameOver && d.winner < 0 && cards_left > 0)
    return bad("the game is over only at the base camp or when every card is played");
  if (d.phase != Phase::kGameOver && d.winner >= 0)
    return bad("an expedition at the base camp ends the game");
  return {};
}

}  // namespace

Json KilimanjaroState::ToJson() const {
  const Config& c = config();
  auto cards = [&](const uint8_t* begin, int n) {
    Json list = Json::array();
    for (int i = 0; i < n; ++i) list.push_back(CardName(c, begin[i]));
    return list;
  };
  const bool dealt = d_.phase != Phase::kPlace;
  Json j;
  j["deck"] = cards(d_.deck.data(), d_.deck_size);
  Json hands = Json::array(), piles = Json::array(), unplaced = Json::array();
  for (int p = 0; p < c.players; ++p) {
    hands.push_back(cards(d_.hand[p].data(), d_.hand_size[p]));
    Json pj = Json::array();
    if (dealt)
      for (const Pile& pile : d_.piles[p])
        pj.push_back({{"top", CardName(c, pile.top)}, {"size", pile.size}});
    piles.push_back(std::move(pj));
    Json u;
    for (int k = 0; k < kCounterKinds; ++k) u[CounterName(CounterKind(k))] = d_.unplaced[p][k];
    unplaced.push_back(std::move(u));
  }
  j["hands"] = std::move(hands);
  j["piles"] = std::move(piles);
  Json covered = Json::array();
  for (int card = 0; card < kCardKinds; ++card)
    for (int i = 0; i < d_.buried[card]; ++i) covered.push_back(CardName(c, card));
  j["covered"] = std::move(covered);
  Json counters = Json::array();
  for (int i = 0; i < d_.num_counters; ++i) {
    const Counter& k = d_.counters[i];
    counters.push_back({{"space", k.space},
                        {"kind", CounterName(k.kind)},
                        {"placer", k.placer},
                        {"face_up", k.face_up}});
  }
  j["counters"] = std::move(counters);
  j["removed_counters"] = d_.removed_counters;
  j["unplaced"] = std::move(unplaced);
  j["positions"] = std::vector<int>(d_.position.begin(), d_.position.begin() + c.players);
  j["current"] = d_.current;
  j["phase"] = PhaseName(d_.phase);
  j["distance"] = d_.distance;
  j["winner"] = d_.winner;
  j["move_number"] = d_.move_number;
  Json events = Json::array();
  for (int i = 0; i < d_.num_events; ++i) events.push_back(EventToJson(c, d_.events[i]));
  j["events"] = std::move(events);
  j["rng"] = RngToJson(d_.rng);
  return j;
}

Result<KiliData> DataFromJson(const Config& config, const Json& json) {
  if (!json.is_object()) return Fail(ErrorCode::kBadData, "the state must be a JSON object");
  KiliData d;
  if (auto r = ReadCounters(config, json, d); !r) return tl::unexpected(r.error());
  if (auto r = ReadProgress(config, json, d); !r) return tl::unexpected(r.error());
  auto piles_dealt = ReadCards(config, json, d);
  if (!piles_dealt) return tl::unexpected(piles_dealt.error());
  if (auto r = CheckCards(config, d, d.phase != Phase::kPlace, *piles_dealt); !r)
    return tl::unexpected(r.error());
  if (auto r = CheckPhase(config, d); !r) return tl::unexpected(r.error());
  if (!json.contains("rng")) return Fail(ErrorCode::kBadData, "missing field 'rng'");
  auto rng = RngFromJson(json["rng"]);
  if (!rng) return tl::unexpected(rng.error());
  d.rng = *rng;
  return d;
}

}  // namespace savanna::kilimanjaro
