// Vom Kap bis Kairo (Günter Burkhardt): players buy landscape cards in sealed all-pay auctions
// and lay track across them; the first to build eight landscapes wins. Rules:
// docs/rules/kap_kairo.md.
//
// Turn structure. A land purchase reveals one card per player; every player submits a sealed bid
// (simultaneous: Apply per seat, hidden until the last one is in, paid by everybody). The bids
// rank the players (higher bid, then less capital left, then drawn cards); in that order each
// takes one of the revealed cards to the end of their row. The track building phase follows:
// the player to decide reveals a card to the common build pool, then builds the landscape in
// front of their locomotive or passes to the left neighbour (seat + 1), who reveals one more.
// After a build the builder reveals again, unless some player has no open landscape left: then
// a new land purchase follows.
//
// Parameters:
//   players  2-4     seats (default 4)
//   data     a file  component data in the schema of data/kap_kairo/landscapes.json
//
// Action encoding (NumDistinctActions = 192):
//   0..180    bid: id = pounds bid (0 to the bidder's capital, which never exceeds 180);
//             "bid 25"
//   181..184  take auction card: id = 181 + slot in the auction row (identical cards: only the
//             first slot is offered); "take desert (2 tracks, 5 pounds)"
//   185       pass (a pass with nothing left to reveal ends the build phase); "pass"
//   186..191  build the landscape in front of the locomotive, spending b = id - 186 bonus
//             tracks (0-5). The free tracks (the build pool and the player's own open
//             landscape cards, which stay in the row) always count; the pounds paid follow:
//             10 per track still missing after the free tracks and the b bonus tracks. Which
//             pool or row cards are "used" changes nothing, so the whole payment is this one
//             choice. "build", "build paying 20 pounds", "build using 2 bonus tracks",
//             "build using 1 bonus track and 10 pounds"
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "core/game.h"
#include "core/game_skeleton.h"
#include "core/registry.h"
#include "core/rollout_policy.h"

namespace savanna::kap_kairo {

inline constexpr int kMinSeats = 2;
inline constexpr int kMaxSeats = 4;
inline constexpr int kMinCards = 8;
inline constexpr int kMaxCards = 64;
inline constexpr int kMaxTerrains = 8;
inline constexpr int kMaxTracksOnCard = 3;
inline constexpr int kMaxPoundsOnCard = 10;
inline constexpr int kMaxTracksNeeded = 20;

// Rule numbers of the text (sourced).
inline constexpr int kStartCapital = 100;
inline constexpr int kPoundsPerTrack = 10;
inline constexpr int kLandscapesToWin = 8;
inline constexpr int kMaxBonusTracks = 5;
// Capital only grows by building (at most 10 pounds a landscape, at most 8 landscapes).
inline constexpr int kMaxCapital = kStartCapital + kLandscapesToWin * kMaxPoundsOnCard;  // 180

inline constexpr Action kFirstBidAction = 0;
inline constexpr Action kFirstTakeAction = kMaxCapital + 1;                          // 181
inline constexpr Action kPassAction = kFirstTakeAction + kMaxSeats;                  // 185
inline constexpr Action kFirstBuildAction = kPassAction + 1;                         // 186
inline constexpr int kNumDistinctActions = kFirstBuildAction + kMaxBonusTracks + 1;  // 192

constexpr Action BidAction(int pounds) { return kFirstBidAction + pounds; }
constexpr Action TakeAction(int slot) { return kFirstTakeAction + slot; }
constexpr Action BuildAction(int bonus_tracks) { return kFirstBuildAction + bonus_tracks; }

struct Terrain {
  std::string name;
  int tracks_needed = 0;
  bool river = false;  // players waiting before it get bonus tracks
};

struct CardInfo {
  uint8_t terrain = 0;  // index into Config::terrains
  uint8_t tracks = 0;   // 0-3 tracks printed on the front
  uint8_t pounds = 0;   // 1-10 pounds earned by building it
};

// Everything fixed for one game: the parameters and the component data.
struct Config {
  int players = 4;
  int num_terrains = 0;
  std::array<Terrain, kMaxTerrains> terrains;
  int num_cards = 0;
  std::array<CardInfo, kMaxCards> cards{};

  const CardInfo& card(int id) const { return cards[id]; }
  const Terrain& terrain_of(int id) const { return terrains[cards[id].terrain]; }
  // "desert (2 tracks, 5 pounds)"
  std::string CardText(int id) const;

  // What the game reports of a configuration (core/game_skeleton.h).
  SAVANNA_GAME_CONFIG_FACTS;
};
inline int Config::NumDistinctActions() const { return kNumDistinctActions; }

// Reads component data (the schema of data/kap_kairo/landscapes.json) into `config`; `source`
// names the file in errors.
Result<void> LoadComponents(const Json& data, const std::string& source, Config& config);

// Game knowledge for search (kap_kairo_policy.cc; docs/rules/kap_kairo.md, "Heuristics"): bids by
// the value of the cards on offer, takes the most valuable card, builds when it is cheap; the
// evaluation counts landscapes built, tracks in hand and money. No measured playout preference:
// FunctionPolicy's defaults.
Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng);
PlayerValues EvaluatePosition(const State& state);
// The game's rollout policy (its registry entry hands it to GameBase).
inline const FunctionPolicy<ChooseRollout, EvaluatePosition> kPolicy{};

// The registry entry: info, parameters and factory.
GameEntry Entry();

}  // namespace savanna::kap_kairo
