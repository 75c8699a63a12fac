// Kitara (Eric B. Vogel): kingdoms take cards, recruit figures, move and attack on an area map,
// score ruins and prosperity, and must feed their cards from held savannas. docs/rules/kitara.md.
//
// Parameters (the rule text is cited in docs/rules/kitara.md; component data in data/kitara/):
//   players  2-4        seats; each player count has its own map
//   deck     blue|red   which kingdom deck (red: some cards need no food and cannot be discarded)
//   data     FILE       a component file replacing any of the built-in sections (maps,
//                       start_card, decks, hero_tokens); schema in docs/rules/kitara.md
//
// A turn is a sequence of small decisions by the player to act. A decision with exactly one
// legal option is made automatically (decision ForcedChoicesAreMadeAutomatically), so every
// decision a player sees has at least two options.
//
// Action encoding (NumDistinctActions = 736; areas are map indices 0..39, kinds 0 warrior,
// 1 ruler animal, 2 hero; the texts count row and kingdom positions from 1):
//   0..39     start on an area (set-up: the 3 start warriors)         "start on O1"
//   40..45    take the card at row position i (0 = next to the deck)   "take 2: D1 W1 M1 (age 2)"
//   46..165   place a recruited figure: 46 + kind * 40 + area          "place warrior on O1"
//   166..205  move: choose the source area of a group                  "move from O1"
//   206       end the move phase                                       "end moves"
//   207..470  move: choose the group's figures, 207 + (w * 6 + a) * 4 + h with w warriors
//             (0-10), a ruler animals (0-5), h heroes (0-3)            "with 2 warriors, 1 hero"
//   471..510  move: cross the border into an area (an enemy area: attack) "to O2", "attack I1"
//   511..550  retreat (the defender, when nearest areas tie)           "retreat to O5"
//   551..615  discard the kingdom card at position i (0 = start side)  "discard 2: W2 M1 (age 2)"
//   616..735  remove a figure of a discarded card: 616 + kind * 40 + area "remove warrior from O1"
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "core/game.h"
#include "core/game_skeleton.h"
#include "core/registry.h"
#include "core/rollout_policy.h"

