// Kariba's full state as JSON (State::ToJson) and the reader that validates it field by field:
// bounds, hand sizes, the known part of each hand, and that every card is in exactly one place.
#include "core/json_io.h"
#include "games/kariba/kariba_state.h"

namespace savanna::kariba {
namespace {

Result<AnimalCounts> CountsFromJson(const Config& config, const Json& j, const std::string& what) {
  if (!j.is_array() || int(j.size()) != config.animals)
    return Fail(ErrorCode::kBadData,
                what + " must be an array of " + std::to_string(config.animals) + " counts");
  AnimalCounts counts{};
  for (int a = 1; a <= config.animals; ++a) {
    auto c = IntElement(j, size_t(a - 1), 0, config.copies[a], what);
    if (!c) return tl::unexpected(c.error());
    counts[a] = uint8_t(*c);
  }
  return counts;
}

// Reads `key` as one counts array per seat.
Result<std::array<AnimalCounts, kMaxSeats>> SeatCounts(const Config& config, const Json& json,
                                                       const std::string& key) {
  auto list = ArrayField(json, key, config.players);
  if (!list) return tl::unexpected(list.error());
  std::array<AnimalCounts, kMaxSeats> out{};
  for (int p = 0; p < config.players; ++p) {
    auto counts = CountsFromJson(config, (**list)[p], key + "[" + std::to_string(p) + "]");
    if (!counts) return tl::unexpected(counts.error());
    out[p] = *counts;
  }
  return out;
}

Result<Phase> PhaseFromName(const std::string& name) {
  if (name == "play") return Phase::kPlay;
  if (name == "draw") return Phase::kDraw;
  if (name == "over") return Phase::kGameOver;
  return Fail(ErrorCode::kBadData, "field 'phase' must be one of play, draw, over");
}

Result<void> ReadCards(const Config& config, const Json& json, KaribaData& d) {
  auto deck = ArrayField(json, "deck");
  if (!deck) return tl::unexpected(deck.error());
  if (int((*deck)->size()) > config.total_cards)
    return Fail(ErrorCode::kBadData, "field 'deck' holds more cards than the game has");
  d.deck_size = uint8_t((*deck)->size());
  for (size_t i = 0; i < (*deck)->size(); ++i) {
    auto card = IntElement(**deck, i, 1, config.animals, "deck");
    if (!card) return tl::unexpected(card.error());
    d.deck[i] = uint8_t(*card);
  }
  auto hands = SeatCounts(config, json, "hands");
  if (!hands) return tl::unexpected(hands.error());
  auto known = SeatCounts(config, json, "known");
  if (!known) return tl::unexpected(known.error());
  auto piles = SeatCounts(config, json, "piles");
  if (!piles) return tl::unexpected(piles.error());
  d.hand = *hands;
  d.known = *known;
  d.pile = *piles;
  auto waterhole = ArrayField(json, "waterhole");
  if (!waterhole) return tl::unexpected(waterhole.error());
  auto counts = CountsFromJson(config, **waterhole, "waterhole");
  if (!counts) return tl::unexpected(counts.error());
  d.waterhole = *counts;
  auto display = ArrayField(json, "display", kDisplaySize);
  if (!display) return tl::unexpected(display.error());
  for (int i = 0; i < kDisplaySize; ++i) {
    auto card =
        IntElement(**display, size_t(i), 0, config.open_display ? config.animals : 0, "display");
    if (!card) return tl::unexpected(card.error());
    d.display[i] = uint8_t(*card);
  }
  return {};
}

// Every card in exactly one place, hands within five, the known part within the hand.
Result<void> CheckCards(const Config& config, const KaribaData& d) {
  for (int p = 0; p < config.players; ++p) {
    if (HandSize(d.hand[p]) > kHandSize)
      return Fail(ErrorCode::kBadData, "hands[" + std::to_string(p) + "] holds more than 5 cards");
    for (int a = 1; a <= config.animals; ++a)
      if (d.known[p][a] > d.hand[p][a])
        return Fail(ErrorCode::kBadData,
                    "known[" + std::to_string(p) + "] claims cards the hand does not hold");
  }
  for (int a = 1; a <= config.animals; ++a) {
    int n = d.waterhole[a];
    for (int i = 0; i < d.deck_size; ++i) n += d.deck[i] == a;
    for (int i = 0; i < kDisplaySize; ++i) n += d.display[i] == a;
    for (int p = 0; p < config.players; ++p) n += d.hand[p][a] + d.pile[p][a];
    if (n != config.copies[a])
      return Fail(ErrorCode::kBadData, "the state holds " + std::to_string(n) + " cards of " +
                                           config.names[a] + ", the game has " +
                                           std::to_string(config.copies[a]));
  }
  return {};
}

Result<void> ReadProgress(const Config& config, const Json& json, KaribaData& d) {
  auto finished = ArrayField(json, "finished");
  if (!finished) return tl::unexpected(finished.error());
  if (int((*finished)->size()) > config.games)
    return Fail(ErrorCode::kBadData, "field 'finished' lists more games than the match has");
  d.game_index = uint8_t((*finished)->size());
  for (int g = 0; g < d.game_index; ++g) {
    const Json& row = (**finished)[g];
    if (!row.is_array() || int(row.size()) != config.players)
      return Fail(ErrorCode::kBadData,
                  "finished[" + std::to_string(g) + "] must have one score per seat");
    for (int p = 0; p < config.players; ++p) {
      auto s = IntElement(row, size_t(p), 0, config.total_cards, "finished");
      if (!s) return tl::unexpected(s.error());
      d.finished[g][p] = uint16_t(*s);
    }
  }
  auto starter = IntField(json, "starter", 0, config.players - 1);
  auto current = IntField(json, "current", 0, config.players - 1);
  auto phase_name = StringField(json, "phase");
  auto moves = IntField(json, "move_number", 0, 65535);
  if (!starter) return tl::unexpected(starter.error());
  if (!current) return tl::unexpected(current.error());
  if (!phase_name) return tl::unexpected(phase_name.error());
  if (!moves) return tl::unexpected(moves.error());
  auto phase = PhaseFromName(*phase_name);
  if (!phase) return tl::unexpected(phase.error());
  d.starter = uint8_t(*starter);
  d.current = uint8_t(*current);
  d.phase = *phase;
  d.move_number = uint16_t(*moves);
  if ((d.phase == Phase::kGameOver) != (d.game_index == config.games))
    return Fail(ErrorCode::kBadData, "field 'phase' is 'over' exactly when every game is finished");
  if (d.phase == Phase::kDraw && (!config.open_display || HandSize(d.hand[d.current]) >= kHandSize))
    return Fail(ErrorCode::kBadData,
                "field 'phase' is 'draw' only in the open variant with a short hand");
  return {};
}

Result<void> ReadLast(const Config& config, const Json& json, KaribaData& d) {
  if (!json.contains("last") || !json["last"].is_object())
    return Fail(ErrorCode::kBadData, "missing field 'last'");
  const Json& last = json["last"];
  auto player = IntField(last, "player", -1, config.players - 1);
  auto animal = IntField(last, "animal", 0, config.animals);
  auto count = IntField(last, "count", 0, kHandSize);
  auto chased = IntField(last, "chased", 0, config.animals);
  auto captured = IntField(last, "captured", 0, config.total_cards);
  for (const auto* r : {&player, &animal, &count, &chased, &captured})
    if (!*r) return WithContext(Result<void>(tl::unexpected(r->error())), "last: ");
  d.last = LastPlay{int8_t(*player), uint8_t(*animal), uint8_t(*count), uint8_t(*chased),
                    uint8_t(*captured)};
  return {};
}

}  // namespace

const char* PhaseName(Phase phase) {
  switch (phase) {
    case Phase::kPlay:
      return "play";
    case Phase::kDraw:
      return "draw";
    case Phase::kGameOver:
      return "over";
  }
  return "?";
}

Json CountsJson(const Config& config, const AnimalCounts& counts) {
  Json j = Json::array();
  for (int a = 1; a <= config.animals; ++a) j.push_back(counts[a]);
  return j;
}

Json KaribaState::ToJson() const {
  const Config& c = config();
  Json j;
  j["deck"] = std::vector<int>(d_.deck.begin(), d_.deck.begin() + d_.deck_size);
  Json hands = Json::array(), known = Json::array(), piles = Json::array();
  for (int p = 0; p < c.players; ++p) {
    hands.push_back(CountsJson(c, d_.hand[p]));
    known.push_back(CountsJson(c, d_.known[p]));
    piles.push_back(CountsJson(c, d_.pile[p]));
  }
  j["hands"] = std::move(hands);
  j["known"] = std::move(known);
  j["piles"] = std::move(piles);
  j["waterhole"] = CountsJson(c, d_.waterhole);
  j["display"] = std::vector<int>(d_.display.begin(), d_.display.end());
  Json finished = Json::array();
  for (int g = 0; g < d_.game_index; ++g)
    finished.push_back(
        std::vector<int>(d_.finished[g].begin(), d_.finished[g].begin() + c.players));
  j["finished"] = std::move(finished);
  j["starter"] = d_.starter;
  j["current"] = d_.current;
  j["phase"] = PhaseName(d_.phase);
  j["move_number"] = d_.move_number;
  j["last"] = {{"player", d_.last.player},
               {"animal", d_.last.animal},
               {"count", d_.last.count},
               {"chased", d_.last.chased},
               {"captured", d_.last.captured}};
  j["rng"] = RngToJson(d_.rng);
  return j;
}

Result<KaribaData> DataFromJson(const Config& config, const Json& json) {
  if (!json.is_object()) return Fail(ErrorCode::kBadData, "the state must be a JSON object");
  KaribaData d;
  if (auto r = ReadCards(config, json, d); !r) return tl::unexpected(r.error());
  if (auto r = CheckCards(config, d); !r) return tl::unexpected(r.error());
  if (auto r = ReadProgress(config, json, d); !r) return tl::unexpected(r.error());
  if (auto r = ReadLast(config, json, d); !r) return tl::unexpected(r.error());
  if (!json.contains("rng")) return Fail(ErrorCode::kBadData, "missing field 'rng'");
  auto rng = RngFromJson(json["rng"]);
  if (!rng) return tl::unexpected(rng.error());
  d.rng = *rng;
  return d;
}

}  // namespace savanna::kariba
