// Vom Kap bis Kairo's parameters, component data (terrains and landscape cards), registry entry
// and the Game object.
#include "games/kap_kairo/kap_kairo_game.h"

#include <cctype>

#include "core/text.h"
#include "games/embedded_data.h"
#include "games/kap_kairo/kap_kairo_state.h"

namespace savanna::kap_kairo {
namespace {

constexpr const char* kComponentFile = "kap_kairo/landscapes.json";

Result<void> Bad(const std::string& context, const std::string& why) {
  return Fail(ErrorCode::kBadData, context + why);
}

// Names appear in action strings and views: a plain word, 1-20 characters.
bool ValidName(const std::string& name) {
  if (name.empty() || name.size() > 20) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
  return true;
}

Result<void> LoadTerrains(const Json& data, const std::string& source, Config& config) {
  auto terrains = WithContext(ArrayField(data, "terrains"), source + ": ");
  if (!terrains) return tl::unexpected(terrains.error());
  const Json& list = **terrains;
  if (list.empty() || list.size() > size_t(kMaxTerrains))
    return Bad(source + ": ", "field 'terrains' must have 1 to " + std::to_string(kMaxTerrains) +
                                  " entries, has " + std::to_string(list.size()));
  config.num_terrains = int(list.size());
  for (int t = 0; t < config.num_terrains; ++t) {
    const std::string ctx = source + ": terrains[" + std::to_string(t) + "]: ";
    auto name = WithContext(StringField(list[t], "name"), ctx);
    auto needed = WithContext(IntField(list[t], "tracks_needed", 1, kMaxTracksNeeded), ctx);
    auto river = WithContext(BoolField(list[t], "river"), ctx);
    if (!name) return tl::unexpected(name.error());
    if (!needed) return tl::unexpected(needed.error());
    if (!river) return tl::unexpected(river.error());
    if (!ValidName(*name))
      return Bad(ctx, "field 'name' must be 1 to 20 letters, digits, '-' or '_'");
    for (int u = 0; u < t; ++u)
      if (EqualsIgnoringCase(config.terrains[u].name, *name))
        return Bad(ctx, "the name '" + *name + "' is used twice");
    config.terrains[t] = Terrain{*name, int(*needed), *river};
  }
  return {};
}

Result<void> LoadCards(const Json& data, const std::string& source, Config& config) {
  auto cards = WithContext(ArrayField(data, "cards"), source + ": ");
  if (!cards) return tl::unexpected(cards.error());
  const Json& list = **cards;
  if (list.size() < size_t(kMinCards) || list.size() > size_t(kMaxCards))
    return Bad(source + ": ", "field 'cards' must have " + std::to_string(kMinCards) + " to " +
                                  std::to_string(kMaxCards) + " entries, has " +
                                  std::to_string(list.size()));
  config.num_cards = int(list.size());
  for (int i = 0; i < config.num_cards; ++i) {
    const std::string ctx = source + ": cards[" + std::to_string(i) + "]: ";
    auto terrain = WithContext(StringField(list[i], "terrain"), ctx);
    auto tracks = WithContext(IntField(list[i], "tracks", 0, kMaxTracksOnCard), ctx);
    auto pounds = WithContext(IntField(list[i], "pounds", 1, kMaxPoundsOnCard), ctx);
    if (!terrain) return tl::unexpected(terrain.error());
    if (!tracks) return tl::unexpected(tracks.error());
    if (!pounds) return tl::unexpected(pounds.error());
    int index = -1;
    for (int t = 0; t < config.num_terrains; ++t)
      if (config.terrains[t].name == *terrain) index = t;
    if (index < 0) return Bad(ctx, "field 'terrain': no terrain named '" + *terrain + "'");
    config.cards[i] = CardInfo{uint8_t(index), uint8_t(*tracks), uint8_t(*pounds)};
  }
  return {};
}

Result<void> Configure(const Params& params, Config& config) {
  auto data = LoadComponentData(kComponentFile, params.String("data"));
  if (!data) return tl::unexpected(data.error());
  return LoadComponents(data->json, data->source, config);
}

}  // namespace

Result<void> LoadComponents(const Json& data, const std::string& source, Config& config) {
  if (!data.is_object()) return Bad(source + ": ", "the file must hold a JSON object");
  if (auto r = LoadTerrains(data, source, config); !r) return r;
  return LoadCards(data, source, config);
}

std::string Config::CardText(int id) const {
  const CardInfo& c = cards[id];
  return terrains[c.terrain].name + " (" + std::to_string(c.tracks) +
         (c.tracks == 1 ? " track, " : " tracks, ") + std::to_string(c.pounds) +
         (c.pounds == 1 ? " pound)" : " pounds)");
}

int Config::MaxGameLength() const {
  // Every land purchase moves at least one card into a row for good (rows never shrink), so
  // there are at most N purchases, each with P bids and at most P - 1 card choices. Builds: at
  // most 7 per player plus the winning one. A build phase is cut into stretches, each ending
  // with a build or with the phase's end (at most one per purchase). Within a stretch every
  // decision but the last reveals a card from the piles, and no card returns to them before
  // the stretch ends, so a stretch has at most N + 1 decisions.
  const int n = num_cards, p = players;
  const int purchases = n;
  const int builds = (kLandscapesToWin - 1) * p + 1;
  return purchases * (2 * p - 1) + (builds + purchases) * (n + 1);
}

GameEntry Entry() {
  return GameEntryOf<KapKairoGame>(
      WithShippedNet(MakeGameInfo(
          "kap_kairo", "Vom Kap bis Kairo",
          {ParamSpec::Int("players", 4, kMinSeats, kMaxSeats, "number of players"),
           ComponentDataParam(kComponentFile, "a component file (terrains and landscape cards)")},
          GameType::Dynamics::kSimultaneous)),
      Configure, kPolicy);
}

}  // namespace savanna::kap_kairo
