// Kalimambo's parameters, component data, the set-up parameters, the registry entry and the Game.
#include "games/kalimambo/kalimambo_game.h"

#include <charconv>
#include <string_view>
#include <vector>

#include "games/embedded_data.h"
#include "games/kalimambo/kalimambo_policy.h"
#include "games/kalimambo/kalimambo_state.h"

namespace savanna::kalimambo {
namespace {

constexpr const char* kComponentFile = "kalimambo/components.json";

// The "value" of the component entry `key`; errors name the file and the field.
Result<const Json*> ValueOf(const Json& data, const std::string& key, const std::string& source) {
  if (!data.is_object()) return Fail(ErrorCode::kBadData, source + ": must be a JSON object");
  auto it = data.find(key);
  if (it == data.end() || !it->is_object() || !it->contains("value"))
    return Fail(ErrorCode::kBadData,
                source + ": field '" + key + "' must be an object with a \"value\"");
  return &(*it)["value"];
}

Result<int> IntValue(const Json& data, const std::string& key, int lo, int hi,
                     const std::string& source) {
  auto entry = ValueOf(data, key, source);
  if (!entry) return tl::unexpected(entry.error());
  auto v = WithContext(IntField(data[key], "value", lo, hi), source + ": " + key + ": ");
  if (!v) return tl::unexpected(v.error());
  return int(*v);
}

// Reads the card values, heap count and distance and the dung penalty from
// data/kalimambo/components.json, or from the user's file `path` when it is not empty.
Result<void> LoadComponents(Config& config, const std::string& path) {
  auto loaded = LoadComponentData(kComponentFile, path);
  if (!loaded) return tl::unexpected(loaded.error());
  const Json& data = loaded->json;
  const std::string& source = loaded->source;
  auto cards = ValueOf(data, "cards", source);
  if (!cards) return tl::unexpected(cards.error());
  const Json& list = **cards;
  if (!list.is_array() || list.empty() || list.size() > size_t(kMaxCards))
    return Fail(ErrorCode::kBadData, source + ": cards: value must be an array of 1 to " +
                                         std::to_string(kMaxCards) + " card values");
  config.num_cards = int(list.size());
  config.card_mask = 0;
  for (int i = 0; i < config.num_cards; ++i) {
    auto v =
        WithContext(IntElement(list, size_t(i), 0, kMaxCardValue, "value"), source + ": cards: ");
    if (!v) return tl::unexpected(v.error());
    if (i > 0 && *v <= config.cards[i - 1])
      return Fail(ErrorCode::kBadData, source + ": cards: value[" + std::to_string(i) +
                                           "] must be greater than the value before it "
                                           "(distinct values, ascending)");
    config.cards[i] = uint8_t(*v);
    config.card_mask = uint16_t(config.card_mask | (1u << *v));
  }
  config.max_value = config.cards[config.num_cards - 1];
  auto heaps = IntValue(data, "dung_heaps", 0, kMaxHeaps, source);
  if (!heaps) return tl::unexpected(heaps.error());
  auto distance = IntValue(data, "heap_distance", 1, kMaxHeapDistance, source);
  if (!distance) return tl::unexpected(distance.error());
  auto penalty = IntValue(data, "dung_penalty", 0, 99, source);
  if (!penalty) return tl::unexpected(penalty.error());
  config.heaps = *heaps;
  config.heap_distance = *distance;
  config.dung_penalty = *penalty;
  return {};
}

Result<void> BadParam(const std::string& name, const std::string& must, const std::string& got) {
  return Fail(ErrorCode::kInvalidArgument,
              "kalimambo: parameter '" + name + "' must be " + must + ", got '" + got + "'");
}

// "3-0-12" -> {3, 0, 12}; nullopt-like failure (empty vector and false) for anything else.
bool ParseNumbers(std::string_view text, std::vector<int>& out) {
  out.clear();
  while (true) {
    int v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end == text.data() || v < 0) return false;
    out.push_back(v);
    text.remove_prefix(size_t(end - text.data()));
    if (text.empty()) return true;
    if (text.front() != '-') return false;
    text.remove_prefix(1);
  }
}

// The set-up parameters rhino, order and heaps (empty: random).
Result<void> ReadSetUp(Config& config, const Params& params) {
  const int n = config.players, track = config.track;
  std::vector<int> numbers;
  const std::string& rhino = params.String("rhino");
  if (!rhino.empty()) {
    if (!ParseNumbers(rhino, numbers) || numbers.size() != 1 || numbers[0] >= track)
      return BadParam("rhino", "a space from 0 to " + std::to_string(track - 1), rhino);
    config.rhino = numbers[0];
  }
  const std::string& order = params.String("order");
  if (!order.empty()) {
    uint32_t seen = 0;
    bool ok = ParseNumbers(order, numbers) && int(numbers.size()) == n;
    for (size_t i = 0; ok && i < numbers.size(); ++i) {
      ok = numbers[i] < n && !((seen >> numbers[i]) & 1u);
      seen |= 1u << (numbers[i] & 31);
      config.order[i] = uint8_t(numbers[i]);
    }
    if (!ok)
      return BadParam(
          "order",
          "every seat from 0 to " + std::to_string(n - 1) + " once, joined by '-', rear first",
          order);
    config.order_given = true;
  }
  const std::string& heaps = params.String("heaps");
  if (!heaps.empty()) {
    if (config.rhino < 0)
      return Fail(ErrorCode::kInvalidArgument,
                  "kalimambo: parameter 'heaps' needs parameter 'rhino' (the heaps must lie on "
                  "spaces the figures do not start on)");
    if (!ParseNumbers(heaps, numbers) || int(numbers.size()) != config.heaps)
      return BadParam("heaps", std::to_string(config.heaps) + " spaces joined by '-'", heaps);
    for (int space : numbers) {
      const int offset = (space - config.rhino + track) % track;
      const uint64_t bit = uint64_t(1) << (space & 63);
      if (space >= track || (config.heap_mask & bit) || offset <= n + 1)
        return BadParam("heaps",
                        "distinct spaces from 0 to " + std::to_string(track - 1) +
                            " that the rhino, the explorers and Kali do not start on",
                        heaps);
      config.heap_mask |= bit;
    }
    config.heaps_given = true;
  } else if (config.heaps > 0) {
    // A random set-up must be able to keep its heaps apart on the free spaces.
    const int free_spaces = track - n - 2;
    if (free_spaces < (config.heaps - 1) * config.heap_distance + 1)
      return Fail(ErrorCode::kInvalidArgument, "kalimambo: track=" + std::to_string(track) +
                                                   " is too short for " +
                                                   std::to_string(config.heaps) + " heaps " +
                                                   std::to_string(config.heap_distance) +
                                                   " apart with " + std::to_string(n) + " players");
  }
  return {};
}

Result<void> Configure(const Params& params, Config& config) {
  config.track = int(params.Int("track"));
  if (auto loaded = LoadComponents(config, params.String("data")); !loaded) return loaded;
  return ReadSetUp(config, params);
}

}  // namespace

