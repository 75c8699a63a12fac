// Builds hand-made Kitara positions for rules tests: figures on named areas, kingdoms, the row,
// the deck and hero tokens; whatever is not placed goes to the supply, the deck or the bag, so
// the position is one StateFromJson accepts.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/kitara/kitara_state.h"
#include "games/registry.h"
#include "testing/named_actions.h"

namespace savanna::kitara::testing {

class Position {
 public:
  explicit Position(const std::string& spec);

  // `player`'s figures {warriors, animals, heroes} on the area called `area`.
  Position& Area(const std::string& area, int player, Figures figures);
  // The kingdom after the start card (unless `with_start_card` is false); cards by CardText.
  Position& Kingdom(int player, const std::vector<std::string>& cards, bool with_start_card = true);
  Position& Row(const std::vector<std::string>& cards);
  // The deck exactly (bottom first); every card not placed elsewhere goes to the discard pile.
  Position& Deck(const std::vector<std::string>& bottom_first);
  Position& Tokens(int player, const std::vector<int>& values);
  Position& Drawn(const std::vector<int>& values);  // drawn this turn by the current player
  Position& Prosperity(int player, int points);
  Position& Turn(int player, int round = 1);
  Position& LastRound(int round);
  // Starts in the move phase with `moves` moves left instead of the take phase.
  Position& Moves(int moves);

  std::unique_ptr<KitaraState> Build();
  const KitaraGame& game() const { return *game_; }

 private:
  std::shared_ptr<const KitaraGame> game_;
  KitaraData d_;
  std::vector<std::vector<std::string>> kingdoms_;
  std::vector<bool> start_cards_;
  std::optional<std::vector<std::string>> row_, deck_;
};

// The card id whose CardText is `text` (e.g. "W2 M1 (age 2)"); fails the test if there is none.
int CardNamed(const Config& config, const std::string& text);
int AreaNamed(const Config& config, const std::string& name);

// The legal action strings of the player to act (actions are applied with testing::Do).
using savanna::testing::LegalStrings;

// A Kitara state's data and configuration, and the area called `area` in it.
inline const KitaraData& D(const State& s) { return static_cast<const KitaraState&>(s).data(); }
inline const Config& C(const State& s) { return static_cast<const KitaraState&>(s).config(); }
inline const AreaState& At(const State& s, const std::string& area) {
  return D(s).areas[AreaNamed(C(s), area)];
}
// `n` warriors, no ruler animals, no heroes.
constexpr Figures W(int n) { return {uint8_t(n), 0, 0}; }
// Six age-1 cards of the built-in decks, for the row of a hand-made position.
inline const std::vector<std::string> kAgeOneRow = {"D1 P1 (age 1)", "W1 M1 (age 1)",
                                                    "M1 P1 (age 1)", "D1 M1 (age 1)",
                                                    "A1 M1 (age 1)", "W1 P1 (age 1)"};

}  // namespace savanna::kitara::testing
