// Kariba (Reiner Knizia): animals gather at a waterhole; three or more of a kind chase away the
// closest weaker animal and the player scores the chased cards. Rules: docs/rules/kariba.md.
//
// Parameters (defaults follow the rule text, cited in docs/rules/kariba.md):
//   players  2-6      seats; 5 and 6 only with animals=9 (the 2010 original)
//   animals  8|9      8: the 64-card edition (default); 9: the 72-card 2010 original
//   chase    closest|adjacent  closest weaker animal present (default), or only the next lower
//   variant  standard|open     open: three face-up cards beside the pile to draw from
//   games    1-10     games in a match; scores are match totals (the text recommends 3)
//
// Action encoding (NumDistinctActions = 55):
//   0..44   play: id = (animal - 1) * 5 + (count - 1), animal 1-9, count 1-5; "play 2 rhino"
//   45      draw the top card of the pile (open variant); "draw pile"
//   46..54  take a face-up card: id = 46 + (animal - 1) (open variant); "take rhino"
#pragma once

#include <array>
#include <memory>
#include <string>

#include "core/game.h"
#include "core/game_skeleton.h"
#include "core/registry.h"

namespace savanna::kariba {

inline constexpr int kMaxAnimals = 9;
inline constexpr int kMaxCopies = 8;
inline constexpr int kMaxCards = kMaxAnimals * kMaxCopies;
inline constexpr int kHandSize = 5;
inline constexpr int kDisplaySize = 3;
inline constexpr int kMaxSeats = 6;
inline constexpr int kMaxGames = 10;

inline constexpr Action kFirstPlayAction = 0;
inline constexpr Action kDrawPileAction = kMaxAnimals * kHandSize;  // 45
inline constexpr Action kFirstTakeAction = kDrawPileAction + 1;     // 46
inline constexpr int kNumDistinctActions = kFirstTakeAction + kMaxAnimals;

constexpr Action PlayAction(int animal, int count) {
  return kFirstPlayAction + (animal - 1) * kHandSize + (count - 1);
}
constexpr Action TakeAction(int animal) { return kFirstTakeAction + (animal - 1); }

enum class ChaseRule : uint8_t { kClosest, kAdjacent };

// Everything fixed for one game: the parameters and the deck composition from the data file.
struct Config {
  int players = 4;
  int animals = 8;
  ChaseRule chase = ChaseRule::kClosest;
  bool open_display = false;
  int games = 1;
  std::array<int, kMaxAnimals + 1> copies{};  // by animal value; index 0 unused
  std::array<std::string, kMaxAnimals + 1> names;
  int total_cards = 0;

  // What the game reports of a configuration (core/game_skeleton.h).
  SAVANNA_GAME_CONFIG_FACTS;
};
inline int Config::NumDistinctActions() const { return kNumDistinctActions; }

// The registry entry: info, parameters and factory.
GameEntry Entry();

}  // namespace savanna::kariba
