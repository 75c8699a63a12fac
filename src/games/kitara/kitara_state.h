// Kitara's state: plain data (KitaraData, copied as flat memory) and the State interface over it.
// The rules are free functions in kitara_rules.cc (turn and phases) and kitara_moves.cc (moves,
// attacks, retreats); views in kitara_view.cc; JSON in kitara_json.cc.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>

#include "core/game_skeleton.h"
#include "core/rng.h"
#include "games/kitara/kitara_game.h"

namespace savanna::kitara {

enum class Phase : uint8_t {
  kStart,       // set-up: the current player puts the 3 start warriors on a free start area
  kTake,        // the current player takes a card from the row
  kRecruit,     // the current player places the new card's figures, one at a time
  kMoveSource,  // the current player picks a group's area, or ends the move phase
  kMoveGroup,   // ... which figures of that area move
  kMoveBorder,  // ... which border they cross
  kRetreat,     // the attacked player picks among equally near areas (PlayersToAct: them)
  kDiscard,     // the current player picks a card to discard (more cards than food)
  kRemove,      // ... and removes one figure per figure symbol of the discarded card
  kOver,
};
inline constexpr int kNumPhases = 10;

using Figures = std::array<uint8_t, kKinds>;              // warriors, ruler animals, heroes
using TokenCounts = std::array<uint8_t, kMaxTokenKinds>;  // hero tokens by value index

inline int Total(const Figures& f) { return f[0] + f[1] + f[2]; }

// The figures of a "with ..." move action (207 + (w * 6 + a) * 4 + h, kitara_game.h).
inline Figures GroupFigures(Action action) {
  constexpr int kAnimalSpan = kFiguresPerKind[kAnimal] + 1;
  constexpr int kHeroSpan = kFiguresPerKind[kHero] + 1;
  const int g = action - kGroupAction;
  return {uint8_t(g / (kAnimalSpan * kHeroSpan)), uint8_t(g / kHeroSpan % kAnimalSpan),
          uint8_t(g % kHeroSpan)};
}

// [warriors, ruler animals, heroes] in views and state documents (kitara_json.cc).
Json FiguresJson(const Figures& f);

// At most one player has figures in an area: an attack drives the defender out, a retreat and
// a recruit go only to areas the player holds.
struct AreaState {
  int8_t owner = -1;  // -1: nobody's figures
  Figures figures{};
  bool operator==(const AreaState&) const = default;
};

// The last attack of the game, for the views (all public).
struct LastAttack {
  int8_t attacker = -1;  // -1: no attack yet
  int8_t defender = -1;
  uint8_t from = 0, area = 0;
  uint8_t size = 0;        // figures that attacked
  int8_t retreat_to = -1;  // -1 while the defender still chooses
  bool drew_token = false;
};

struct KitaraData {
  std::array<AreaState, kMaxAreas> areas{};
  // Derived from `areas`, not part of the JSON (DeriveHeld sets it after reading): bit a of
  // held[p] is set when p's figures stand in area a. Every change of an owner goes through
  // SetOwner, which keeps it.
  std::array<uint64_t, kMaxSeats> held{};
  std::array<Figures, kMaxSeats> supply{};  // figures beside the board
  // The deck, bottom first: deck[deck_size - 1] is the top card. Ordered by age (age 1 on top).
  std::array<uint8_t, kMaxDeckCards> deck{};
  uint8_t deck_size = 0;
  std::array<uint8_t, kRowSize> row{};  // row[0] lies next to the deck (the leftmost card)
  uint8_t row_size = 0;
  std::array<std::array<uint8_t, kMaxKingdom>, kMaxSeats> kingdom{};  // in the order taken
  std::array<uint8_t, kMaxSeats> kingdom_size{};
  std::array<uint8_t, kMaxDiscards> discards{};  // face up, in the order discarded
  uint8_t discard_size = 0;
  std::array<TokenCounts, kMaxSeats> tokens{};  // kept hero tokens (values hidden from others)
  TokenCounts drawn{};                          // drawn by the current player this turn
  TokenCounts bag{};
  std::array<int32_t, kMaxSeats> prosperity{};  // the prosperity track
  std::array<uint8_t, kMaxSeats> taken{};       // cards taken so far
  Phase phase = Phase::kStart;
  uint8_t current = 0;     // the player whose turn it is (or who places start warriors)
  uint8_t round = 0;       // 0 during set-up, then 1, 2, ...; a round is one turn per seat
  uint8_t last_round = 0;  // 0 until an age-5 card is revealed; then the game's final round
  // Progress within a turn.
  uint16_t moves_left = 0;
  uint8_t source = 0;  // kMoveGroup, kMoveBorder: the group's area
  Figures group{};     // kMoveBorder: the moving figures
  Figures recruit{};   // kRecruit: figures of the new card still to place
  uint8_t to_discard = 0;
  Figures remove{};  // kRemove: figures still to remove for the discarded card
  // kRetreat: the driven-out figures, off the board until their owner picks the area.
  int8_t retreat_player = -1;
  uint8_t retreat_from = 0;
  Figures retreat_figures{};
  LastAttack last_attack;
  uint32_t move_number = 0;
  Rng rng;
};

class KitaraState final : public StateBase<KitaraState, KitaraData, Config> {
 public:
  using StateBase::StateBase;
  SAVANNA_GAME_STATE_OVERRIDES;
  bool IsTerminal() const override { return d_.phase == Phase::kOver; }
  PlayerSet Winners() const override;
  // The action in words (a card by its age and symbols, an area by its type and name), then
  // what followed without a choice: an attack's outcome, the turn's score and the hero token
  // kept (its value told to its keeper only), the cards that cannot be fed, and at the end of a
  // round every player's points.
  std::string Story(const State& before, Player player, Action action, bool own) const override;
};

// The game: GameBase over this state and the config (core/game_skeleton.h).
using KitaraGame = KitaraState::GameT;

// ---- Rules (kitara_rules.cc) -------------------------------------------------------------------

// Stacks the deck by age (each age shuffled, age 1 on top), reveals the row, fills the bag and
// hands out the start cards; set-up placement begins with seat 0.
void SetUp(const Config& config, KitaraData& d);

// The player who owes the next action (the defender during a retreat).
int Actor(const KitaraData& d);

// Per-phase legality and application (the player is Actor(d)). AppendLegal lists the legal
// actions in order, stopping once `limit` are listed: telling whether a decision has a single
// option (ApplyAction's forced decisions) needs only two.
void AppendLegal(const Config& config, const KitaraData& d, ActionList& out,
                 int limit = ActionList::kCapacity);
bool IsLegalNow(const Config& config, const KitaraData& d, Action action);
// Applies a legal action, then every forced decision that follows (one legal option only).
void ApplyAction(const Config& config, KitaraData& d, Action action);

// Final points: prosperity track + hero tokens + 2 per kingdom card.
int FinalScore(const Config& config, const KitaraData& d, int player);
int TokenCount(const TokenCounts& tokens);
int TokenValue(const Config& config, const TokenCounts& tokens);

// Symbols of one kind over a kingdom: KingdomSymbols(config, d, p, &Card::moves) counts p's
// move symbols.
int KingdomSymbols(const Config& config, const KitaraData& d, int player, uint8_t Card::*symbol);
// Savannas held with at least one warrior: the cards the kingdom can feed.
int FoodCapacity(const Config& config, const KitaraData& d, int player);
// Kingdom cards that must be fed (all but the no-feed cards).
int HungryCards(const Config& config, const KitaraData& d, int player);
// Number of cards the take phase may choose from: the take symbols, at least 1, at most the row.
int TakeChoices(const Config& config, const KitaraData& d);

// ---- Movement (kitara_moves.cc) ----------------------------------------------------------------

// Makes `owner` (-1: nobody) the owner of `area`, keeping KitaraData::held.
inline void SetOwner(KitaraData& d, int area, int owner) {
  const uint64_t bit = uint64_t(1) << area;
  if (d.areas[area].owner >= 0) d.held[d.areas[area].owner] &= ~bit;
  if (owner >= 0) d.held[owner] |= bit;
  d.areas[area].owner = int8_t(owner);
}
// Sets KitaraData::held from the areas' owners (after reading a state, or building one).
void DeriveHeld(const Config& config, KitaraData& d);
// Whether `player` holds two areas or more: only then may one of them be attacked.
inline bool HoldsSeveralAreas(const KitaraData& d, int player) {
  return (d.held[player] & (d.held[player] - 1)) != 0;
}
// The smallest group that may leave `area` for some neighbour (0: none can).
int MinGroupSize(const Config& config, const KitaraData& d, int player, int area);
// Whether a group of `size` figures of `player` may enter `to` (own, empty, or attackable).
bool MayEnter(const KitaraData& d, int player, int to, int size);
// The areas `player` holds nearest to `from` (never across a lake).
uint64_t NearestHeld(const Config& config, const KitaraData& d, int player, int from);

void AppendMoveLegal(const Config& config, const KitaraData& d, ActionList& out, int limit);
bool IsMoveLegal(const Config& config, const KitaraData& d, Action action);
// The move phase's steps (the caller settles forced decisions after each): a group's area or
// the end of the moves; the crossing into `to` (an enemy area: an attack); the attacked
// player's retreat to `to`.
void ChooseSource(const Config& config, KitaraData& d, Action action);
void Cross(const Config& config, KitaraData& d, int to);
void Retreat(const Config& config, KitaraData& d, int to);
// Called when the move phase is over (rules: scoring and managing follow).
void EndMovePhase(const Config& config, KitaraData& d);

// ---- JSON (kitara_json.cc) ---------------------------------------------------------------------
const char* PhaseName(Phase phase);
const char* KindName(int kind);  // "warrior", "animal", "hero"
// After reading every described field: what no single field shows (GameBase::StateFromJson).
Result<void> CheckData(const Config& config, KitaraData& d);
// The one description of the data's fields (core/describe.h), instantiated in the _json.cc.
template <class V, class D>
void Describe(V& v, D& d, const Config& c);

// ---- Text (kitara_view.cc) ---------------------------------------------------------------------
// "D1 W1 M1 (age 2)"; the start card reads "D2 W3 M2 (start card)".
std::string CardText(const Config& config, int card);
// In words: "an age-2 card (1 take, 1 warrior, 2 moves)"; "the start card (...)".
std::string CardWords(const Config& config, int card);

}  // namespace savanna::kitara
