// Kariba's parameters, deck data, registry entry and the Game object.
#include "games/kariba/kariba_game.h"

#include "games/embedded_data.h"
#include "games/kariba/kariba_policy.h"
#include "games/kariba/kariba_state.h"

namespace savanna::kariba {
namespace {

constexpr const char* kComponentFile = "kariba/animals.json";

// Reads the deck composition and the animal names from data/kariba/animals.json, or from the
// user's file `path` when it is not empty.
Result<void> LoadDeck(Config& config, const std::string& path) {
  auto data = LoadComponentData(kComponentFile, path);
  if (!data) return tl::unexpected(data.error());
  const std::string& source = data->source;
  auto animals = WithContext(ArrayField(data->json, "animals", kMaxAnimals), source + ": ");
  if (!animals) return tl::unexpected(animals.error());
  for (int i = 0; i < kMaxAnimals; ++i) {
    const Json& entry = (**animals)[i];
    const std::string ctx = source + ": animals[" + std::to_string(i) + "]: ";
    auto value = WithContext(IntField(entry, "value", i + 1, i + 1), ctx);
    auto name = WithContext(StringField(entry, "name"), ctx);
    auto copies = WithContext(IntField(entry, "copies", 1, kMaxCopies), ctx);
    if (!value) return tl::unexpected(value.error());
    if (!name) return tl::unexpected(name.error());
    if (!copies) return tl::unexpected(copies.error());
    config.names[i + 1] = *name;
    config.copies[i + 1] = int(*copies);
  }
  config.total_cards = 0;
  for (int a = 1; a <= config.animals; ++a) config.total_cards += config.copies[a];
  if (config.total_cards < config.players * kHandSize)
    return Fail(ErrorCode::kBadData, source + ": too few cards to deal the hands");
  return {};
}

Result<void> Configure(const Params& params, Config& config) {
  config.animals = params.Choice("animals") == "9" ? 9 : 8;
  config.chase = params.Choice("chase") == "adjacent" ? ChaseRule::kAdjacent : ChaseRule::kClosest;
  config.open_display = params.Choice("variant") == "open";
  config.games = int(params.Int("games"));
  if (config.players > 4 && config.animals != 9)
    return Fail(ErrorCode::kInvalidArgument,
                "kariba: players=" + std::to_string(config.players) +
                    " needs animals=9 (the 64-card edition is for 2 to 4 players)");
  return LoadDeck(config, params.String("data"));
}

}  // namespace

int Config::MaxGameLength() const {
  // Every play puts at least one card at the waterhole and every draw takes one card from the
  // pile or the display, so a game has at most one play and one draw per card.
  return games * 2 * total_cards;
}

GameEntry Entry() {
  return GameEntryOf<KaribaGame>(
      WithShippedNet(MakeGameInfo(
          "kariba", "Kariba",
          {ParamSpec::Int("players", 4, 2, kMaxSeats,
                          "number of players; 5 and 6 need animals=9 (the 2010 original)"),
           ParamSpec::Choice(
               "animals", "8", {"8", "9"},
               "8: the 64-card edition of the rule text; 9: the 72-card 2010 original"),
           ParamSpec::Choice("chase", "closest", {"closest", "adjacent"},
                             "closest: chase the closest weaker animal present; adjacent: only the "
                             "next lower animal (reported for the 2010 original)"),
           ParamSpec::Choice("variant", "standard", {"standard", "open"},
                             "open: the experienced players' variant with three face-up cards"),
           ParamSpec::Int("games", 1, 1, kMaxGames,
                          "games in a match, scores summed (the rule text recommends 3)"),
           ComponentDataParam(kComponentFile, "a deck file")})),
      Configure, kPolicy, {"kariba(players=3,games=3)", "kariba(players=2,variant=open,games=2)"});
}

}  // namespace savanna::kariba
