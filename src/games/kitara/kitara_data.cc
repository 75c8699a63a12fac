// Kitara's component data: reads and checks the maps, the kingdom cards and the hero tokens
// (data/kitara/*.json, or sections of a user's file) and precomputes the map's graph.
#include <algorithm>
#include <bit>
#include <cctype>
#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json_io.h"
#include "games/embedded_data.h"
#include "games/kitara/kitara_game.h"

namespace savanna::kitara {
namespace {

constexpr std::string_view kSections[] = {"maps", "start_card", "decks", "hero_tokens"};
constexpr int kMaxNameLength = 16;

Result<void> Bad(const std::string& context, const std::string& reason) {
  return Fail(ErrorCode::kBadData, context + reason);
}

template <class T>
Result<void> Propagate(const Result<T>& r, const std::string& context) {
  return Fail(r.error().code, context + r.error().message);
}

// Fails on any key of `object` not in `allowed`.
Result<void> CheckKeys(const Json& object, std::initializer_list<std::string_view> allowed,
                       const std::string& context) {
  if (!object.is_object()) return Bad(context, "expected a JSON object");
  for (const auto& [key, value] : object.items())
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      std::string list;
      for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      return Bad(context, "unknown field '" + key + "' (allowed: " + list + ")");
    }
  return {};
}

// An integer field in [lo, hi]; `fallback` when absent.
Result<int> OptionalInt(const Json& object, std::string_view key, int lo, int hi, int fallback) {
  if (!object.contains(key)) return fallback;
  auto v = IntField(object, key, lo, hi);
  if (!v) return tl::unexpected(v.error());
  return int(*v);
}

Result<bool> OptionalBool(const Json& object, std::string_view key) {
  if (!object.contains(key)) return false;
  return BoolField(object, key);
}

Result<void> CheckSource(const Json& object, const std::string& context) {
  if (object.contains("source") && !object["source"].is_string())
    return Bad(context, "field 'source' must be a string");
  return {};
}

bool ValidName(const std::string& name) {
  if (name.empty() || int(name.size()) > kMaxNameLength) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

std::string Lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// ---- Maps ---------------------------------------------------------------------------------------

Result<void> ReadAreas(const Json& entry, const std::string& ctx, Map& map) {
  auto areas = ArrayField(entry, "areas");
  if (!areas) return Propagate(areas, ctx);
  const Json& list = **areas;
  if (list.empty() || list.size() > size_t(kMaxAreas))
    return Bad(ctx, "field 'areas' must hold 1 to " + std::to_string(kMaxAreas) + " areas");
  map.num_areas = int(list.size());
  for (int i = 0; i < map.num_areas; ++i) {
    const Json& area = list[size_t(i)];
    const std::string actx = ctx + "areas[" + std::to_string(i) + "]: ";
    if (auto r = CheckKeys(area, {"name", "type", "start", "ring", "slot", "source"}, actx); !r)
      return r;
    if (auto r = CheckSource(area, actx); !r) return r;
    auto name = StringField(area, "name");
    if (!name) return Propagate(name, actx);
    if (!ValidName(*name))
      return Bad(actx, "field 'name' must be 1 to 16 letters, digits, '_' or '-'");
    for (int j = 0; j < i; ++j)
      if (Lower(map.names[j]) == Lower(*name))
        return Bad(actx, "the name '" + *name + "' is used twice (names ignore case)");
    auto type = StringField(area, "type");
    if (!type) return Propagate(type, actx);
    auto start = OptionalBool(area, "start");
    if (!start) return Propagate(start, actx);
    // The drawing's place: both fields or neither.
    auto ring = OptionalInt(area, "ring", 0, kMaxAreas, -1);
    if (!ring) return Propagate(ring, actx);
    auto slot = OptionalInt(area, "slot", 0, kMaxAreas - 1, -1);
    if (!slot) return Propagate(slot, actx);
    if ((*ring < 0) != (*slot < 0)) return Bad(actx, "fields 'ring' and 'slot' go together");
    map.ring[i] = int8_t(*ring);
    map.slot[i] = int8_t(*slot);
    const uint64_t bit = uint64_t(1) << i;
    if (*type == "savanna") {
      map.types[i] = AreaType::kSavanna;
      map.savanna_mask |= bit;
    } else if (*type == "ruin") {
      map.types[i] = AreaType::kRuin;
      map.ruin_mask |= bit;
    } else if (*type == "lake") {
      map.types[i] = AreaType::kLake;
    } else {
      return Bad(actx, "field 'type' must be savanna, ruin or lake");
    }
    if (map.types[i] != AreaType::kLake) map.land_mask |= bit;
    if (*start) {
      if (map.types[i] == AreaType::kLake) return Bad(actx, "a lake cannot be a start area");
      map.start_mask |= bit;
    }
    map.names[i] = *name;
  }
  return {};
}

int AreaIndex(const Map& map, const Json& name) {
  if (!name.is_string()) return -1;
  for (int i = 0; i < map.num_areas; ++i)
    if (map.names[i] == name.get<std::string>()) return i;
  return -1;
}

Result<void> ReadBorders(const Json& entry, const std::string& ctx, Map& map) {
  auto borders = ArrayField(entry, "borders");
  if (!borders) return Propagate(borders, ctx);
  for (size_t i = 0; i < (*borders)->size(); ++i) {
    const Json& pair = (**borders)[i];
    const std::string bctx = ctx + "borders[" + std::to_string(i) + "]: ";
    if (!pair.is_array() || pair.size() != 2)
      return Bad(bctx, "a border must be a pair of area names");
    const int a = AreaIndex(map, pair[0]), b = AreaIndex(map, pair[1]);
    if (a < 0 || b < 0) return Bad(bctx, "names an area that is not in 'areas'");
    if (a == b) return Bad(bctx, "an area cannot border itself");
    const uint64_t abit = uint64_t(1) << a, bbit = uint64_t(1) << b;
    if ((map.land_neighbours[a] | map.lake_neighbours[a]) & bbit)
      return Bad(bctx, "the border is listed twice");
    const bool white = (map.land_mask & abit) && (map.land_mask & bbit);
    (white ? map.land_neighbours : map.lake_neighbours)[a] |= bbit;
    (white ? map.land_neighbours : map.lake_neighbours)[b] |= abit;
  }
  return {};
}

// Breadth-first distances over white borders; fails when some land area cannot be reached.
Result<void> ComputeDistances(const std::string& ctx, Map& map) {
  for (auto& row : map.distance) row.fill(uint8_t(255));
  for (int from = 0; from < map.num_areas; ++from) {
    if (!(map.land_mask >> from & 1)) continue;
    uint64_t seen = uint64_t(1) << from, frontier = seen;
    map.distance[from][from] = 0;
    for (int d = 1; frontier != 0; ++d) {
      uint64_t next = 0;
      for (uint64_t f = frontier; f != 0; f &= f - 1)
        next |= map.land_neighbours[std::countr_zero(f)];
      next &= ~seen;
      for (uint64_t n = next; n != 0; n &= n - 1)
        map.distance[from][std::countr_zero(n)] = uint8_t(d);
      seen |= next;
      frontier = next;
    }
    if (seen != map.land_mask)
      return Bad(ctx, "the land areas are not all connected by white borders ('" +
                          map.names[std::countr_zero(map.land_mask & ~seen)] +
                          "' cannot be reached from '" + map.names[from] + "')");
  }
  return {};
}

Result<void> ReadMaps(const Json& doc, const std::string& source, Config& config) {
  auto maps = ArrayField(doc, "maps", 3);
  if (!maps) return Propagate(maps, source + ": ");
  std::array<bool, kMaxSeats + 1> seen{};
  for (size_t m = 0; m < 3; ++m) {
    const Json& entry = (**maps)[m];
    const std::string ctx = source + ": maps[" + std::to_string(m) + "]: ";
    if (auto r = CheckKeys(entry, {"players", "areas", "borders", "source"}, ctx); !r) return r;
    if (auto r = CheckSource(entry, ctx); !r) return r;
    auto players = IntField(entry, "players", kMinSeats, kMaxSeats);
    if (!players) return Propagate(players, ctx);
    if (seen[*players])
      return Bad(ctx, "a second map for " + std::to_string(*players) + " players");
    seen[*players] = true;
    Map map;
    map.players = int(*players);
    if (auto r = ReadAreas(entry, ctx, map); !r) return r;
    if (auto r = ReadBorders(entry, ctx, map); !r) return r;
    if (std::popcount(map.land_mask) < 2) return Bad(ctx, "a map needs at least 2 land areas");
    if (std::popcount(map.start_mask) < map.players)
      return Bad(ctx, "a map for " + std::to_string(map.players) + " players needs at least " +
                          std::to_string(map.players) + " start areas");
    if (auto r = ComputeDistances(ctx, map); !r) return r;
    if (map.players == config.players) config.map = map;
  }
  return {};
}

// ---- Cards --------------------------------------------------------------------------------------

Result<Card> ReadCard(const Json& json, const std::string& ctx, bool start_card) {
  if (auto r = CheckKeys(
          json, {"age", "take", "figures", "moves", "prosperity", "no_feed", "source"}, ctx);
      !r)
    return tl::unexpected(r.error());
  if (auto r = CheckSource(json, ctx); !r) return tl::unexpected(r.error());
  Card card;
  Result<int> age = OptionalInt(json, "age", 0, 0, 0);
  if (!start_card) {
    auto deck_age = IntField(json, "age", 1, kFinalAge);
    age = deck_age ? Result<int>(int(*deck_age)) : tl::unexpected(deck_age.error());
  }
  auto take = OptionalInt(json, "take", 0, kMaxSymbols, 0);
  auto moves = OptionalInt(json, "moves", 0, kMaxSymbols, 0);
  auto prosperity = OptionalInt(json, "prosperity", 0, kMaxSymbols, 0);
  auto no_feed = OptionalBool(json, "no_feed");
  for (const auto* r : {&take, &moves, &prosperity})
    if (!*r) return Fail(r->error().code, ctx + r->error().message);
  if (!age) return Fail(age.error().code, ctx + age.error().message);
  if (!no_feed) return Fail(no_feed.error().code, ctx + no_feed.error().message);
  card.age = uint8_t(*age);
  card.take = uint8_t(*take);
  card.moves = uint8_t(*moves);
  card.prosperity = uint8_t(*prosperity);
  card.no_feed = *no_feed;
  if (json.contains("figures")) {
    const Json& figures = json["figures"];
    const std::string fctx = ctx + "figures: ";
    if (auto r = CheckKeys(figures, {"warriors", "animals", "heroes"}, fctx); !r)
      return tl::unexpected(r.error());
    int total = 0;
    const char* names[kKinds] = {"warriors", "animals", "heroes"};
    for (int k = 0; k < kKinds; ++k) {
      auto n = OptionalInt(figures, names[k], 0, kMaxCardFigures, 0);
      if (!n) return Fail(n.error().code, fctx + n.error().message);
      card.figures[k] = uint8_t(*n);
      total += *n;
    }
    if (total > kMaxCardFigures && !start_card)
      return Fail(ErrorCode::kBadData, fctx + "a card shows at most 3 figures");
  }
  return card;
}

Result<void> ReadStartCard(const Json& doc, const std::string& source, Config& config) {
  if (!doc.contains("start_card")) return Bad(source + ": ", "missing field 'start_card'");
  auto card = ReadCard(doc["start_card"], source + ": start_card: ", true);
  if (!card) return tl::unexpected(card.error());
  config.cards[kStartCard] = *card;
  return {};
}

Result<void> ReadDeck(const Json& decks, const std::string& name, const std::string& source,
                      Config& config, bool use) {
  const std::string ctx = source + ": decks: " + name + ": ";
  if (!decks.contains(name)) return Bad(source + ": decks: ", "missing field '" + name + "'");
  const Json& deck = decks[name];
  if (auto r = CheckKeys(deck, {"cards", "source"}, ctx); !r) return r;
  if (auto r = CheckSource(deck, ctx); !r) return r;
  auto cards = ArrayField(deck, "cards");
  if (!cards) return Propagate(cards, ctx);
  const Json& list = **cards;
  if (list.empty() || list.size() > size_t(kMaxDeckCards))
    return Bad(ctx, "field 'cards' must hold 1 to " + std::to_string(kMaxDeckCards) + " cards");
  std::array<int, kFinalAge + 1> of_age{};
  std::array<Card, kMaxCards> read{};
  for (size_t i = 0; i < list.size(); ++i) {
    auto card = ReadCard(list[i], ctx + "cards[" + std::to_string(i) + "]: ", false);
    if (!card) return tl::unexpected(card.error());
    read[i + 1] = *card;
    ++of_age[card->age];
  }
  if (of_age[kFinalAge] == 0)
    return Bad(ctx, "the deck needs at least one card of age 5 (revealing one starts the end)");
  if (use) {
    config.num_cards = int(list.size());
    for (int i = 1; i <= config.num_cards; ++i) config.cards[i] = read[i];
    config.cards_of_age = of_age;
  }
  return {};
}

Result<void> ReadDecks(const Json& doc, const std::string& source, Config& config) {
  if (!doc.contains("decks")) return Bad(source + ": ", "missing field 'decks'");
  const Json& decks = doc["decks"];
  if (auto r = CheckKeys(decks, {"blue", "red"}, source + ": decks: "); !r) return r;
  if (auto r = ReadDeck(decks, "blue", source, config, !config.red_deck); !r) return r;
  return ReadDeck(decks, "red", source, config, config.red_deck);
}

// ---- Hero tokens --------------------------------------------------------------------------------

Result<void> ReadTokens(const Json& doc, const std::string& source, Config& config) {
  auto tokens = ArrayField(doc, "hero_tokens");
  if (!tokens) return Propagate(tokens, source + ": ");
  const Json& list = **tokens;
  if (list.empty() || list.size() > size_t(kMaxTokenKinds))
    return Bad(source + ": ",
               "field 'hero_tokens' must hold 1 to " + std::to_string(kMaxTokenKinds) + " entries");
  std::vector<std::pair<int, int>> kinds;
  int total = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string ctx = source + ": hero_tokens[" + std::to_string(i) + "]: ";
    if (auto r = CheckKeys(list[i], {"value", "count", "source"}, ctx); !r) return r;
    if (auto r = CheckSource(list[i], ctx); !r) return r;
    auto value = IntField(list[i], "value", 0, kMaxTokenValue);
    auto count = IntField(list[i], "count", 1, kMaxTokens);
    if (!value) return Propagate(value, ctx);
    if (!count) return Propagate(count, ctx);
    for (const auto& k : kinds)
      if (k.first == *value)
        return Bad(ctx, "the value " + std::to_string(*value) + " is listed twice");
    kinds.emplace_back(int(*value), int(*count));
    total += int(*count);
  }
  if (total > kMaxTokens)
    return Bad(source + ": ",
               "hero_tokens: at most " + std::to_string(kMaxTokens) + " tokens in all");
  std::sort(kinds.begin(), kinds.end());
  config.token_kinds = int(kinds.size());
  config.total_tokens = total;
  for (size_t i = 0; i < kinds.size(); ++i) {
    config.token_values[i] = uint8_t(kinds[i].first);
    config.token_counts[i] = uint8_t(kinds[i].second);
  }
  return {};
}

}  // namespace

