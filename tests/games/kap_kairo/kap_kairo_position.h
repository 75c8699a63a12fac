// Builds hand-made Vom Kap bis Kairo positions for rules tests: place named cards in rows, piles,
// the build pool and the auction; every card not placed goes to the draw pile (or elsewhere),
// so each card is still in exactly one place and the game's own reader accepts the position.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "games/kap_kairo/kap_kairo_state.h"
#include "games/registry.h"
#include "testing/create_game.h"
#include "testing/named_actions.h"

namespace savanna::kap_kairo::testing {

using savanna::testing::ActionNamed;
using savanna::testing::Do;

class Position {
 public:
  // A track building position with player 0 to decide, every capital at 100.
  explicit Position(const std::string& spec);

  // The id of the card of `terrain` worth `pounds` (the built-in deck has exactly one).
  int Card(const std::string& terrain, int pounds) const;

  // `cards` in row order; the first `built` of them are built.
  Position& Row(int player, std::vector<int> cards, int built = 0);
  Position& Capital(int player, int pounds);
  Position& Bonus(int player, std::vector<int> cards);
  // Draw pile order, top card LAST; cards not placed anywhere go below these.
  Position& PileTop(std::vector<int> top_last);
  Position& Discard(std::vector<int> cards);
  Position& Revealed(std::vector<int> cards);
  // Track building: `player` decides (after revealing, if Revealed() was given).
  Position& Building(int player);
  // Land purchase: these cards are up for purchase and every player is to bid.
  Position& Bidding(std::vector<int> auction);
  // Cards not placed anywhere go to the end of `player`'s row (open), not to the pile.
  Position& RestToRow(int player);
  Position& RestToDiscard();

  std::unique_ptr<KapKairoState> Build();
  const KapKairoGame& game() const { return *game_; }

 private:
  std::shared_ptr<const KapKairoGame> game_;
  KapKairoData d_;
  std::vector<int> pile_top_;
  int rest_to_row_ = -1;
  bool rest_to_discard_ = false;
};

using savanna::testing::LegalStrings;

}  // namespace savanna::kap_kairo::testing