namespace savanna::kitara {

inline constexpr int kMinSeats = 2;
inline constexpr int kMaxSeats = 4;
inline constexpr int kMaxAreas = 40;
inline constexpr int kKinds = 3;  // warrior, ruler animal, hero
inline constexpr int kWarrior = 0, kAnimal = 1, kHero = 2;
// Figures per colour (rule text, component list).
inline constexpr std::array<int, kKinds> kFiguresPerKind = {10, 5, 3};
inline constexpr int kStartWarriors = 3;
inline constexpr int kRowSize = 6;
inline constexpr int kMaxDeckCards = 64;
inline constexpr int kStartCard = 0;                 // card id of the start card
inline constexpr int kMaxCards = kMaxDeckCards + 1;  // ids 0 (start card) .. 64
inline constexpr int kMaxKingdom = kMaxCards;        // a kingdom can never hold more
inline constexpr int kMaxDiscards = kMaxDeckCards + kMaxSeats;
inline constexpr int kFinalAge = 5;    // revealing a card of this age starts the end
inline constexpr int kMaxSymbols = 9;  // per row of one card (data validation)
inline constexpr int kMaxCardFigures = 3;
inline constexpr int kMaxTokenKinds = 8;  // distinct hero-token values
inline constexpr int kMaxTokens = 99;
inline constexpr int kMaxTokenValue = 20;

// ---- Action ids --------------------------------------------------------------------------------
inline constexpr int kGroupIds =
    (kFiguresPerKind[0] + 1) * (kFiguresPerKind[1] + 1) * (kFiguresPerKind[2] + 1);  // 264
inline constexpr Action kStartAction = 0;
inline constexpr Action kTakeAction = kStartAction + kMaxAreas;
inline constexpr Action kPlaceAction = kTakeAction + kRowSize;
inline constexpr Action kSourceAction = kPlaceAction + kKinds * kMaxAreas;
inline constexpr Action kEndMovesAction = kSourceAction + kMaxAreas;
inline constexpr Action kGroupAction = kEndMovesAction + 1;
inline constexpr Action kBorderAction = kGroupAction + kGroupIds;
inline constexpr Action kRetreatAction = kBorderAction + kMaxAreas;
inline constexpr Action kDiscardAction = kRetreatAction + kMaxAreas;
inline constexpr Action kRemoveAction = kDiscardAction + kMaxKingdom;
inline constexpr int kNumDistinctActions = kRemoveAction + kKinds * kMaxAreas;
static_assert(kNumDistinctActions == 736);

constexpr Action StartAction(int area) { return kStartAction + area; }
constexpr Action TakeAction(int position) { return kTakeAction + position; }
constexpr Action PlaceAction(int kind, int area) { return kPlaceAction + kind * kMaxAreas + area; }
constexpr Action SourceAction(int area) { return kSourceAction + area; }
constexpr Action GroupAction(int warriors, int animals, int heroes) {
  return kGroupAction + (warriors * (kFiguresPerKind[1] + 1) + animals) * (kFiguresPerKind[2] + 1) +
         heroes;
}
constexpr Action BorderAction(int area) { return kBorderAction + area; }
constexpr Action RetreatAction(int area) { return kRetreatAction + area; }
constexpr Action DiscardAction(int position) { return kDiscardAction + position; }
constexpr Action RemoveAction(int kind, int area) {
  return kRemoveAction + kind * kMaxAreas + area;
}

// ---- Components ---------------------------------------------------------------------------------
enum class AreaType : uint8_t { kSavanna, kRuin, kLake };

struct Card {
  uint8_t age = 0;  // 0: the start card, 1-5 deck cards
  uint8_t take = 0;
  std::array<uint8_t, kKinds> figures{};  // warriors, ruler animals, heroes to recruit
  uint8_t moves = 0;
  uint8_t prosperity = 0;
  bool no_feed = false;  // red deck: never fed, never discarded
};

// One map, as loaded and checked. Adjacency and distances cover land areas only: figures never
// enter a lake, so a border with a lake is never crossed, not even by a retreat.
struct Map {
  int players = 0;
  int num_areas = 0;
  std::array<std::string, kMaxAreas> names;
  std::array<AreaType, kMaxAreas> types{};
  // Where the drawing puts each area (data only, for the views): ring 0 is the centre, rings 1,
  // 2... surround it, each divided into equal slots 0, 1... clockwise from the top; -1 when the
  // data do not say (a front end then lays the map out by its borders).
  std::array<int8_t, kMaxAreas> ring{};
  std::array<int8_t, kMaxAreas> slot{};
  uint64_t start_mask = 0, land_mask = 0, savanna_mask = 0, ruin_mask = 0;
  std::array<uint64_t, kMaxAreas> land_neighbours{};  // white borders
  std::array<uint64_t, kMaxAreas> lake_neighbours{};  // black borders (for the views)
  // Fewest white borders between two land areas (all land is connected: data validation).
  std::array<std::array<uint8_t, kMaxAreas>, kMaxAreas> distance{};
};

// Everything fixed for one game: parameters and the chosen components.
struct Config {
  int players = 4;
  bool red_deck = false;
  Map map;
  int num_cards = 0;  // deck cards: ids 1..num_cards; id 0 is the start card
  std::array<Card, kMaxCards> cards{};
  std::array<int, kFinalAge + 1> cards_of_age{};  // deck cards per age (index 0 unused)
  int token_kinds = 0;                            // hero tokens: distinct values, ascending
  std::array<uint8_t, kMaxTokenKinds> token_values{};
  std::array<uint8_t, kMaxTokenKinds> token_counts{};
  int total_tokens = 0;

  // What the game reports of a configuration (core/game_skeleton.h).
  SAVANNA_GAME_CONFIG_FACTS;
};
inline int Config::NumDistinctActions() const { return kNumDistinctActions; }

// Loads the components (kitara_data.cc): the built-in data/kitara/*.json, each section replaced
// by the same section of the user's file `user_path` when that file has it. Errors name the file,
// the field and the reason.
Result<void> LoadComponents(Config& config, const std::string& user_path);

// Game knowledge for search (kitara_policy.cc; docs/rules/kitara.md, "Heuristics"): each choice
// scored by what it changes of the rule text's points for the turns left (savannas fed, ruins
// held with an animal, prosperity, hero tokens); the evaluation counts the scores so far. No
// measured playout preference: FunctionPolicy's defaults.
Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng);
PlayerValues EvaluatePosition(const State& state);
// The game's rollout policy (its registry entry hands it to GameBase).
inline const FunctionPolicy<ChooseRollout, EvaluatePosition> kPolicy{};

// The registry entry: info, parameters and factory.
GameEntry Entry();

}  // namespace savanna::kitara
