// Kilimanjaro's state: plain data (KiliData, copied as flat memory) and the State interface
// over it. Rules: kilimanjaro_rules.cc; views: kilimanjaro_view.cc; JSON: kilimanjaro_json.cc.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "core/game_skeleton.h"
#include "core/rng.h"
#include "games/kilimanjaro/kilimanjaro_game.h"

namespace savanna::kilimanjaro {

enum class Phase : uint8_t {
  kPlace,     // set-up: the current player places one of their chance counters
  kPlay,      // the current player plays a hand card onto a pile
  kBanana,    // the current player stopped on a banana: move again or stay
  kChange,    // the current player stopped on a change-position counter: choose the expedition
  kGameOver,  // an expedition reached the base camp, or every card has been played
};

// A chance counter on the trail. Its kind is known to its placer and, once turned, to all.
struct Counter {
  uint8_t space = 0;
  CounterKind kind = CounterKind::kBanana;
  uint8_t placer = 0;
  bool face_up = false;
};

// One face-up pile in front of a player: only the top card counts for moving.
struct Pile {
  uint8_t top = 0;   // a card number (see CardOf)
  uint8_t size = 0;  // cards in the pile, the top one included
};

// What happened during the last turn, for the views. Everything here is public, except the
// kind of a counter being placed, which only its placer may see.
enum class EventType : uint8_t {
  kPlace,       // player put a counter face down on `to`
  kPlay,        // player played card `card` onto pile `pile` of seat `other`
  kMove,        // player moved from `from` to `to`
  kCounter,     // player stopped on counter `kind` on `to` (turned face up if it was down)
  kBananaStay,  // player chose not to move again
  kLion,        // player went back from `from` to the village `to`
  kSwap,        // player (was on `from`) and `other` (was on `to`) changed places
  kSendBack,    // player sent `other` back from `from` to the village `to`
  kSendNobody,  // player sent nobody back (send_back variant)
  kBaseCamp,    // player reached the base camp and won
};
// Each event type's name, in the order of EventType: the views' and the state JSON's "type".
inline constexpr std::array<const char*, 10> kEventNames = {
    "place", "play", "move",      "counter",     "stay",
    "lion",  "swap", "send_back", "send_nobody", "base_camp"};
static_assert(kEventNames.size() == size_t(EventType::kBaseCamp) + 1);

struct Event {
  EventType type = EventType::kMove;
  uint8_t player = 0;
  uint8_t other = 0;
  uint8_t from = 0;
  uint8_t to = 0;
  uint8_t card = 0;
  uint8_t pile = 0;
  CounterKind kind = CounterKind::kBanana;
};

// The events of the current turn (or, between turns, of the last one). A turn has at most one
// play, one move per counter it stops on plus one, and a few more: bounded by this capacity.
inline constexpr int kMaxEvents = 2 * kMaxCounters + 8;

struct KiliData {
  std::array<uint8_t, kMaxCards> deck{};  // deck[0..deck_size); the top card is the last
  uint8_t deck_size = 0;
  std::array<std::array<uint8_t, kHandSize>, kMaxSeats> hand{};  // sorted, [0..hand_size)
  std::array<uint8_t, kMaxSeats> hand_size{};
  std::array<std::array<Pile, kPiles>, kMaxSeats> piles{};
  // Cards covered on the piles, by card number: public (each was face up when played).
  std::array<uint8_t, kCardKinds> buried{};
  std::array<Counter, kMaxCounters> counters{};  // on the trail, [0..num_counters)
  uint8_t num_counters = 0;
  uint8_t removed_counters = 0;  // change-position counters turned and taken off the trail
  std::array<std::array<uint8_t, kCounterKinds>, kMaxSeats> unplaced{};  // still to place
  std::array<uint8_t, kMaxSeats> position{};  // 0 = start village; trail_length = base camp
  uint8_t current = 0;
  Phase phase = Phase::kPlace;
  uint8_t distance = 0;  // the current player's move length in this turn (banana phase)
  int8_t winner = -1;    // the seat that reached the base camp
  uint16_t move_number = 0;
  std::array<Event, kMaxEvents> events{};  // this turn's events
  uint8_t num_events = 0;
  Rng rng;
};

class KilimanjaroState final : public StateBase<KilimanjaroState, KiliData, Config> {
 public:
  using StateBase::StateBase;
  SAVANNA_GAME_STATE_OVERRIDES;
  bool IsTerminal() const override { return d_.phase == Phase::kGameOver; }
  // A placement names no kind to the others: "place a counter on 37".
  std::string PublicActionString(Player player, Action action) const override;
  Json PublicStructuredAction(Player player, Action action) const override;
  // The turn's events the action caused: the card and where it went, the move, the counters
  // found and what they did (a placed counter's kind told only to its placer).
  std::string Story(const State& before, Player player, Action action, bool own) const override;
  // Scores: positions on the trail (the base camp counts as trail_length). Winners: the
  // expedition at the base camp; otherwise the furthest, ties broken by the distance each would
  // move next, then shared.
  PlayerSet Winners() const override;
};

// The game: GameBase over this state and the config (core/game_skeleton.h).
using KilimanjaroGame = KilimanjaroState::GameT;

// ---- Rules (kilimanjaro_rules.cc) --------------------------------------------------------------

// How far the three top cards of `player`'s piles move the expedition: all of one type, their
// sum; two of a type, the pair's sum; all different, the highest value.
int MoveDistance(const KiliData& d, int player);
int MoveDistance(int card_a, int card_b, int card_c);

// The village an expedition on `space` is sent back to: the nearest one strictly behind it
// (the start village, 0, for spaces up to the first village; the start itself stays at 0).
int VillageBehind(const Config& config, int space);

// True when a counter may be placed on `space`: on the trail, not a village, not on or next to
// another counter.
bool CanPlaceCounter(const Config& config, const KiliData& d, int space);

// The index in d.counters of the counter on `space`, or -1.
int CounterAt(const KiliData& d, int space);

// Deals the chance counters round-robin from seat 0 (a fresh shuffle by d.rng).
void DealCounters(const Config& config, KiliData& d);
// After the last counter is placed: shuffles the cards and gives everyone 3 piles and 3 hand
// cards; seat 0 begins.
void DealCards(const Config& config, KiliData& d);
// A new game (the data's Rng seeded): the counters dealt; with none to place, the cards too.
void SetUp(const Config& config, KiliData& d);

// ---- Text (kilimanjaro_view.cc) ----------------------------------------------------------------
std::string CardName(const Config& config, int card);  // "canoe 3"
const char* CounterName(CounterKind kind);             // "banana", "lion", "change"
const char* PhaseName(Phase phase);                    // "place", "play", ...

// ---- JSON (kilimanjaro_json.cc) ----------------------------------------------------------------
// After reading every described field: what no single field shows (GameBase::StateFromJson).
Result<void> CheckData(const Config& config, KiliData& d);
// The one description of the data's fields (core/describe.h), instantiated in the _json.cc.
template <class V, class D>
void Describe(V& v, D& d, const Config& c);

}  // namespace savanna::kilimanjaro
