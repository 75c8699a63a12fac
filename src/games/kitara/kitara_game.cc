// Kitara's parameters, registry entry and the Game object.
#include "games/kitara/kitara_game.h"

#include "games/embedded_data.h"
#include "games/kitara/kitara_state.h"

namespace savanna::kitara {
namespace {

Result<void> Configure(const Params& params, Config& config) {
  config.red_deck = params.Choice("deck") == "red";
  return LoadComponents(config, params.String("data"));
}

}  // namespace

int Config::MaxGameLength() const {
  // Until the first age-5 card shows, every turn reveals at least one card (the row never
  // empties while the deck still holds it), so at most the age 1-4 cards plus one turns pass;
  // then the round is finished and one more round is played.
  const int early = num_cards - cards_of_age[kFinalAge] + 1;
  const int turns = early + 2 * players;
  int all_moves = 0;
  for (int i = 0; i <= num_cards; ++i) all_moves += cards[i].moves;
  // A turn: a take, at most 3 recruits, per move at most 4 decisions (area, group, border,
  // retreat), the end of moves, per discarded card the discard and at most 3 removals.
  const int per_turn = 1 + kMaxCardFigures + 4 * all_moves + 1 + 4 * (num_cards + 1);
  return players + turns * per_turn;
}

GameEntry Entry() {
  return GameEntryOf<KitaraGame>(
      WithShippedNet(MakeGameInfo(
          "kitara", "Kitara",
          {ParamSpec::Int("players", 4, kMinSeats, kMaxSeats,
                          "number of players; each player count has its own map"),
           ParamSpec::Choice(
               "deck", "blue", {"blue", "red"},
               "kingdom deck: blue (for a first game) or red (with cards that need no "
               "food and cannot be discarded)"),
           ParamSpec::String(
               "data", "",
               "a component file whose sections (maps, start_card, decks, hero_tokens) "
               "replace the built-in data/kitara/*.json")})),
      Configure, kPolicy);
}

}  // namespace savanna::kitara
