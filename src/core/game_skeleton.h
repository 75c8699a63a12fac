// The skeleton every game shares (CRTP), so that a game writes only its rules, views and data
// description: StateBase supplies game(), config(), data access, the seeded constructor, Clone,
// CopyFrom, MoveNumber, ToJson and Hash (from the data's description) and the view header;
// GameBase supplies config(), the rollout policy, NewInitialState and the StateFromJson plumbing.
//
// A game provides (free functions looked up in its own namespace):
//   struct Data { ...; uint16_t move_number; Rng rng; };  trivially copyable, no allocation
//   void SetUp(const Config&, Data&);  deals a new game from data.rng (already seeded)
//   template <class V, class D> void Describe(V&, D&, const Config&);  core/describe.h;
//     declared in the state header, defined in <game>_json.cc, which instantiates it for
//     describe::JsonWriter and describe::Flattener<Hasher> (ToJson, Hash)
//   class FooState final : public StateBase<FooState, FooGame, Data> {
//    public:
//     using StateBase::StateBase;
//     SAVANNA_GAME_STATE_OVERRIDES;  // the rules, views and hidden information, defined by hand
//     bool IsTerminal() const override { ... }  // plus any optional override (Winners, ...)
//   };
//   class FooGame final : public GameBase<FooGame, FooState, Config, FooPolicy>
//     with static constexpr GameType::Dynamics kDynamics (GameBase's Type() reads it)
//     (FooPolicy: the game's RolloutPolicy, docs/rules/<game>.md "Heuristics"; GameBase holds it)
//   Result<Data> DataFromJson(const Config&, const Json&);  the validating reader
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <utility>

#include "core/check.h"
#include "core/describe.h"
#include "core/game.h"
#include "core/rollout_policy.h"
#include "core/state.h"

// The State overrides every game writes itself: its rules (turn structure, actions), its views,
// its observation tensor, its hidden information and its scores. One list, so that the five state
// classes do not each repeat it; a game declares its optional overrides (Winners,
// PublicActionString, ...) and IsTerminal (inline, it is on the playout path) beside it.
// Decision (docs/architecture.md, "The game skeleton"): a macro, because a base class cannot
// declare what its derived class defines, and these functions hold each game's own logic.
#define SAVANNA_GAME_STATE_OVERRIDES                                          \
  PlayerSet PlayersToAct() const override;                                    \
  void LegalActions(Player player, ActionList& out) const override;           \
  bool IsLegal(Player player, Action action) const override;                  \
  std::string ActionToString(Player player, Action action) const override;    \
  Json StructuredAction(Player player, Action action) const override;         \
  void ApplyUnchecked(Player player, Action action) override;                 \
  Json View(Player viewer) const override;                                    \
  std::string ViewText(Player viewer) const override;                         \
  void ObservationTensor(Player viewer, std::span<float> out) const override; \
  void DeterminizeInPlace(Player viewer, Rng& rng) override;                  \
  PlayerValues Scores() const override

namespace savanna {

template <class Derived, class GameT, class Data>
class StateBase : public State {
  static_assert(std::is_trivially_copyable_v<Data>, "a game's data copies as flat memory");

 public:
  StateBase(const GameT& game, const Data& data) : game_(&game), d_(data) {}
  // A new game: the state's Rng seeded with `seed`, then the game's SetUp(config, data).
  StateBase(const GameT& game, uint64_t seed) : game_(&game) {
    d_.rng.Seed(seed);
    SetUp(config(), d_);
  }

  const Game& game() const final { return *game_; }
  const auto& config() const { return game_->config(); }
  const Data& data() const { return d_; }
  Data& mutable_data() { return d_; }

  std::unique_ptr<State> Clone() const final {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
  // Allocation-free: one flat copy of the data.
  void CopyFrom(const State& other) final {
    SAVANNA_CHECK(typeid(other) == typeid(Derived));
    const auto& o = static_cast<const Derived&>(other);
    game_ = o.game_;
    d_ = o.d_;
  }
  int MoveNumber() const final { return int(d_.move_number); }
  // The full state and its hash, both from the game's Describe of its data.
  Json ToJson() const final { return describe::ToJson(d_, config()); }
  uint64_t Hash() const final { return describe::Hash(d_, config()); }

 protected:
  // The fields every view opens with: {"game", "viewer" (a seat or "spectator"), "phase",
  // "to_act": [seats]}; the game adds its own.
  Json ViewHeader(Player viewer, std::string_view phase) const {
    Json j;
    j["game"] = game_->name();
    j["viewer"] = viewer == kSpectator ? Json("spectator") : Json(viewer);
    j["phase"] = phase;
    Json to_act = Json::array();
    for (Player p : PlayersToAct()) to_act.push_back(p);
    j["to_act"] = std::move(to_act);
    return j;
  }

  const GameT* game_;
  Data d_;
};

template <class Derived, class StateT, class Config, class Policy>
class GameBase : public Game {
 public:
  GameBase(GameInfo info, Params params, Config config)
      : Game(std::move(info), std::move(params)), config_(std::move(config)) {}

  const Config& config() const { return config_; }
  // Derived::kDynamics (sequential or simultaneous decisions); the other fields keep GameType's
  // defaults, true of every game here: chance inside the state, imperfect information, returns
  // summing to 1 in [0, 1].
  GameType Type() const override { return GameType{.dynamics = Derived::kDynamics}; }
  // The game's heuristic rollout policy and evaluation (docs/rules/<game>.md, "Heuristics").
  const RolloutPolicy* rollout_policy() const final { return &policy_; }

  std::unique_ptr<State> NewInitialState(uint64_t seed) const final {
    return std::make_unique<StateT>(static_cast<const Derived&>(*this), seed);
  }
  // Reads the data with the game's DataFromJson(config, json), which checks every field.
  Result<std::unique_ptr<State>> StateFromJson(const Json& json) const final {
    auto data = DataFromJson(config_, json);
    if (!data) return tl::unexpected(data.error());
    return std::unique_ptr<State>(
        std::make_unique<StateT>(static_cast<const Derived&>(*this), *data));
  }

 private:
  Config config_;
  Policy policy_;
};

}  // namespace savanna
