// Kitara's full state as JSON (State::ToJson) and the reader that validates it: field bounds,
// every card and hero token in exactly one place, figures conserved, and each phase's fields
// consistent, so that a loaded state always has a legal action.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "core/json_io.h"
#include "games/kitara/kitara_state.h"

namespace savanna::kitara {
namespace {

constexpr const char* kPhaseNames[kNumPhases] = {
    "start",       "take",    "recruit", "move_source", "move_group",
    "move_border", "retreat", "discard", "remove",      "over"};

Result<void> Bad(const std::string& message) { return Fail(ErrorCode::kBadData, message); }

template <class T>
Result<void> Err(const Result<T>& r) {
  return tl::unexpected(r.error());
}

Json FiguresJson(const Figures& f) { return Json::array({f[0], f[1], f[2]}); }

template <size_t N>
Json IdsJson(const std::array<uint8_t, N>& ids, int size) {
  return std::vector<int>(ids.begin(), ids.begin() + size);
}

Json TokensJson(const Config& config, const TokenCounts& t) {
  return std::vector<int>(t.begin(), t.begin() + config.token_kinds);
}

// A [warriors, animals, heroes] triple, each within the figures of a colour.
Result<Figures> FiguresFrom(const Json& j, const std::string& what) {
  if (!j.is_array() || j.size() != kKinds)
    return Fail(ErrorCode::kBadData, what + " must be an array of 3 counts");
  Figures f{};
  for (int k = 0; k < kKinds; ++k) {
    auto n = IntElement(j, size_t(k), 0, kFiguresPerKind[k], what);
    if (!n) return tl::unexpected(n.error());
    f[k] = uint8_t(*n);
  }
  return f;
}

Result<Figures> FiguresField(const Json& json, const std::string& key) {
  if (!json.is_object() || !json.contains(key))
    return Fail(ErrorCode::kBadData, "missing field '" + key + "'");
  return FiguresFrom(json[key], "field '" + key + "'");
}

// An array of card ids in [lo, num_cards] of at most `capacity` entries.
template <size_t N>
Result<int> IdsFrom(const Json& j, const std::string& what, int lo, int hi,
                    std::array<uint8_t, N>& out) {
  if (!j.is_array()) return Fail(ErrorCode::kBadData, what + " must be an array");
  if (j.size() > N)
    return Fail(ErrorCode::kBadData, what + " holds more than " + std::to_string(N) + " entries");
  for (size_t i = 0; i < j.size(); ++i) {
    auto id = IntElement(j, i, lo, hi, what);
    if (!id) return tl::unexpected(id.error());
    out[i] = uint8_t(*id);
  }
  return int(j.size());
}

Result<TokenCounts> TokensFrom(const Config& config, const Json& j, const std::string& what) {
  if (!j.is_array() || int(j.size()) != config.token_kinds)
    return Fail(ErrorCode::kBadData,
                what + " must be an array of " + std::to_string(config.token_kinds) + " counts");
  TokenCounts t{};
  for (int v = 0; v < config.token_kinds; ++v) {
    auto n = IntElement(j, size_t(v), 0, config.token_counts[v], what);
    if (!n) return tl::unexpected(n.error());
    t[v] = uint8_t(*n);
  }
  return t;
}

// The per-seat array under `key`, each entry read by `read(entry, name, seat)`.
template <class Read>
Result<void> PerSeat(const Config& config, const Json& json, const std::string& key, Read read) {
  auto list = ArrayField(json, key, config.players);
  if (!list) return Err(list);
  for (int p = 0; p < config.players; ++p)
    if (auto r = read((**list)[size_t(p)], key + "[" + std::to_string(p) + "]", p); !r) return r;
  return {};
}

Result<void> ReadBoard(const Config& config, const Json& json, KitaraData& d) {
  auto areas = ArrayField(json, "areas", config.map.num_areas);
  if (!areas) return Err(areas);
  for (int a = 0; a < config.map.num_areas; ++a) {
    const Json& area = (**areas)[size_t(a)];
    const std::string what = "areas[" + std::to_string(a) + "]";
    auto owner = IntField(area, "owner", -1, config.players - 1);
    if (!owner) return Bad(what + ": " + owner.error().message);
    auto figures = FiguresField(area, "figures");
    if (!figures) return Bad(what + ": " + figures.error().message);
    d.areas[a] = AreaState{int8_t(*owner), *figures};
    if ((*owner < 0) != (Total(*figures) == 0))
      return Bad(what + ": an area has an owner exactly when it holds figures");
    if (*owner >= 0 && config.map.types[a] == AreaType::kLake)
      return Bad(what + ": figures never stand in a lake");
  }
  return PerSeat(config, json, "supply", [&](const Json& j, const std::string& what, int p) {
    auto f = FiguresFrom(j, what);
    if (!f) return Err(f);
    d.supply[p] = *f;
    return Result<void>();
  });
}

Result<void> ReadCards(const Config& config, const Json& json, KitaraData& d) {
  const int n = config.num_cards;
  auto field = [&](const char* key) -> Result<const Json*> { return ArrayField(json, key); };
  auto deck = field("deck");
  if (!deck) return Err(deck);
  auto size = IdsFrom(**deck, "deck", 1, n, d.deck);
  if (!size) return Err(size);
  d.deck_size = uint8_t(*size);
  auto row = field("row");
  if (!row) return Err(row);
  size = IdsFrom(**row, "row", 1, n, d.row);
  if (!size) return Err(size);
  d.row_size = uint8_t(*size);
  auto discards = field("discards");
  if (!discards) return Err(discards);
  size = IdsFrom(**discards, "discards", 0, n, d.discards);
  if (!size) return Err(size);
  d.discard_size = uint8_t(*size);
  if (auto r = PerSeat(config, json, "kingdoms",
                       [&](const Json& j, const std::string& what, int p) {
                         auto s = IdsFrom(j, what, 0, n, d.kingdom[p]);
                         if (!s) return Err(s);
                         d.kingdom_size[p] = uint8_t(*s);
                         return Result<void>();
                       });
      !r)
    return r;
  // Every deck card exactly once; one start card per player, at most one in each kingdom.
  std::array<int, kMaxCards> seen{};
  for (int i = 0; i < d.deck_size; ++i) ++seen[d.deck[i]];
  for (int i = 0; i < d.row_size; ++i) ++seen[d.row[i]];
  for (int i = 0; i < d.discard_size; ++i) ++seen[d.discards[i]];
  for (int p = 0; p < config.players; ++p) {
    const auto* k = d.kingdom[p].data();
    if (std::count(k, k + d.kingdom_size[p], kStartCard) > 1)
      return Bad("kingdoms[" + std::to_string(p) + "] holds two start cards");
    for (int i = 0; i < d.kingdom_size[p]; ++i) ++seen[k[i]];
  }
  if (seen[kStartCard] != config.players)
    return Bad("the state holds " + std::to_string(seen[kStartCard]) + " start cards, not " +
               std::to_string(config.players));
  for (int c = 1; c <= n; ++c)
    if (seen[c] != 1)
      return Bad("card " + std::to_string(c) + " is in " + std::to_string(seen[c]) +
                 " places, not exactly one");
  for (int i = 0; i + 1 < d.deck_size; ++i)
    if (config.cards[d.deck[i]].age < config.cards[d.deck[i + 1]].age)
      return Bad("field 'deck' must be ordered by age (bottom first, age 1 on top)");
  return {};
}

Result<void> ReadTokens(const Config& config, const Json& json, KitaraData& d) {
  if (auto r = PerSeat(config, json, "tokens",
                       [&](const Json& j, const std::string& what, int p) {
                         auto t = TokensFrom(config, j, what);
                         if (!t) return Err(t);
                         d.tokens[p] = *t;
                         return Result<void>();
                       });
      !r)
    return r;
  for (const char* key : {"drawn", "bag"}) {
    if (!json.contains(key)) return Bad(std::string("missing field '") + key + "'");
    auto t = TokensFrom(config, json[key], std::string("field '") + key + "'");
    if (!t) return Err(t);
    (std::string(key) == "bag" ? d.bag : d.drawn) = *t;
  }
  for (int v = 0; v < config.token_kinds; ++v) {
    int n = d.bag[v] + d.drawn[v];
    for (int p = 0; p < config.players; ++p) n += d.tokens[p][v];
    if (n != config.token_counts[v])
      return Bad("the state holds " + std::to_string(n) + " hero tokens of value " +
                 std::to_string(config.token_values[v]) + ", the game has " +
                 std::to_string(config.token_counts[v]));
  }
  return {};
}

Result<void> ReadScores(const Config& config, const Json& json, KitaraData& d) {
  if (auto r = PerSeat(config, json, "prosperity",
                       [&](const Json& j, const std::string& what, int p) {
                         if (!j.is_number_integer() || j.get<int64_t>() < 0 ||
                             j.get<int64_t>() > 1'000'000)
                           return Bad(what + " must be an integer from 0 to 1000000");
                         d.prosperity[p] = int32_t(j.get<int64_t>());
                         return Result<void>();
                       });
      !r)
    return r;
  return PerSeat(config, json, "taken", [&](const Json& j, const std::string& what, int p) {
    if (!j.is_number_integer() || j.get<int64_t>() < 0 || j.get<int64_t>() > config.num_cards)
      return Bad(what + " must be an integer from 0 to " + std::to_string(config.num_cards));
    d.taken[p] = uint8_t(j.get<int64_t>());
    return Result<void>();
  });
}

Result<void> ReadProgress(const Config& config, const Json& json, KitaraData& d) {
  auto phase = StringField(json, "phase");
  if (!phase) return Err(phase);
  const auto* name = std::find_if(std::begin(kPhaseNames), std::end(kPhaseNames),
                                  [&](const char* n) { return *phase == n; });
  if (name == std::end(kPhaseNames)) return Bad("field 'phase' is not a phase of Kitara");
  d.phase = Phase(name - std::begin(kPhaseNames));
  const int areas = config.map.num_areas;
  auto current = IntField(json, "current", 0, config.players - 1);
  auto round = IntField(json, "round", 0, 255);
  auto last_round = IntField(json, "last_round", 0, 255);
  auto moves = IntField(json, "moves_left", 0, 65535);
  auto source = IntField(json, "source", 0, areas - 1);
  auto to_discard = IntField(json, "to_discard", 0, kMaxKingdom);
  auto move_number = IntField(json, "move_number", 0, INT32_MAX);
  for (const auto* r : {&current, &round, &last_round, &moves, &source, &to_discard, &move_number})
    if (!*r) return Err(*r);
  d.current = uint8_t(*current);
  d.round = uint8_t(*round);
  d.last_round = uint8_t(*last_round);
  d.moves_left = uint16_t(*moves);
  d.source = uint8_t(*source);
  d.to_discard = uint8_t(*to_discard);
  d.move_number = uint32_t(*move_number);
  auto group = FiguresField(json, "group");
  auto recruit = FiguresField(json, "recruit");
  auto remove = FiguresField(json, "remove");
  for (const auto* r : {&group, &recruit, &remove})
    if (!*r) return Err(*r);
  d.group = *group;
  d.recruit = *recruit;
  d.remove = *remove;
  auto retreat = json.contains("retreat") ? json["retreat"] : Json();
  if (!retreat.is_object()) return Bad("missing field 'retreat'");
  auto rplayer = IntField(retreat, "player", -1, config.players - 1);
  auto rfrom = IntField(retreat, "from", 0, areas - 1);
  auto rfigures = FiguresField(retreat, "figures");
  if (!rplayer) return Bad("retreat: " + rplayer.error().message);
  if (!rfrom) return Bad("retreat: " + rfrom.error().message);
  if (!rfigures) return Bad("retreat: " + rfigures.error().message);
  d.retreat_player = int8_t(*rplayer);
  d.retreat_from = uint8_t(*rfrom);
  d.retreat_figures = *rfigures;
  auto last = json.contains("last_attack") ? json["last_attack"] : Json();
  if (!last.is_object()) return Bad("missing field 'last_attack'");
  auto attacker = IntField(last, "attacker", -1, config.players - 1);
  auto defender = IntField(last, "defender", -1, config.players - 1);
  auto from = IntField(last, "from", 0, areas - 1);
  auto area = IntField(last, "area", 0, areas - 1);
  auto size = IntField(last, "size", 0, 255);
  auto retreat_to = IntField(last, "retreat_to", -1, areas - 1);
  auto drew = BoolField(last, "drew_token");
  for (const auto* r : {&attacker, &defender, &from, &area, &size, &retreat_to})
    if (!*r) return Bad("last_attack: " + r->error().message);
  if (!drew) return Bad("last_attack: " + drew.error().message);
  d.last_attack = LastAttack{int8_t(*attacker), int8_t(*defender),   uint8_t(*from), uint8_t(*area),
                             uint8_t(*size),    int8_t(*retreat_to), *drew};
  if (!json.contains("rng")) return Bad("missing field 'rng'");
  auto rng = RngFromJson(json["rng"]);
  if (!rng) return Err(rng);
  d.rng = *rng;
  return {};
}

// Figures conserved: beside the board, on it, or retreating, per player and kind.
Result<void> CheckFigures(const Config& config, const KitaraData& d) {
  for (int p = 0; p < config.players; ++p)
    for (int k = 0; k < kKinds; ++k) {
      int n = d.supply[p][k] + (d.retreat_player == p ? d.retreat_figures[k] : 0);
      for (int a = 0; a < config.map.num_areas; ++a)
        if (d.areas[a].owner == p) n += d.areas[a].figures[k];
      if (n != kFiguresPerKind[k])
        return Bad("player " + std::to_string(p) + " has " + std::to_string(n) + " " + KindName(k) +
                   " figures in all, not " + std::to_string(kFiguresPerKind[k]));
    }
  return {};
}

bool OnBoard(const Config& config, const KitaraData& d, int player, int kind) {
  for (int a = 0; a < config.map.num_areas; ++a)
    if (d.areas[a].owner == player && d.areas[a].figures[kind] > 0) return true;
  return false;
}

// Each phase's fields agree with the rest, so the player to act has a legal action.
Result<void> CheckPhase(const Config& config, const KitaraData& d) {
  const Phase ph = d.phase;
  const bool moving = ph == Phase::kMoveSource || ph == Phase::kMoveGroup ||
                      ph == Phase::kMoveBorder || ph == Phase::kRetreat;
  if ((ph == Phase::kStart) != (d.round == 0))
    return Bad("field 'round' is 0 exactly during set-up (phase 'start')");
  if (d.last_round != 0 && d.last_round > d.round + 1)
    return Bad("field 'last_round' is at most one round after the current one");
  if (moving != (d.moves_left > 0)) return Bad("field 'moves_left' is positive exactly in moves");
  if ((ph == Phase::kRetreat) != (d.retreat_player >= 0))
    return Bad("retreat: a retreating player exactly in phase 'retreat'");
  if (ph != Phase::kRetreat && (Total(d.retreat_figures) != 0 || d.retreat_from != 0))
    return Bad("retreat: fields are set outside phase 'retreat'");
  if (ph != Phase::kMoveBorder && ph != Phase::kRetreat && Total(d.group) != 0)
    return Bad("field 'group' is set outside a move");
  if ((ph == Phase::kRecruit) != (Total(d.recruit) > 0))
    return Bad("field 'recruit' is set exactly in phase 'recruit'");
  if ((ph == Phase::kRemove) != (Total(d.remove) > 0))
    return Bad("field 'remove' is set exactly in phase 'remove'");
  if ((ph == Phase::kDiscard) != (d.to_discard > 0) && ph != Phase::kRemove)
    return Bad("field 'to_discard' is set in phases 'discard' and 'remove' only");
  if (!moving && TokenCount(d.drawn) != 0) return Bad("field 'drawn' is set outside moves");
  const int p = d.current;
  const auto held = HeldCounts(config, d);
  switch (ph) {
    case Phase::kStart: {
      int free = 0;
      for (uint64_t s = config.map.start_mask; s != 0; s &= s - 1)
        free += d.areas[std::countr_zero(s)].owner < 0;
      if (free < config.players - p) return Bad("too few free start areas are left");
      for (int q = p; q < config.players; ++q)
        if (held[q] > 0) return Bad("a player holds an area before placing the start warriors");
      return {};
    }
    case Phase::kTake:
      return d.row_size > 0 ? Result<void>() : Bad("phase 'take' with an empty row");
    case Phase::kRecruit:
      for (int k = 0; k < kKinds; ++k)
        if (d.recruit[k] > d.supply[p][k]) return Bad("field 'recruit' exceeds the supply");
      return held[p] > 0 ? Result<void>() : Bad("phase 'recruit' for a player holding no area");
    case Phase::kMoveSource:
      return {};
    case Phase::kMoveGroup: {
      const int min = MinGroupSize(config, d, p, d.source, held);
      if (d.areas[d.source].owner != p || min == 0 || Total(d.areas[d.source].figures) < min)
        return Bad("field 'source' is not an area a group of the current player can leave");
      return {};
    }
    case Phase::kMoveBorder: {
      if (d.areas[d.source].owner != p) return Bad("field 'source' is not the player's area");
      for (int k = 0; k < kKinds; ++k)
        if (d.group[k] > d.areas[d.source].figures[k])
          return Bad("field 'group' holds figures its area does not have");
      bool any = false;
      for (uint64_t n = config.map.land_neighbours[d.source]; n != 0; n &= n - 1)
        any |= Total(d.group) > 0 && MayEnter(d, p, std::countr_zero(n), Total(d.group), held);
      return any ? Result<void>() : Bad("field 'group' can cross no border");
    }
    case Phase::kRetreat:
      if (d.retreat_player == p || Total(d.retreat_figures) == 0 ||
          d.areas[d.retreat_from].owner != p)
        return Bad("retreat: the fields do not describe an attack by the current player");
      if (std::popcount(NearestHeld(config, d, d.retreat_player, d.retreat_from)) < 2)
        return Bad("retreat: the retreating player has no choice to make");
      return {};
    case Phase::kDiscard:
      if (d.to_discard > HungryCards(config, d, p))
        return Bad("field 'to_discard' exceeds the cards that can be discarded");
      return {};
    case Phase::kRemove:
      for (int k = 0; k < kKinds; ++k)
        if (d.remove[k] > 0) {
          if (!OnBoard(config, d, p, k))
            return Bad("field 'remove' names a kind with no figure on the board");
          break;
        }
      if (d.to_discard > HungryCards(config, d, p))
        return Bad("field 'to_discard' exceeds the cards that can be discarded");
      return {};
    case Phase::kOver:
      if (d.last_round == 0 || d.round != d.last_round || p != config.players - 1)
        return Bad("phase 'over' only after the last seat's turn in the last round");
      return {};
  }
  return {};
}

}  // namespace

const char* PhaseName(Phase phase) { return kPhaseNames[int(phase)]; }

const char* KindName(int kind) {
  static constexpr const char* kNames[kKinds] = {"warrior", "animal", "hero"};
  return kNames[kind];
}

Json KitaraState::ToJson() const {
  const Config& c = config();
  Json j;
  Json areas = Json::array();
  for (int a = 0; a < c.map.num_areas; ++a)
    areas.push_back({{"owner", d_.areas[a].owner}, {"figures", FiguresJson(d_.areas[a].figures)}});
  j["areas"] = std::move(areas);
  Json supply = Json::array(), kingdoms = Json::array(), tokens = Json::array();
  for (int p = 0; p < c.players; ++p) {
    supply.push_back(FiguresJson(d_.supply[p]));
    kingdoms.push_back(IdsJson(d_.kingdom[p], d_.kingdom_size[p]));
    tokens.push_back(TokensJson(c, d_.tokens[p]));
  }
  j["supply"] = std::move(supply);
  j["deck"] = IdsJson(d_.deck, d_.deck_size);
  j["row"] = IdsJson(d_.row, d_.row_size);
  j["kingdoms"] = std::move(kingdoms);
  j["discards"] = IdsJson(d_.discards, d_.discard_size);
  j["tokens"] = std::move(tokens);
  j["drawn"] = TokensJson(c, d_.drawn);
  j["bag"] = TokensJson(c, d_.bag);
  j["prosperity"] = std::vector<int>(d_.prosperity.begin(), d_.prosperity.begin() + c.players);
  j["taken"] = std::vector<int>(d_.taken.begin(), d_.taken.begin() + c.players);
  j["phase"] = PhaseName(d_.phase);
  j["current"] = d_.current;
  j["round"] = d_.round;
  j["last_round"] = d_.last_round;
  j["moves_left"] = d_.moves_left;
  j["source"] = d_.source;
  j["group"] = FiguresJson(d_.group);
  j["recruit"] = FiguresJson(d_.recruit);
  j["to_discard"] = d_.to_discard;
  j["remove"] = FiguresJson(d_.remove);
  j["retreat"] = {{"player", d_.retreat_player},
                  {"from", d_.retreat_from},
                  {"figures", FiguresJson(d_.retreat_figures)}};
  const LastAttack& la = d_.last_attack;
  j["last_attack"] = {{"attacker", la.attacker},
                      {"defender", la.defender},
                      {"from", la.from},
                      {"area", la.area},
                      {"size", la.size},
                      {"retreat_to", la.retreat_to},
                      {"drew_token", la.drew_token}};
  j["move_number"] = d_.move_number;
  j["rng"] = RngToJson(d_.rng);
  return j;
}

Result<KitaraData> DataFromJson(const Config& config, const Json& json) {
  if (!json.is_object()) return Fail(ErrorCode::kBadData, "the state must be a JSON object");
  KitaraData d;
  for (auto* read : {&ReadBoard, &ReadCards, &ReadTokens, &ReadScores, &ReadProgress})
    if (auto r = read(config, json, d); !r) return tl::unexpected(r.error());
  if (auto r = CheckFigures(config, d); !r) return tl::unexpected(r.error());
  if (auto r = CheckPhase(config, d); !r) return tl::unexpected(r.error());
  return d;
}

}  // namespace savanna::kitara
