// Kalimambo's full state as JSON (State::ToJson) and the reader that validates it field by field:
// spaces, the rhino behind the group, every card played at most once, the pending cards in hand.
#include <bit>

#include "core/json_io.h"
#include "games/kalimambo/kalimambo_state.h"

namespace savanna::kalimambo {
namespace {

Result<void> Bad(const std::string& why) { return Fail(ErrorCode::kBadData, why); }

// Reads `key` as an array of `size` integers in [lo, hi].
Result<std::vector<int>> IntArray(const Json& json, const std::string& key, int size, int lo,
                                  int hi) {
  auto array = ArrayField(json, key, size);
  if (!array) return tl::unexpected(array.error());
  std::vector<int> values;
  for (int i = 0; i < size; ++i) {
    auto v = IntElement(**array, size_t(i), lo, hi, key);
    if (!v) return tl::unexpected(v.error());
    values.push_back(int(*v));
  }
  return values;
}

// A seat number or "kali"; `what` names the field in errors.
Result<int> FigureFromJson(const Config& config, const Json& json, const std::string& what) {
  if (json.is_string() && json.get<std::string>() == "kali") return config.Kali();
  if (json.is_number_integer() && json.get<int64_t>() >= 0 && json.get<int64_t>() < config.players)
    return int(json.get<int64_t>());
  return Fail(ErrorCode::kBadData, what + " must be a seat from 0 to " +
                                       std::to_string(config.players - 1) + " or \"kali\"");
}

bool IsCard(const Config& config, int v) { return (config.card_mask >> v) & 1u; }

// The rhino, the figures and the heaps; every figure on its own space, the rhino directly
// behind the last one.
Result<void> ReadBoard(const Config& config, const Json& json, KalimamboData& d) {
  const int n = config.players, track = config.track;
  auto rhino = IntField(json, "rhino", 0, track - 1);
  if (!rhino) return tl::unexpected(rhino.error());
  auto explorers = IntArray(json, "explorers", n, 0, track - 1);
  if (!explorers) return tl::unexpected(explorers.error());
  auto kali = IntField(json, "kali", 0, track - 1);
  if (!kali) return tl::unexpected(kali.error());
  d.rhino = uint8_t(*rhino);
  uint64_t occupied = uint64_t(1) << d.rhino;
  for (int f = 0; f < config.Figures(); ++f) {
    d.pos[f] = uint8_t(f < n ? (*explorers)[f] : *kali);
    const uint64_t bit = uint64_t(1) << d.pos[f];
    if (occupied & bit)
      return Bad("space " + std::to_string(d.pos[f]) + " holds two figures (the rhino counts)");
    occupied |= bit;
  }
  if (!((occupied >> ((d.rhino + 1) % track)) & 1u))
    return Bad(
        "the space in front of the rhino (field 'rhino') must hold a figure: the rhino "
        "stands directly behind the last figure");
  auto heaps = ArrayField(json, "heaps");
  if (!heaps) return tl::unexpected(heaps.error());
  d.heaps = 0;
  for (size_t i = 0; i < (*heaps)->size(); ++i) {
    auto space = IntElement(**heaps, i, 0, track - 1, "heaps");
    if (!space) return tl::unexpected(space.error());
    const uint64_t bit = uint64_t(1) << *space;
    if (d.heaps & bit) return Bad("heaps: space " + std::to_string(*space) + " is listed twice");
    d.heaps |= bit;
  }
  return {};
}

// Kali's deck, the played rounds, the pending cards, and the hands that follow from them.
Result<void> ReadCards(const Config& config, const Json& json, KalimamboData& d) {
  const int n = config.players;
  auto deck = IntArray(json, "kali_deck", config.num_cards, 0, kMaxCardValue);
  if (!deck) return tl::unexpected(deck.error());
  uint32_t seen = 0;
  for (int i = 0; i < config.num_cards; ++i) {
    const int v = (*deck)[i];
    if (!IsCard(config, v) || ((seen >> v) & 1u))
      return Bad("field 'kali_deck' must hold each card value once");
    seen |= 1u << v;
    d.kali_deck[i] = uint8_t(v);
  }
  auto played = ArrayField(json, "played");
  if (!played) return tl::unexpected(played.error());
  if (int((*played)->size()) > config.num_cards)
    return Bad("field 'played' lists more rounds than the game has");
  d.round = uint8_t((*played)->size());
  for (int p = 0; p < n; ++p) d.hand[p] = config.card_mask;
  for (int r = 0; r < d.round; ++r) {
    const Json& row = (**played)[size_t(r)];
    const std::string what = "played[" + std::to_string(r) + "]";
    if (!row.is_array() || int(row.size()) != n) return Bad(what + " must have one card per seat");
    for (int p = 0; p < n; ++p) {
      auto v = IntElement(row, size_t(p), 0, kMaxCardValue, what);
      if (!v) return tl::unexpected(v.error());
      if (!((d.hand[p] >> *v) & 1u))
        return Bad(what + ": seat " + std::to_string(p) + " plays card " + std::to_string(*v) +
                   ", which it does not hold (each card is played once)");
      d.hand[p] = uint16_t(d.hand[p] & ~(1u << *v));
      d.played[r][p] = uint8_t(*v);
    }
  }
  auto pending = IntArray(json, "pending", n, -1, kMaxCardValue);
  if (!pending) return tl::unexpected(pending.error());
  d.submitted = 0;
  for (int p = 0; p < n; ++p) {
    const int v = (*pending)[p];
    d.pending[p] = int8_t(v);
    if (v < 0) continue;
    if (d.round >= config.num_cards)
      return Bad("field 'pending' must be all -1 once the game is over");
    if (!((d.hand[p] >> v) & 1u))
      return Bad("pending: seat " + std::to_string(p) + " does not hold card " + std::to_string(v));
    d.submitted = uint8_t(d.submitted | (1u << p));
  }
  if (d.submitted == PlayerSet::FirstN(n).Mask())
    return Bad("field 'pending': a round with every card in must be resolved");
  return {};
}

Result<void> ReadEvents(const Config& config, const Json& json, KalimamboData& d) {
  auto events = ArrayField(json, "last_round");
  if (!events) return tl::unexpected(events.error());
  if (int((*events)->size()) > config.Figures() || (d.round == 0 && !(*events)->empty()))
    return Bad("field 'last_round' lists more moves than a round can have");
  d.num_events = uint8_t((*events)->size());
  for (int i = 0; i < d.num_events; ++i) {
    const Json& e = (**events)[size_t(i)];
    const std::string what = "last_round[" + std::to_string(i) + "]";
    if (!e.is_object()) return Bad(what + " must be an object");
    auto figure = FigureFromJson(config, e.contains("figure") ? e["figure"] : Json(),
                                 what + ": field 'figure'");
    if (!figure) return tl::unexpected(figure.error());
    auto from = WithContext(IntField(e, "from", 0, config.track - 1), what + ": ");
    auto to = WithContext(IntField(e, "to", 0, config.track - 1), what + ": ");
    auto dung = WithContext(BoolField(e, "dung"), what + ": ");
    auto run = WithContext(IntField(e, "run", 0, config.track - 2), what + ": ");
    if (!from) return tl::unexpected(from.error());
    if (!to) return tl::unexpected(to.error());
    if (!dung) return tl::unexpected(dung.error());
    if (!run) return tl::unexpected(run.error());
    MoveEvent& event = d.events[i];
    event = MoveEvent{uint8_t(*figure), uint8_t(*from), uint8_t(*to), *dung, uint8_t(*run), 0};
    if (!e.contains("rammed")) return Bad(what + ": missing field 'rammed'");
    if (*run == 0) {
      if (!e["rammed"].is_null()) return Bad(what + ": field 'rammed' must be null without a run");
      continue;
    }
    auto rammed = FigureFromJson(config, e["rammed"], what + ": field 'rammed'");
    if (!rammed) return tl::unexpected(rammed.error());
    event.rammed = uint8_t(*rammed);
  }
  return {};
}

}  // namespace

Json FigureJson(const Config& config, int figure) {
  return figure == config.Kali() ? Json("kali") : Json(figure);
}

Json MaskJson(uint64_t mask) {
  Json j = Json::array();
  for (; mask != 0; mask &= mask - 1) j.push_back(std::countr_zero(mask));
  return j;
}

Json EventsJson(const Config& config, const KalimamboData& d) {
  Json events = Json::array();
  for (int i = 0; i < d.num_events; ++i) {
    const MoveEvent& e = d.events[i];
    events.push_back({{"figure", FigureJson(config, e.figure)},
                      {"from", e.from},
                      {"to", e.to},
                      {"dung", e.dung},
                      {"run", e.run},
                      {"rammed", e.run > 0 ? FigureJson(config, e.rammed) : Json()}});
  }
  return events;
}

Json KalimamboState::ToJson() const {
  const Config& c = config();
  Json j;
  j["rhino"] = d_.rhino;
  j["explorers"] = std::vector<int>(d_.pos.begin(), d_.pos.begin() + c.players);
  j["kali"] = d_.pos[c.Kali()];
  j["heaps"] = MaskJson(d_.heaps);
  j["kali_deck"] = std::vector<int>(d_.kali_deck.begin(), d_.kali_deck.begin() + c.num_cards);
  Json played = Json::array();
  for (int r = 0; r < d_.round; ++r)
    played.push_back(std::vector<int>(d_.played[r].begin(), d_.played[r].begin() + c.players));
  j["played"] = std::move(played);
  j["pending"] = std::vector<int>(d_.pending.begin(), d_.pending.begin() + c.players);
  j["minus"] = std::vector<int>(d_.minus.begin(), d_.minus.begin() + c.players);
  j["last_round"] = EventsJson(c, d_);
  j["move_number"] = d_.move_number;
  j["rng"] = RngToJson(d_.rng);
  return j;
}

Result<KalimamboData> DataFromJson(const Config& config, const Json& json) {
  if (!json.is_object()) return Fail(ErrorCode::kBadData, "the state must be a JSON object");
  KalimamboData d;
  if (auto r = ReadBoard(config, json, d); !r) return tl::unexpected(r.error());
  if (auto r = ReadCards(config, json, d); !r) return tl::unexpected(r.error());
  if (auto r = ReadEvents(config, json, d); !r) return tl::unexpected(r.error());
  auto minus = IntArray(json, "minus", config.players, 0, kMaxMinusPoints);
  if (!minus) return tl::unexpected(minus.error());
  for (int p = 0; p < config.players; ++p) d.minus[p] = uint16_t((*minus)[p]);
  const int moves = d.round * config.players + std::popcount(unsigned(d.submitted));
  auto move_number = IntField(json, "move_number", 0, 65535);
  if (!move_number) return tl::unexpected(move_number.error());
  if (*move_number != moves)
    return Fail(ErrorCode::kBadData, "field 'move_number' must be " + std::to_string(moves) +
                                         " (the cards played and submitted)");
  d.move_number = uint16_t(moves);
  if (!json.contains("rng")) return Fail(ErrorCode::kBadData, "missing field 'rng'");
  auto rng = RngFromJson(json["rng"]);
  if (!rng) return tl::unexpected(rng.error());
  d.rng = *rng;
  return d;
}

}  // namespace savanna::kalimambo
