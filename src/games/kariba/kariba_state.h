// Kariba's state: plain data (KaribaData, copied as flat memory) and the State interface over it.
// The rules are free functions in kariba_rules.cc; the views in kariba_view.cc.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "core/game_skeleton.h"
#include "core/rng.h"
#include "games/kariba/kariba_game.h"

namespace savanna::kariba {

enum class Phase : uint8_t {
  kPlay,      // the current player plays cards of one animal
  kDraw,      // open variant: the current player picks where each card is drawn from
  kGameOver,  // the match is over
};

// Counts of cards by animal value (index 0 unused).
using AnimalCounts = std::array<uint8_t, kMaxAnimals + 1>;

// The last play, for the views: who played what and what was chased.
struct LastPlay {
  int8_t player = -1;  // -1: no play yet in this game
  uint8_t animal = 0;
  uint8_t count = 0;
  uint8_t chased = 0;    // animal chased away, 0 if none
  uint8_t captured = 0;  // cards won
};

struct KaribaData {
  std::array<uint8_t, kMaxCards> deck{};  // deck[0..deck_size); the top card is the last
  uint8_t deck_size = 0;
  std::array<AnimalCounts, kMaxSeats> hand{};
  // The part of each hand every player knows: cards taken from the face-up display, less what
  // that player has played of the animal since.
  std::array<AnimalCounts, kMaxSeats> known{};
  AnimalCounts waterhole{};
  std::array<AnimalCounts, kMaxSeats> pile{};   // score piles of the current game, by animal
  std::array<uint8_t, kDisplaySize> display{};  // open variant: face-up animals, 0 = empty slot
  std::array<std::array<uint16_t, kMaxSeats>, kMaxGames> finished{};  // scores of past games
  uint8_t game_index = 0;  // games finished so far in the match
  uint8_t starter = 0;     // seat that started the current game
  uint8_t current = 0;     // seat to act
  Phase phase = Phase::kPlay;
  uint16_t move_number = 0;
  LastPlay last;
  Rng rng;
};

class KaribaState final : public StateBase<KaribaState, KaribaData, Config> {
 public:
  using StateBase::StateBase;
  SAVANNA_GAME_STATE_OVERRIDES;
  bool IsTerminal() const override { return d_.phase == Phase::kGameOver; }
  std::string Story(const State& before, Player player, Action action, bool own) const override;
};

// The game: GameBase over this state and the config (core/game_skeleton.h).
using KaribaGame = KaribaState::GameT;

// ---- Rules (kariba_rules.cc) -------------------------------------------------------------------

// Shuffles all cards, deals the hands (and the display in the open variant) and lets `starter`
// begin. Keeps the match history (finished, game_index).
void DealGame(const Config& config, KaribaData& d, int starter);
// A new match (the data's Rng seeded): seat 0 starts the first game.
inline void SetUp(const Config& config, KaribaData& d) { DealGame(config, d, 0); }

// The animal that `animal`, just played, chases away now (0 if none): requires at least 3 of
// `animal` at the waterhole.
// Inline: it runs at every play of every playout, in the rules and in the policy's threat check.
inline int ChaseTarget(const Config& config, const AnimalCounts& waterhole, int animal) {
  if (waterhole[animal] < 3) return 0;
  // The mouse chases only the strongest animal (the elephant; with animals=9 the ninth).
  if (animal == 1) return waterhole[config.animals] > 0 ? config.animals : 0;
  if (config.chase == ChaseRule::kAdjacent) return waterhole[animal - 1] > 0 ? animal - 1 : 0;
  for (int weaker = animal - 1; weaker >= 1; --weaker)
    if (waterhole[weaker] > 0) return weaker;
  return 0;
}

// The number of cards in a hand (or a pile).
inline int HandSize(const AnimalCounts& hand) {
  int n = 0;
  for (uint8_t c : hand) n += c;
  return n;
}
inline int PileSize(const AnimalCounts& pile) { return HandSize(pile); }

// ---- JSON (kariba_json.cc) ---------------------------------------------------------------------
// Counts for animals 1..animals as a JSON array (entry 0 is animal 1).
Json CountsJson(const Config& config, const AnimalCounts& counts);
// "play", "draw" or "over".
const char* PhaseName(Phase phase);
// After reading every described field: what no single field shows (GameBase::StateFromJson).
Result<void> CheckData(const Config& config, KaribaData& d);
// The one description of the data's fields (core/describe.h), instantiated in the _json.cc.
template <class V, class D>
void Describe(V& v, D& d, const Config& c);

}  // namespace savanna::kariba