int Config::NumDistinctActions() const { return max_value + 1; }

// One round per card of a set, one card a seat each round.
int Config::MaxGameLength() const { return num_cards * players; }

GameEntry Entry() {
  // The shortest track with the most players crowds the loop (the rhino blocks the group more
  // often); a given set-up exercises the set-up parameters.
  return GameEntryOf<KalimamboGame>(
      WithShippedNet(MakeGameInfo(
          "kalimambo", "Kalimambo",
          {ParamSpec::Int("players", 4, 2, kMaxSeats,
                          "number of players; the rule text is for 3 to 7, 2 is an option"),
           ParamSpec::Int("track", 32, kMinTrack, kMaxTrack,
                          "spaces of the looping track (32 in one source, about 40 in another)"),
           ParamSpec::String("rhino", "", "the rhino's start space, 0 to track-1; empty: random"),
           ParamSpec::String(
               "order", "",
               "the explorers' start order from the rhino forward, seats joined by '-' "
               "(e.g. 2-0-1); Kali starts in front of them; empty: random"),
           ParamSpec::String(
               "heaps", "",
               "the dung heaps' spaces joined by '-' (needs rhino); empty: random, at "
               "least 2 apart"),
           ComponentDataParam(kComponentFile, "a component file")},
          GameType::Dynamics::kSimultaneous)),
      Configure, kPolicy,
      {"kalimambo(players=7,track=20)",
       "kalimambo(players=3,rhino=30,order=2-0-1,heaps=3-7-11-15-19-23)"});
}

}  // namespace savanna::kalimambo
