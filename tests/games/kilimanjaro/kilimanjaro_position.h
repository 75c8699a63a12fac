// Builds hand-made Kilimanjaro positions for rules tests: set the expeditions, piles, hands and
// counters; the other cards go to the deck (or under the piles) and the other counters onto
// the far end of the trail, so that every card and counter is still in exactly one place.
#pragma once

#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "games/kilimanjaro/kilimanjaro_state.h"
#include "games/registry.h"
#include "testing/create_game.h"
#include "testing/named_actions.h"

namespace savanna::kilimanjaro::testing {

using savanna::testing::ActionNamed;
using savanna::testing::Do;

// Transport types in the built-in data, in order.
inline constexpr int kCanoe = 0, kJeep = 1, kMachete = 2, kMule = 3;

class Position {
 public:
  explicit Position(const std::string& spec);

  // The trail and the cards in front of a player (pile tops, left to right).
  Position& At(int player, int space);
  Position& Piles(int player, std::initializer_list<int> tops);
  // A player whose hand is not set gets 3 cards from those left over.
  Position& Hand(int player, std::initializer_list<int> cards);
  Position& Counter(int space, CounterKind kind, int placer, bool face_up = false);
  // Deck order, top card LAST; the other unplaced cards go below these.
  Position& DeckTop(std::vector<int> top_last);
  // Keep only this many cards in the deck; the rest are put under player 0's first pile.
  Position& DeckSize(int size);
  // Counters not set with Counter() are placed face down by player 0 on every second space
  // downwards from here (default: the last space before the base camp).
  Position& SpareCountersFrom(int space);
  Position& Current(int player);

  // The finished state, in the play phase; StateFromJson accepts it.
  std::unique_ptr<KilimanjaroState> Build();
  const KilimanjaroGame& game() const { return *game_; }

 private:
  std::shared_ptr<const KilimanjaroGame> game_;
  KiliData d_;
  std::vector<bool> piles_set_, hand_set_;
  std::vector<int> deck_top_;
  int deck_size_ = -1;
  int spare_from_ = -1;
};

}  // namespace savanna::kilimanjaro::testing
