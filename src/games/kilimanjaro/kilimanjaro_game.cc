// Kilimanjaro's parameters, component data, registry entry and the Game object.
#include "games/kilimanjaro/kilimanjaro_game.h"

#include <set>

#include "games/embedded_data.h"
#include "games/kilimanjaro/kilimanjaro_policy.h"
#include "games/kilimanjaro/kilimanjaro_state.h"

namespace savanna::kilimanjaro {
namespace {

constexpr const char* kComponentFile = "kilimanjaro/components.json";

Result<void> LoadTransport(const Json& data, const std::string& src, Config& config) {
  auto list = WithContext(ArrayField(data, "transport"), src + ": ");
  if (!list) return tl::unexpected(list.error());
  const Json& types = **list;
  if (types.empty() || types.size() > size_t(kMaxTypes))
    return Fail(ErrorCode::kBadData, src + ": field 'transport' must list 1 to " +
                                         std::to_string(kMaxTypes) + " transport types");
  config.types = int(types.size());
  std::set<std::string> names;
  for (int t = 0; t < config.types; ++t) {
    const std::string ctx = src + ": transport[" + std::to_string(t) + "]: ";
    auto name = WithContext(StringField(types[t], "name"), ctx);
    if (!name) return tl::unexpected(name.error());
    if (name->empty() || name->find(' ') != std::string::npos || !names.insert(*name).second)
      return Fail(ErrorCode::kBadData, ctx + "field 'name' must be a unique word");
    config.type_names[t] = *name;
  }
  auto values = WithContext(ArrayField(data, "values", 2), src + ": ");
  if (!values) return tl::unexpected(values.error());
  auto lo = WithContext(IntElement(**values, 0, 1, kMaxValue, "values"), src + ": ");
  if (!lo) return tl::unexpected(lo.error());
  auto hi = WithContext(IntElement(**values, 1, *lo, kMaxValue, "values"), src + ": ");
  if (!hi) return tl::unexpected(hi.error());
  auto copies = WithContext(IntField(data, "copies", 1, kMaxCopies), src + ": ");
  if (!copies) return tl::unexpected(copies.error());
  config.min_value = int(*lo);
  config.max_value = int(*hi);
  config.copies = int(*copies);
  config.total_cards = config.types * (config.max_value - config.min_value + 1) * config.copies;
  for (int t = 0; t < config.types; ++t)
    for (int v = config.min_value; v <= config.max_value; ++v)
      config.card_names[CardOf(t, v)] = config.type_names[t] + " " + std::to_string(v);
  return {};
}

Result<void> LoadCounters(const Json& data, const std::string& src, Config& config) {
  if (!data.contains("counters") || !data["counters"].is_object())
    return Fail(ErrorCode::kBadData, src + ": missing object 'counters'");
  const Json& counters = data["counters"];
  config.total_counters = 0;
  for (int k = 0; k < kCounterKinds; ++k) {
    auto n = WithContext(IntField(counters, CounterName(CounterKind(k)), 0, kMaxCounters),
                         src + ": counters: ");
    if (!n) return tl::unexpected(n.error());
    config.counters[k] = int(*n);
    config.total_counters += int(*n);
  }
  if (config.total_counters > kMaxCounters)
    return Fail(ErrorCode::kBadData,
                src + ": counters: at most " + std::to_string(kMaxCounters) + " counters in all");
  return {};
}

Result<void> LoadTrail(const Json& data, const std::string& src, Config& config) {
  if (!data.contains("trail") || !data["trail"].is_object())
    return Fail(ErrorCode::kBadData, src + ": missing object 'trail'");
  const Json& trail = data["trail"];
  auto length = WithContext(IntField(trail, "length", 10, kMaxSpaces - 1), src + ": trail: ");
  if (!length) return tl::unexpected(length.error());
  config.trail_length = int(*length);
  auto villages = WithContext(ArrayField(trail, "villages"), src + ": trail: ");
  if (!villages) return tl::unexpected(villages.error());
  if ((*villages)->size() > size_t(kMaxVillages))
    return Fail(ErrorCode::kBadData, src + ": trail: at most " + std::to_string(kMaxVillages) +
                                         " villages besides the start");
  config.village = {};
  config.village[0] = true;
  int last = 0;
  for (size_t i = 0; i < (*villages)->size(); ++i) {
    auto v = WithContext(IntElement(**villages, i, last + 1, config.trail_length - 1, "villages"),
                         src + ": trail: ");
    if (!v) return tl::unexpected(v.error());
    config.village[*v] = true;
    last = int(*v);
  }
  // Each counter rules out at most three spaces (its own and its neighbours), so this many
  // free spaces guarantee that the placement can never get stuck.
  int free = 0;
  config.counter_spaces = {};
  for (int s = 1; s < config.trail_length; ++s) {
    if (config.village[s]) continue;
    ++free;
    config.counter_spaces[s / 64] |= uint64_t{1} << (s % 64);
  }
  if (free < 3 * config.total_counters)
    return Fail(ErrorCode::kBadData,
                src + ": trail: " + std::to_string(free) + " spaces for counters are too few for " +
                    std::to_string(config.total_counters) + " counters (need 3 per counter)");
  return {};
}

Result<void> LoadComponents(Config& config, const std::string& path) {
  auto data = LoadComponentData(kComponentFile, path);
  if (!data) return tl::unexpected(data.error());
  const Json& json = data->json;
  const std::string& src = data->source;
  if (!json.is_object()) return Fail(ErrorCode::kBadData, src + ": expected a JSON object");
  if (auto r = LoadTransport(json, src, config); !r) return r;
  if (auto r = LoadCounters(json, src, config); !r) return r;
  if (auto r = LoadTrail(json, src, config); !r) return r;
  if (config.total_cards < 2 * kPiles * config.players)
    return Fail(ErrorCode::kBadData, src + ": " + std::to_string(config.total_cards) +
                                         " cards cannot give " + std::to_string(config.players) +
                                         " players 3 face-up and 3 hand cards each");
  return {};
}

Result<void> Configure(const Params& params, Config& config) {
  config.send_back = params.Choice("variant") == "send_back";
  return LoadComponents(config, params.String("data"));
}

}  // namespace

int Config::MaxGameLength() const {
  // Every counter is placed once; every card that is not dealt face up is played once; a play
  // may be followed by one decision per banana stopped on (a chain only moves forward, so it
  // meets each banana at most once) and one change-position decision.
  const int plays = total_cards - kPiles * players;
  const int banana = counters[int(CounterKind::kBanana)];
  return total_counters + plays * (2 + banana);
}

GameEntry Entry() {
  return GameEntryOf<KilimanjaroGame>(
      WithShippedNet(MakeGameInfo(
          "kilimanjaro", "Am Fuß des Kilimandscharo",
          {ParamSpec::Int("players", 4, 2, kMaxSeats, "number of players"),
           ParamSpec::Choice(
               "variant", "standard", {"standard", "send_back"},
               "standard: a change-position counter swaps places with another "
               "expedition; send_back: it may send another expedition back to a village"),
           ComponentDataParam(kComponentFile, "a components file")})),
      Configure, kPolicy);
}

}  // namespace savanna::kilimanjaro
