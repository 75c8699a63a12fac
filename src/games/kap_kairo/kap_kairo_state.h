// Vom Kap bis Kairo's state: plain data (KapKairoData, copied as flat memory) and the State
// interface over it. Rules in kap_kairo_rules.cc, views in kap_kairo_view.cc, JSON in
// kap_kairo_json.cc.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "core/game_skeleton.h"
#include "core/rng.h"
#include "games/kap_kairo/kap_kairo_game.h"

namespace savanna::kap_kairo {

enum class Phase : uint8_t {
  kBid,     // land purchase: every player without a pending bid submits one (simultaneous)
  kChoose,  // land purchase: in bid order, players take the revealed cards
  kBuild,   // track building: the current player builds or passes
  kOver,    // the game is over
};

enum class EndReason : uint8_t {
  kNone,
  kEighthLandscape,   // a player built their eighth landscape and won
  kNothingToAuction,  // [default] a land purchase found no card to reveal
};

// A stack of card ids; the top card is the last.
struct CardStack {
  std::array<uint8_t, kMaxCards> cards{};
  uint8_t size = 0;

  void Push(int card) { cards[size++] = uint8_t(card); }
  int Pop() { return cards[--size]; }
  bool Empty() const { return size == 0; }
};

// A player's landscape row in the order bought; cards[0..built) are built (turned over, the
// locomotive stands on the last of them), cards[built..size) are open.
struct Row {
  std::array<uint8_t, kMaxCards> cards{};
  uint8_t size = 0;
  uint8_t built = 0;

  bool HasOpen() const { return built < size; }
  int Front() const { return cards[built]; }  // the landscape in front of the locomotive
};

// The last resolved land purchase: public once every bid is in.
struct LastAuction {
  std::array<int16_t, kMaxSeats> bids{-1, -1, -1, -1};  // -1: no purchase resolved yet
  std::array<uint8_t, kMaxSeats> order{};               // the choosing order
  // Cards drawn to break ties of equal bid and capital, in drawing order.
  std::array<uint8_t, kMaxCards> draw_player{};
  std::array<uint8_t, kMaxCards> draw_card{};
  uint8_t draws = 0;
  bool by_lot = false;  // [default] a tie remained with no card left to draw: decided by lot
};

// The last build, for the views.
struct LastBuild {
  int8_t player = -1;  // -1: nobody has built yet
  uint8_t card = 0;
  uint8_t bonus_used = 0;
  uint8_t pounds_paid = 0;
  uint8_t bonus_to = 0;  // bit mask of the players who received a river bonus track
};

struct KapKairoData {
  CardStack pile;      // face down; its order is hidden from everybody
  CardStack discard;   // face up, public
  CardStack revealed;  // the build pool: cards revealed in the current build turn sequence
  std::array<uint8_t, kMaxSeats> auction{};  // cards up for purchase, in order of revealing
  uint8_t auction_size = 0;
  std::array<Row, kMaxSeats> rows{};
  // Derived, not part of the JSON (DeriveTracks sets them after reading): the tracks printed on
  // the build pool's cards, and on each row's open cards. The rules keep them as cards come
  // and go, so that FreeTracks is a sum of two numbers.
  uint8_t pool_tracks = 0;
  std::array<uint8_t, kMaxSeats> open_tracks{};
  // Bonus tracks: face-down cards whose faces nobody knows; spent from the end (last in).
  std::array<std::array<uint8_t, kMaxBonusTracks>, kMaxSeats> bonus{};
  std::array<uint8_t, kMaxSeats> bonus_count{};
  std::array<uint8_t, kMaxSeats> capital{};
  std::array<int16_t, kMaxSeats> pending{-1, -1, -1, -1};  // sealed bids, -1: none yet
  std::array<uint8_t, kMaxSeats> order{};                  // choosing order (kChoose)
  uint8_t choose_index = 0;                                // order[choose_index] chooses
  uint8_t current = 0;                                     // the deciding player (kBuild)
  bool reveal_failed = false;  // kBuild: the current player found no card to reveal
  Phase phase = Phase::kBid;
  EndReason end = EndReason::kNone;
  uint16_t move_number = 0;
  LastAuction last_auction;
  LastBuild last_build;
  Rng rng;
};

class KapKairoState final : public StateBase<KapKairoState, KapKairoData, Config> {
 public:
  using StateBase::StateBase;
  SAVANNA_GAME_STATE_OVERRIDES;
  void ReopenHiddenSubmissions(Player viewer) override;
  bool IsTerminal() const override { return d_.phase == Phase::kOver; }
  // A bid (the last one tells the auction's order), a card taken, a pass and the card then
  // turned up for the pool, a build with what it cost and paid, and the bonus tracks it gave.
  std::string Story(const State& before, Player player, Action action, bool own) const override;
  // Scores: landscapes built per player. Winners: the builder of the eighth landscape; if the
  // game ends because nothing is left to auction, the most landscapes built, then the most
  // pounds left, else shared.
  PlayerSet Winners() const override;
};

// The game: GameBase over this state and the config (core/game_skeleton.h).
using KapKairoGame = KapKairoState::GameT;

// ---- Rules (kap_kairo_rules.cc) ----------------------------------------------------------------

// Shuffles every card into the pile, gives each player the start capital and opens the first
// land purchase.
void SetUp(const Config& config, KapKairoData& d);

// Tracks that cost `player` nothing now: the build pool plus the player's own open landscapes
// (the one in front of the locomotive included).
inline int FreeTracks(const KapKairoData& d, int player) {
  return d.pool_tracks + d.open_tracks[player];
}
// Sets KapKairoData's pool_tracks and open_tracks from the pool and the rows.
void DeriveTracks(const Config& config, KapKairoData& d);
// Pounds a build spending `bonus` bonus tracks costs now, or -1 when it is not allowed (no open
// landscape, too many bonus tracks, or not enough capital). Inline: LegalActions asks it for
// every number of bonus tracks.
inline int BuildCost(const Config& config, const KapKairoData& d, int player, int bonus) {
  const Row& row = d.rows[player];
  if (!row.HasOpen() || bonus < 0 || bonus > d.bonus_count[player]) return -1;
  const int needed = config.terrain_of(row.Front()).tracks_needed;
  // "UnneededBonusTracksMayBeSpent": up to the tracks needed; pounds only for missing tracks.
  if (bonus > needed) return -1;
  const int missing = std::max(0, needed - FreeTracks(d, player) - bonus);
  const int pounds = missing * kPoundsPerTrack;
  return pounds <= d.capital[player] ? pounds : -1;
}
// True when no earlier auction slot holds an identical card (only such slots are offered).
bool IsFirstOfItsKind(const Config& config, const KapKairoData& d, int slot);

// ---- JSON (kap_kairo_json.cc) ------------------------------------------------------------------
const char* PhaseName(Phase phase);
const char* EndReasonName(EndReason reason);
// After reading every described field: what no single field shows (GameBase::StateFromJson).
Result<void> CheckData(const Config& config, KapKairoData& d);
// The one description of the data's fields (core/describe.h), instantiated in the _json.cc.
template <class V, class D>
void Describe(V& v, D& d, const Config& c);

}  // namespace savanna::kap_kairo
