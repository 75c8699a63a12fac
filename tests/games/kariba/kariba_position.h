// Builds hand-made Kariba positions for rules tests: set the waterhole, hands and display, and
// the rest of the cards go to the draw pile, so every card is still in exactly one place.
#pragma once

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "games/kariba/kariba_state.h"
#include "games/registry.h"
#include "testing/create_game.h"
#include "testing/named_actions.h"

namespace savanna::kariba::testing {

using savanna::testing::ActionNamed;
using savanna::testing::Do;

class Position {
 public:
  explicit Position(const std::string& spec);

  // `cards`: {animal, count} pairs.
  Position& Waterhole(std::initializer_list<std::pair<int, int>> cards);
  Position& Hand(int player, std::initializer_list<std::pair<int, int>> cards);
  Position& Known(int player, std::initializer_list<std::pair<int, int>> cards);
  Position& Pile(int player, std::initializer_list<std::pair<int, int>> cards);
  Position& Display(std::vector<int> animals);
  // Draw pile order, top card LAST. Cards not placed anywhere else are put below these.
  Position& PileTop(std::vector<int> top_last);
  // Keep only this many cards in the draw pile (the rest are moved to player 0's score pile,
  // which the tests then ignore) - to reach the end of the game quickly.
  Position& PileSize(int size);
  Position& Current(int player);

  // The finished state; the card conservation of StateFromJson holds.
  std::unique_ptr<KaribaState> Build();
  const KaribaGame& game() const { return *game_; }

 private:
  static void Set(AnimalCounts& counts, std::initializer_list<std::pair<int, int>> cards);
  std::shared_ptr<const KaribaGame> game_;
  KaribaData d_;
  std::vector<int> pile_top_;
  int pile_size_ = -1;
};

}  // namespace savanna::kariba::testing
