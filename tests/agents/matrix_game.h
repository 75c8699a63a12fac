// A one-shot two-player matrix game for the tests of regret matching (regret_matching_test.cc):
// both players choose at once, then the game ends; player 0 receives payoff[row][column] (in
// [0, 1], its row its own choice), player 1 the rest. Zero-sum in the search's values, so a
// known mixed equilibrium can be written down. Test-only and not registered: the conformance
// suite does not run it, and its views and loading are minimal.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/check.h"
#include "core/game.h"
#include "core/hash.h"
#include "core/state.h"

namespace savanna::testing {

class MatrixGame;

class MatrixState final : public State {
 public:
  explicit MatrixState(const MatrixGame& game) : game_(&game) {}
  const Game& game() const override;
  std::unique_ptr<State> Clone() const override { return std::make_unique<MatrixState>(*this); }
  void CopyFrom(const State& other) override { *this = dynamic_cast<const MatrixState&>(other); }

  PlayerSet PlayersToAct() const override {
    PlayerSet set;
    for (Player p = 0; p < 2; ++p)
      if (choice_[p] < 0) set.Insert(p);
    return set;
  }
  bool IsTerminal() const override { return choice_[0] >= 0 && choice_[1] >= 0; }
  int MoveNumber() const override { return (choice_[0] >= 0) + (choice_[1] >= 0); }
  void LegalActions(Player player, ActionList& out) const override;
  std::string ActionToString(Player /*player*/, Action action) const override {
    return "choice " + std::to_string(action);
  }
  Json StructuredAction(Player /*player*/, Action action) const override {
    return {{"kind", "choice"}, {"index", action}};
  }
  void ApplyUnchecked(Player player, Action action) override { choice_[player] = int(action); }

  Json View(Player /*viewer*/) const override { return {{"game", "matrix"}}; }
  std::string ViewText(Player /*viewer*/) const override { return "matrix"; }
  Json ToJson() const override { return {{"choices", {choice_[0], choice_[1]}}}; }
  void ObservationTensor(Player /*viewer*/, std::span<float> out) const override {
    for (float& x : out) x = 0;
  }
  // The only hidden thing: another player's submitted choice, re-drawn uniformly.
  void DeterminizeInPlace(Player viewer, Rng& rng) override;
  PlayerValues Scores() const override;
  PlayerValues Returns() const override { return Scores(); }
  uint64_t Hash() const override {
    Hasher h;
    h.Add(uint64_t(choice_[0] + 1));
    h.Add(uint64_t(choice_[1] + 1));
    return h.Finish();
  }

 private:
  const MatrixGame* game_;
  int choice_[2] = {-1, -1};
};

class MatrixGame final : public Game {
 public:
  // payoff[row][column]: player 0's value when it plays `row` and player 1 plays `column`.
  explicit MatrixGame(std::vector<std::vector<double>> payoff)
      : Game(Info(), TwoPlayers()), payoff_(std::move(payoff)) {}

  int Rows() const { return int(payoff_.size()); }
  int Columns() const { return int(payoff_[0].size()); }
  double Payoff(int row, int column) const { return payoff_[size_t(row)][size_t(column)]; }

  int NumDistinctActions() const override { return std::max(Rows(), Columns()); }
  int MaxGameLength() const override { return 2; }
  GameType Type() const override {
    return GameType{.dynamics = GameType::Dynamics::kSimultaneous,
                    .chance = GameType::Chance::kDeterministic,
                    .information = GameType::Information::kImperfect};
  }
  std::vector<int> ObservationShape() const override { return {1}; }
  std::unique_ptr<State> NewInitialState(uint64_t /*seed*/) const override {
    return std::make_unique<MatrixState>(*this);
  }
  Result<std::unique_ptr<State>> StateFromJson(const Json& /*json*/) const override {
    return Fail(ErrorCode::kBadData, "matrix: loading is not supported");
  }

 private:
  static GameInfo Info() {
    GameInfo info;
    info.name = "matrix";
    info.title = "Matrix game";
    info.min_players = info.max_players = 2;
    info.dynamics = GameType::Dynamics::kSimultaneous;
    return info;
  }
  static Params TwoPlayers() {
    Params params;
    params.Set("players", int64_t(2));
    return params;
  }

  std::vector<std::vector<double>> payoff_;
};

inline const Game& MatrixState::game() const { return *game_; }

inline void MatrixState::LegalActions(Player player, ActionList& out) const {
  out.Clear();
  if (choice_[player] >= 0) return;
  const int count = player == 0 ? game_->Rows() : game_->Columns();
  for (int a = 0; a < count; ++a) out.PushBack(a);
}

inline void MatrixState::DeterminizeInPlace(Player viewer, Rng& rng) {
  const Player other = 1 - viewer;
  if (viewer >= 0 && choice_[other] >= 0)
    choice_[other] = int(rng.Below(uint32_t(other == 0 ? game_->Rows() : game_->Columns())));
}

inline PlayerValues MatrixState::Scores() const {
  PlayerValues v{};
  if (!IsTerminal()) return v;
  v[0] = game_->Payoff(choice_[0], choice_[1]);
  v[1] = 1 - v[0];
  return v;
}

}  // namespace savanna::testing
