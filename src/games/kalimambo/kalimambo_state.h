// Kalimambo's state: plain data (KalimamboData, copied as flat memory) and the State over it.
// The rules are free functions in kalimambo_rules.cc; views in kalimambo_view.cc.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "core/game_skeleton.h"
#include "core/rng.h"
#include "games/kalimambo/kalimambo_game.h"

namespace savanna::kalimambo {

// One figure's move in the last resolved round, for the views.
struct MoveEvent {
  uint8_t figure = 0;  // a seat, or Config::Kali()
  uint8_t from = 0;
  uint8_t to = 0;
  bool dung = false;   // the move ended on a heap
  uint8_t run = 0;     // spaces the rhino ran because this figure left; 0: no run
  uint8_t rammed = 0;  // the figure the rhino ran up to (when run > 0)
};

struct KalimamboData {
  std::array<uint8_t, kMaxFigures> pos{};   // space of each figure (seats, then Kali)
  uint8_t rhino = 0;                        // the rhino's space
  uint64_t heaps = 0;                       // bit s: a dung heap on space s
  std::array<uint16_t, kMaxSeats> hand{};   // bit v: card v not yet revealed (a pending one too)
  std::array<int8_t, kMaxSeats> pending{};  // the card submitted this round; -1: none yet
  uint8_t submitted = 0;                    // bit p: seat p has submitted (pending[p] >= 0)
  // Kali's cards in the order they are turned; [0, round) are revealed, the rest hidden.
  std::array<uint8_t, kMaxCards> kali_deck{};
  std::array<std::array<uint8_t, kMaxSeats>, kMaxCards> played{};  // played[r][seat]
  std::array<uint16_t, kMaxSeats> minus{};                         // minus points per seat
  uint8_t round = 0;                                               // rounds resolved
  uint8_t num_events = 0;                                          // moves in the last round
  std::array<MoveEvent, kMaxFigures> events{};
  uint16_t move_number = 0;
  Rng rng;
};

class KalimamboState final : public StateBase<KalimamboState, KalimamboData, Config> {
 public:
  using StateBase::StateBase;
  // Scores are minus points negated, so that the generic Winners (highest score) are the
  // players with the fewest minus points.
  SAVANNA_GAME_STATE_OVERRIDES;
  void ReopenHiddenSubmissions(Player viewer) override;
  // A card chosen; the submission that resolves the round tells the round: every card, every
  // move in order, the dung and the rhino's runs with the minus points each cost and whom.
  std::string Story(const State& before, Player player, Action action, bool own) const override;
  bool IsTerminal() const override { return d_.round >= config().num_cards; }
};

// The game: GameBase over this state and the config (core/game_skeleton.h).
using KalimamboGame = KalimamboState::GameT;

// ---- Rules (kalimambo_rules.cc) ----------------------------------------------------------------

// The set-up: the rhino, the explorers directly in front of it, Kali in front of them, the heaps,
// Kali's shuffled deck, full hands. What the config does not fix is drawn from d.rng.
void SetUp(const Config& config, KalimamboData& d);

// Turns Kali's card and moves every figure for the round whose cards are all in (d.pending).
void ResolveRound(const Config& config, KalimamboData& d);

// How far `space` is ahead of the rhino (1 = directly in front of it).
inline int Offset(const Config& config, const KalimamboData& d, int space) {
  const int o = space - d.rhino;
  return o < 0 ? o + config.track : o;
}

// ---- JSON (kalimambo_json.cc) ------------------------------------------------------------------

// A figure as JSON: the seat number, or "kali".
Json FigureJson(const Config& config, int figure);
Json EventsJson(const Config& config, const KalimamboData& d);
// Bits of `mask` (values or spaces) as an ascending JSON array.
Json MaskJson(uint64_t mask);
// After reading every described field: what no single field shows (GameBase::StateFromJson).
Result<void> CheckData(const Config& config, KalimamboData& d);
// The one description of the data's fields (core/describe.h), instantiated in the _json.cc.
template <class V, class D>
void Describe(V& v, D& d, const Config& c);

}  // namespace savanna::kalimambo
