// The internals of the conformance suite: GameChecker plays one seeded random game and checks
// every contract at each step. Cheap and end-of-game checks are in game_checker.cc, the full
// checks of sampled steps in full_checks.cc.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "conformance/conformance.h"
#include "core/action_list.h"
#include "core/rng.h"
#include "core/state.h"

namespace savanna::conformance {

// A short description of how `actual` differs from `expected` (a JSON patch, truncated).
std::string JsonDiff(const Json& expected, const Json& actual);

class GameChecker {
 public:
  // Game `index` of a run; `report` collects the counts and failures of the whole run.
  GameChecker(const GameRegistry& registry, const Game& game, const Options& options, int index,
              Report& report);

  // Plays the game to its end; false (with a failure in the report) at the first broken rule.
  bool Play();

 private:
  bool Fail(const std::string& what);
  std::unique_ptr<State> Load(const Json& json, std::string* error);
  // Cheap checks, every step.
  bool CheckTurn();
  bool CheckEveryLegalApplies();
  bool CheckQuickIllegal();
  // Submits `a` for `p` to `s`, which must reject it and keep Hash() == hash_.
  bool Reject(State& s, Player p, Action a, const std::string& what);
  // Full checks.
  bool CheckFull();
  bool CheckStrings();
  bool CheckStructuredActions();
  bool CheckIllegalSweep();
  bool CheckClone();
  bool CheckJson();
  bool CheckCorruptJson();
  bool CheckViews();
  bool CheckDeterminizationIgnoresTruth(Player viewer, const State& other);
  bool CheckSubmissionSecrecy();
  bool CheckOrderIndependence();
  bool CheckPublicStrings();
  // The observation tensor and the game type (tensor_checks.cc).
  bool CheckShape();
  // Writes `viewer`'s tensor of `s` into `out`, checking that it fills exactly its shape.
  bool Observe(const State& s, Player viewer, std::vector<float>& out);
  bool CheckTensorOfDeterminization(const State& det, Player viewer,
                                    const std::vector<float>& truth);
  bool CheckTypeOnTurn();
  bool CheckTypeAtEnd();
  // At the end of the game.
  bool CheckEnd();
  bool CheckReplay();
  bool CheckRecord();

  const GameRegistry& registry_;
  const Game& game_;
  Report& report_;
  const int index_;
  const uint64_t seed_;
  Rng play_rng_;   // chooses the moves: the game's course never depends on which checks run
  Rng check_rng_;  // every random choice of the checks
  const bool full_game_;
  double full_step_probability_ = 0;
  bool failed_ = false;  // a failure was reported

  std::unique_ptr<State> state_, scratch_;
  std::array<ActionList, kMaxPlayers> legal_;  // per player, at the current step
  uint64_t hash_ = 0;                          // state_->Hash() at the current step
  Json full_json_;                             // state_->ToJson() at a fully checked step
  uint64_t applied_hash_ = 0;                  // the hash after the chosen move (CheckClone)
  Player player_ = kSpectator;                 // the chosen move, kInvalidAction at the end
  Action action_ = kInvalidAction;
  std::string action_text_;
  std::vector<std::pair<Player, Action>> moves_;
  std::vector<std::string> move_texts_;
  std::vector<uint64_t> hashes_;  // before the first move and after each
  int tensor_size_ = 0;           // game_.ObservationSize()
  std::vector<float> tensor_, det_tensor_, tensor_buffer_;
};

}  // namespace savanna::conformance
