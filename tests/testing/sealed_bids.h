// sealed_bids: a tiny Goofspiel with simultaneous hidden bids. It exists to exercise the parts
// of the conformance suite that sequential games cannot (pending submissions, order
// independence) and to serve core tests as a small real game.
//
// Rules. 2-4 players each hold the cards 1..K (parameter `cards`, default 5). A prize deck
// 1..K is shuffled with the state's RNG. Each round the top prize is revealed and every player
// submits one card from hand with Apply(player, action); the bids stay hidden until all are
// in. The highest bid made by exactly one player wins the prize; if no bid is unique, nobody
// does and the prize is discarded. All bids are then revealed and discarded. After K rounds
// the score is the sum of the prizes won.
//
// Parameters: players (2..4, default 2), cards (1..13, default 5).
// Actions: id c - 1 bids card c, so NumDistinctActions() = K; strings are "bid <c>".
// Hidden information: the other players' pending bids and the order of the unrevealed prizes.
// Hands are public: every played card is revealed when its round resolves.
// Observation tensor (flat): viewer one-hot (players + 1, spectator last), round, prize on offer
// one-hot (K), prizes left (K bits), per resolved round the prize and each player's bid, each
// player's hand (K bits), submitted flags, scores, the viewer's own pending bid one-hot (K).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "core/registry.h"
#include "core/rng.h"
#include "core/state.h"

namespace savanna::testing {

inline constexpr int kSealedBidsMaxCards = 13;
inline constexpr int kSealedBidsMaxPlayers = 4;

// Deliberate bugs, so that the conformance suite's own test can show it catches them. Only
// that test builds a flawed game; SealedBidsEntry() and TestGames() are flawless.
enum class SealedBidsFlaw {
  kNone,
  kViewShowsPendingBids,     // View() shows every pending bid
  kViewShowsPrizeOrder,      // View() shows the order of the prize deck
  kLastSubmitterWinsTies,    // a tied round's prize goes to whoever submitted last
  kAcceptsCardsNotInHand,    // IsLegal() accepts any card
  kDeterminizeKeepsRng,      // DeterminizeInPlace() does not re-seed the RNG
  kDeterminizeOnlyReseeds,   // DeterminizeInPlace() re-samples no hidden value
  kDeterminizeFollowsOrder,  // DeterminizeInPlace() shuffles the prizes from their true order
  kLoadForgetsPending,       // StateFromJson() drops the pending bids
  kStructuredBidsAlike,      // StructuredAction() gives every bid the same form
  kTensorShowsPendingBids,   // ObservationTensor() encodes every pending bid
  kTensorWritesPastShape,    // ObservationTensor() writes one slot past its shape
  kTensorSkipsSlot,          // ObservationTensor() leaves its last slot as it found it
};

class SealedBidsGame;

class SealedBidsState final : public State {
 public:
  SealedBidsState(const SealedBidsGame& game, uint64_t seed);

  const Game& game() const override;
  std::unique_ptr<State> Clone() const override;
  void CopyFrom(const State& other) override;

  PlayerSet PlayersToAct() const override;
  bool IsTerminal() const override { return round_ == num_cards_; }
  int MoveNumber() const override { return move_number_; }

  void LegalActions(Player player, ActionList& out) const override;
  bool IsLegal(Player player, Action action) const override;
  std::string ActionToString(Player player, Action action) const override;
  Json StructuredAction(Player player, Action action) const override;
  void ApplyUnchecked(Player player, Action action) override;

  Json View(Player viewer) const override;
  std::string ViewText(Player viewer) const override;
  Json ToJson() const override;
  void ObservationTensor(Player viewer, std::span<float> out) const override;

  void DeterminizeInPlace(Player viewer, Rng& rng) override;
  PlayerValues Scores() const override;
  uint64_t Hash() const override;

  // Reads a document written by ToJson; every field is checked against the rules.
  static Result<std::unique_ptr<State>> FromJson(const SealedBidsGame& game, const Json& json);

 private:
  using Hand = uint16_t;  // bit c - 1 set while card c is in hand (a pending bid included)

  bool HasCard(Player p, int card) const { return (hands_[p] >> (card - 1)) & 1u; }
  // Scores the round once every bid is in; `last` submitted last (-1: unknown).
  void Resolve(Player last);
  SealedBidsFlaw flaw() const;

  const SealedBidsGame* game_;
  int num_players_;
  int num_cards_;
  int round_ = 0;        // rounds resolved; prizes_[round_] is the prize on offer
  int move_number_ = 0;  // submissions so far
  Rng rng_;
  std::array<int8_t, kSealedBidsMaxCards> prizes_{};  // the prize deck, top first
  std::array<Hand, kSealedBidsMaxPlayers> hands_{};
  std::array<int8_t, kSealedBidsMaxPlayers> pending_{};  // submitted card, 0 = none yet
  std::array<int16_t, kSealedBidsMaxPlayers> scores_{};
  // bids_[r][p]: the card player p played in resolved round r.
  std::array<std::array<int8_t, kSealedBidsMaxPlayers>, kSealedBidsMaxCards> bids_{};
};

class SealedBidsGame final : public Game {
 public:
  SealedBidsGame(GameInfo info, Params params, SealedBidsFlaw flaw = SealedBidsFlaw::kNone);

  int NumCards() const { return num_cards_; }
  SealedBidsFlaw flaw() const { return flaw_; }
  int NumDistinctActions() const override { return num_cards_; }
  int MaxGameLength() const override { return num_cards_ * NumPlayers(); }
  GameType Type() const override;
  std::vector<int> ObservationShape() const override;
  // Without the shape's vector: a net evaluation asks for it at every search's start.
  int ObservationSize() const override;
  std::unique_ptr<State> NewInitialState(uint64_t seed) const override;
  Result<std::unique_ptr<State>> StateFromJson(const Json& json) const override;

 private:
  int num_cards_;
  SealedBidsFlaw flaw_;
};

// The registry entry: name "sealed_bids", players 2..4, parameter `cards`.
GameEntry SealedBidsEntry(SealedBidsFlaw flaw = SealedBidsFlaw::kNone);

}  // namespace savanna::testing
