// Builds hand-made Kalimambo positions for rules tests from a picture of the track, e.g.
// "R 0 1 . 2* K": the rhino on space 0, explorers 0 and 1, a gap, explorer 2 on a heap, Kali.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "games/kalimambo/kalimambo_state.h"
#include "games/registry.h"
#include "testing/create_game.h"

namespace savanna::kalimambo::testing {

class Position {
 public:
  explicit Position(const std::string& spec);

  // The track from space 0, one token per space separated by blanks: "R" the rhino, a digit an
  // explorer's seat, "K" Kali, "." an empty space; a trailing "*" marks a dung heap ("*" alone:
  // a heap on an empty space). Spaces after the last token are empty.
  Position& Track(const std::string& layout);
  // The cards Kali turns next, the first one in the coming round; Kali's other unturned cards
  // follow in ascending order.
  Position& KaliNext(std::vector<int> cards);
  // The cards `seat` still holds (default: all). Every hand must have the same size; the missing
  // cards count as played in the earlier rounds (ascending), and Kali has turned as many.
  Position& Hand(int seat, std::vector<int> cards);
  Position& Minus(int seat, int points);

  // The finished state; the game's own reader (StateFromJson) accepts it.
  std::unique_ptr<KalimamboState> Build();
  const KalimamboGame& game() const { return *game_; }

 private:
  std::shared_ptr<const KalimamboGame> game_;
  KalimamboData d_;
  std::vector<int> kali_next_;
};

// The track of `state` in Track()'s notation, trailing empty spaces left out.
std::string Layout(const KalimamboState& state);

// Every seat submits its card from `cards` (by seat), in seat order; the round resolves.
void PlayRound(State& state, const std::vector<int>& cards);

}  // namespace savanna::kalimambo::testing
