// Am Fuß des Kilimandscharo (Reiner Knizia): a race along a 100-space trail. Each expedition
// moves by the three transport cards face up in front of it; hidden chance counters on the
// trail help or hinder. Rules and decisions: docs/rules/kilimanjaro.md.
//
// Parameters (defaults follow the rule text, cited in docs/rules/kilimanjaro.md):
//   players  2-4                 seats (default 4)
//   variant  standard|send_back  send_back: a change-position counter lets its finder send
//                                another expedition back to a village instead of swapping
//   data     FILE                components (cards, counters, trail) instead of the built-in
//                                data/kilimanjaro/components.json
//
// Action encoding (NumDistinctActions = 823):
//   0..383     place a counter: id = kind * 128 + space, kind 0 banana, 1 lion, 2 change,
//              space 1..127; "place lion on 37"
//   384..815   play a card: id = 384 + card * 12 + seat * 3 + pile, card = type * 9 + value - 1
//              (type 0-3, value 1-9), seat 0-3, pile 0-2; "play canoe 3 on P1 pile 2"
//   816, 817   after landing on a banana: "banana: move again", "banana: stay"
//   818..821   change position with seat 0-3: id = 818 + seat: "swap with P2"; in the
//              send_back variant the same ids read "send P2 back"
//   822        send_back variant: "send nobody back"
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "core/game.h"
#include "core/game_skeleton.h"
#include "core/registry.h"

namespace savanna::kilimanjaro {

inline constexpr int kMaxSeats = 4;
inline constexpr int kPiles = 3;     // face-up piles in front of each player
inline constexpr int kHandSize = 3;  // cards in hand at the start
inline constexpr int kMaxTypes = 4;  // transport types
inline constexpr int kMaxValue = 9;  // highest card value a data file may use
inline constexpr int kCardKinds = kMaxTypes * kMaxValue;
inline constexpr int kMaxCopies = 2;
inline constexpr int kMaxCards = kCardKinds * kMaxCopies;
inline constexpr int kMaxSpaces = 128;  // trail capacity: spaces 0..127
inline constexpr int kMaxCounters = 24;
inline constexpr int kMaxVillages = 12;  // besides the start village at space 0

enum class CounterKind : uint8_t { kBanana = 0, kLion = 1, kChange = 2 };
inline constexpr int kCounterKinds = 3;

inline constexpr Action kFirstPlaceAction = 0;
inline constexpr Action kFirstPlayAction = kCounterKinds * kMaxSpaces;           // 384
inline constexpr Action kBananaMoveAction = kFirstPlayAction + kCardKinds * 12;  // 816
inline constexpr Action kBananaStayAction = kBananaMoveAction + 1;               // 817
inline constexpr Action kFirstChangeAction = kBananaStayAction + 1;              // 818
inline constexpr Action kSendNobodyAction = kFirstChangeAction + kMaxSeats;      // 822
inline constexpr int kNumDistinctActions = kSendNobodyAction + 1;

constexpr Action PlaceAction(CounterKind kind, int space) {
  return kFirstPlaceAction + int(kind) * kMaxSpaces + space;
}
constexpr Action PlayAction(int card, int seat, int pile) {
  return kFirstPlayAction + card * (kMaxSeats * kPiles) + seat * kPiles + pile;
}
constexpr Action ChangeAction(int seat) { return kFirstChangeAction + seat; }

// A card is a number type * kMaxValue + value - 1.
constexpr int CardOf(int type, int value) { return type * kMaxValue + value - 1; }
constexpr int TypeOf(int card) { return card / kMaxValue; }
constexpr int ValueOf(int card) { return card % kMaxValue + 1; }

// Everything fixed for one game: parameters and components from the data file.
struct Config {
  int players = 4;
  bool send_back = false;  // the variant for change-position counters
  int types = 4;
  std::array<std::string, kMaxTypes> type_names;
  std::array<std::string, kCardKinds> card_names;  // "canoe 3"; empty for no card of the game
  int min_value = 1, max_value = 7;
  int copies = 2;
  int total_cards = 0;
  std::array<int, kCounterKinds> counters{};  // how many of each kind
  int total_counters = 0;
  int trail_length = 100;                  // the base camp; reaching it wins
  std::array<bool, kMaxSpaces> village{};  // village[0] (the start) is always true
  // Bit s (of word s / 64) is set for each space a counter may ever go on: 1..length-1 but
  // not a village. Derived from the above when the components are loaded.
  std::array<uint64_t, 2> counter_spaces{};

  // What the game reports of a configuration (core/game_skeleton.h).
  SAVANNA_GAME_CONFIG_FACTS;
};
inline int Config::NumDistinctActions() const { return kNumDistinctActions; }

// The registry entry: info, parameters and factory.
GameEntry Entry();

}  // namespace savanna::kilimanjaro
