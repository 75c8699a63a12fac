// The conformance suite: plays seeded random games of one game configuration and checks, step
// by step, every contract docs/design.md sets for the game API. It knows no test framework:
// RunConformance returns a report whose failures say how to reproduce them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/result.h"

namespace savanna::conformance {

// ---- What is checked, and how often ------------------------------------------------------
// Every step of every game (cheap): PlayersToAct() is non-empty exactly when the state is not
// terminal and holds only seats; MoveNumber() counts the actions and stays within
// MaxGameLength(); each player's legal actions are sorted, unique, in [0, NumDistinctActions())
// and non-empty exactly for the players to act; every legal action of every acting player
// applies through the checked Apply (on a copy); a few bad submissions (ids -1 and
// NumDistinctActions(), a random illegal id, a seat out of range, a player not to act) are
// rejected with Hash() unchanged.
// Every step also: a game whose Type() says sequential never has two players to act.
// The end of every game: scores, returns and winners agree and lie in Type()'s utility range; the
// same seed and actions replay to the same hash after every action. A fully checked step
// (expensive): action strings are unique and ParseAction reads them back; every illegal id of every
// seat is rejected with Hash() and ToJson() unchanged and IsLegal agrees; Clone and CopyFrom are
// equal and independent; ToJson -> text -> StateFromJson is identical and plays on identically;
// StateFromJson rejects a document missing a field or with a field of the wrong type, without
// throwing; for every viewer, View, ViewText and ObservationTensor (which must fill exactly
// ObservationShape(), every slot, nothing past it) are those of a Determinize(viewer) of the state,
// which re-seeds the RNG and keeps the turn and the viewer's options (one determinized state per
// step is also reloaded from JSON); no view shows the RNG; a pending simultaneous submission
// changes no other viewer's view and no other player's options; every order of the simultaneous
// submissions gives the same state; at a sequential step, actions that leave a viewer's view
// identical afterwards have the same PublicActionString (so a log names nothing the viewer cannot
// see) (at most kMaxPublicStringChecks such steps per
// configuration, kMaxPublicStringActions actions each). Fully checked are every step of the first
// kFullCheckGames games (whose records are also written, read and replayed) and about
// kSampledStepsPerGame random steps of each later game. Cost: a fully checked step is about 1 ms of
// CPU with 4 players (building and comparing view JSON), a sampled game a few microseconds a step,
// so kFullCheckGames is the knob to turn. It was lowered from 100 to 50 and then to 30 to keep CI
// under its hour (in Kap bis Kairo with 4 players the 50 fully checked games took 54% of the test's
// CPU time); the soak target plays far more of both.

// Random games per configuration in a normal test run (SAVANNA_CONFORMANCE_GAMES overrides).
inline constexpr int kDefaultGames = 5000;
// The first games of a configuration, checked in full at every step.
inline constexpr int kFullCheckGames = 30;
// The expected number of fully checked steps in each later game.
inline constexpr double kSampledStepsPerGame = 1.0;
// Determinizations compared per viewer at a fully checked step.
inline constexpr int kDeterminizationsPerViewer = 1;
// The public-string check: steps per configuration, and actions compared per step.
inline constexpr int kMaxPublicStringChecks = 300;
inline constexpr int kMaxPublicStringActions = 64;
// Up to this many simultaneous players every submission order is tried; beyond, kRandomOrders.
inline constexpr int kMaxPlayersForAllOrders = 4;
inline constexpr int kRandomOrders = 12;
// The master seed; game i of a configuration is played from DeriveSeed(kBaseSeed, i).
inline constexpr uint64_t kBaseSeed = 0x5a7a'44a5'2024'0001ULL;

struct Options {
  int games = kDefaultGames;
  int full_check_games = kFullCheckGames;
  double sampled_steps_per_game = kSampledStepsPerGame;
  uint64_t seed = kBaseSeed;
  // When >= 0, only this game index is played, fully checked (to reproduce a failure).
  int only_game = -1;
  // Run stops after this many failing games.
  int max_failures = 3;
};

// The defaults (`default_games` games per configuration), overridden by the environment:
// SAVANNA_CONFORMANCE_GAMES=N plays N games per configuration; SAVANNA_CONFORMANCE_GAME=I
// replays only game I with every check. Errors name the variable and its bad value.
Result<Options> OptionsFromEnvironment(int default_games = kDefaultGames);

struct Report {
  int games = 0;           // games played to the end (or to their first failure)
  int64_t steps = 0;       // actions applied
  int64_t full_steps = 0;  // steps that ran the full checks
  int64_t determinizations = 0;
  int64_t public_string_checks = 0;
  int64_t varied_determinizations = 0;  // differed from the true state beyond the RNG
  std::vector<std::string> failures;    // each names spec, game, seed, move, player, action
};

// Plays options.games random games of `spec` (a spec `registry` can create) and checks them.
// Besides per-game failures, a run fails when no determinization of any state ever differed
// from the true state (ignoring "rng"): Determinize re-samples nothing, or the configuration
// hides nothing at all (e.g. sealed_bids with one card), which is then no useful test case.
Report RunConformance(const GameRegistry& registry, const std::string& spec,
                      const Options& options);

// One configuration of one game, with a name usable as a test name ("kariba_players_3").
struct Configuration {
  const GameRegistry* registry = nullptr;
  std::string spec;
  std::string name;
  int games = kDefaultGames;  // random games in a normal run (GameEntry::conformance_games)
};

// Every TestConfigurations spec of every entry of every registry, names made unique.
std::vector<Configuration> Configurations(const std::vector<const GameRegistry*>& registries);

}  // namespace savanna::conformance
