// Kalimambo (Antonio Scrittore): a simultaneous card race on a looping track, chased by Mambo the
// rhino, with Kali running along as an extra card-playing figure. Rules: docs/rules/kalimambo.md.
//
// Parameters (defaults follow the rule text, cited in docs/rules/kalimambo.md):
//   players  2-7    seats; the text is for 3-7, 2 is offered as an option
//   track    20-64  spaces of the looping track (32, one source; another says about 40)
//   rhino    ""|0..track-1   the rhino's start space; empty: random
//   order    ""|"s-s-..."    the explorers from rear (in front of the rhino) to front; empty:
//                            random. Kali always starts in front of them.
//   heaps    ""|"n-n-..."    the dung heaps' spaces (needs rhino); empty: random, 2 apart
//   data     a component file replacing data/kalimambo/components.json
//
// Figures: seats 0..players-1 are the explorers; figure index `players` is Kali.
//
// Action encoding (NumDistinctActions = highest card value + 1, 12 with the built-in cards):
//   id v = play the card with value v; "play 7". Every seat submits one card per round; the
//   round resolves when the last card is in.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "core/game.h"
#include "core/game_skeleton.h"
#include "core/registry.h"

namespace savanna::kalimambo {

inline constexpr int kMaxSeats = 7;
inline constexpr int kMaxFigures = kMaxSeats + 1;  // explorers and Kali
inline constexpr int kMaxCards = 16;               // cards per set, and so rounds
inline constexpr int kMaxCardValue = 15;
inline constexpr int kMinTrack = 20;  // the rhino, 7 explorers, Kali and 6 heaps 2 apart
inline constexpr int kMaxTrack = 64;  // spaces fit one 64-bit mask
inline constexpr int kMaxHeaps = 16;
inline constexpr int kMaxHeapDistance = 4;
// The most minus points a loaded state may hold; a game adds at most about 11,000 more (16
// rounds, dung 99), so the 16-bit counters cannot overflow.
inline constexpr int kMaxMinusPoints = 9999;

// Everything fixed for one game: the parameters and the component data.
struct Config {
  int players = 4;
  int track = 32;
  std::array<uint8_t, kMaxCards> cards{};  // the card values of every set, ascending
  int num_cards = 0;                       // cards per set = rounds
  uint16_t card_mask = 0;                  // bit v set for every card value v
  int max_value = 0;
  int heaps = 6;          // dung heaps placed by a random set-up
  int heap_distance = 2;  // a random set-up keeps heaps at least this far apart
  int dung_penalty = 3;   // minus points for a move that ends on a heap
  // The set-up given by parameters (rhino < 0, no order, no heaps: random).
  int rhino = -1;
  bool order_given = false;
  std::array<uint8_t, kMaxSeats> order{};  // seats from rear to front
  bool heaps_given = false;
  uint64_t heap_mask = 0;

  int Kali() const { return players; }  // Kali's figure index
  int Figures() const { return players + 1; }

  // What the game reports of a configuration (core/game_skeleton.h).
  SAVANNA_GAME_CONFIG_FACTS;
};

// The registry entry: info, parameters and factory.
GameEntry Entry();

}  // namespace savanna::kalimambo