Result<void> LoadComponents(Config& config, const std::string& user_path) {
  Json user;
  if (!user_path.empty()) {
    auto read = ReadJsonFile(user_path);
    if (!read) return tl::unexpected(read.error());
    user = std::move(*read);
    if (!user.is_object()) return Bad(user_path + ": ", "expected a JSON object");
    bool any = false;
    for (const auto& [key, value] : user.items()) {
      if (key == "schema" || key == "source") continue;
      if (std::find(std::begin(kSections), std::end(kSections), key) == std::end(kSections))
        return Bad(user_path + ": ",
                   "unknown field '" + key + "' (sections: maps, start_card, decks, hero_tokens)");
      any = true;
    }
    if (!any)
      return Bad(user_path + ": ", "none of the sections maps, start_card, decks, hero_tokens");
  }
  // Each section comes from the user's file when it has it, else from the built-in file.
  auto section = [&](std::string_view key,
                     const char* file) -> Result<std::pair<Json, std::string>> {
    if (user.is_object() && user.contains(key)) return std::make_pair(user, user_path);
    auto data = LoadComponentData(std::string("kitara/") + file, "");
    if (!data) return tl::unexpected(data.error());
    return std::make_pair(std::move(data->json), std::move(data->source));
  };
  auto maps = section("maps", "maps.json");
  if (!maps) return tl::unexpected(maps.error());
  if (auto r = ReadMaps(maps->first, maps->second, config); !r) return r;
  auto start = section("start_card", "cards.json");
  if (!start) return tl::unexpected(start.error());
  if (auto r = ReadStartCard(start->first, start->second, config); !r) return r;
  auto decks = section("decks", "cards.json");
  if (!decks) return tl::unexpected(decks.error());
  if (auto r = ReadDecks(decks->first, decks->second, config); !r) return r;
  auto tokens = section("hero_tokens", "hero_tokens.json");
  if (!tokens) return tl::unexpected(tokens.error());
  return ReadTokens(tokens->first, tokens->second, config);
}

}  // namespace savanna::kitara
