// The skeleton every game shares, so that a game writes only its rules, views and data
// description: StateBase supplies game(), config(), data access, the seeded constructor, Clone,
// CopyFrom, MoveNumber, ToJson and Hash (from the data's description) and the view header;
// GameBase is the whole Game: config(), the config's facts, the rollout policy, NewInitialState
// and StateFromJson (from the description, then the game's own checks).
//
// A game provides (free functions looked up in its own namespace):
//   struct Config { ...; SAVANNA_GAME_CONFIG_FACTS; };  everything fixed for one game, with
//     what GameBase reports of it (defined in the game's .cc files; its GameInfo says whether
//     decisions are sequential or simultaneous)
//   struct Data { ...; uint16_t move_number; Rng rng; };  trivially copyable, no allocation
//   void SetUp(const Config&, Data&);  deals a new game from data.rng (already seeded)
//   template <class V, class D> void Describe(V&, D&, const Config&);  core/describe.h;
//     declared in the state header, defined in <game>_json.cc, which instantiates it with
//     SAVANNA_DESCRIBE_INSTANTIATIONS for the skeleton's visitors (ToJson, Hash, StateFromJson)
//   Result<void> CheckData(const Config&, Data&);  after reading: what no single field shows
//   class FooState final : public StateBase<FooState, Data, Config> {
//    public:
//     using StateBase::StateBase;
//     SAVANNA_GAME_STATE_OVERRIDES;  // the rules, views and hidden information, defined by hand
//     bool IsTerminal() const override { ... }  // plus any optional override (Winners, ...)
//   };
//   using FooGame = FooState::GameT;  the game: GameBase<FooState, Config>
//   inline const FunctionPolicy<...> kPolicy{};  the game's RolloutPolicy, docs/rules/<game>.md
//     "Heuristics", which the game's registry entry hands to GameBase
//   Result<void> Configure(const Params&, Config&);  the game's parameters and component data
//     into its Config (`players` already set), for GameEntryOf, which makes its registry entry
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "core/check.h"
#include "core/describe.h"
#include "core/game.h"
#include "core/registry.h"
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

// What every game's Config says about a configuration, which GameBase reports as the Game's: the
// number of distinct action ids, a bound on a game's length (actions), and the length of the
// observation tensor (a flat vector in every game here). One list, declared by each Config and
// defined in the game's .cc files (the same decision as SAVANNA_GAME_STATE_OVERRIDES).
#define SAVANNA_GAME_CONFIG_FACTS \
  int NumDistinctActions() const; \
  int MaxGameLength() const;      \
  int ObservationSize() const

// The explicit instantiations of a game's Describe (written in its <game>_json.cc) for the three
// visitors the skeleton derives from it: the JSON writer (ToJson), the hasher (Hash) and the
// validating reader (StateFromJson). Each <game>_json.cc names it once, in the game's namespace.
#define SAVANNA_DESCRIBE_INSTANTIATIONS(Data, Config)                                     \
  template void Describe(::savanna::describe::JsonWriter&, const Data&, const Config&);   \
  template void Describe(::savanna::describe::Flattener<::savanna::Hasher>&, const Data&, \
                         const Config&);                                                  \
  template void Describe(::savanna::describe::JsonReader&, Data&, const Config&)

namespace savanna {

template <class StateT, class Config>
class GameBase;

// CRTP: Derived is the game's state class; its game is GameBase over it and its Config (GameT).
template <class Derived, class Data, class Config>
class StateBase : public State {
  static_assert(std::is_trivially_copyable_v<Data>, "a game's data copies as flat memory");

 public:
  using DataType = Data;
  using GameT = GameBase<Derived, Config>;

  StateBase(const GameT& game, const Data& data) : game_(&game), d_(data) {}
  // A new game: the state's Rng seeded with `seed`, then the game's SetUp(config, data).
  StateBase(const GameT& game, uint64_t seed) : game_(&game) {
    d_.rng.Seed(seed);
    SetUp(config(), d_);
  }

  const Game& game() const final { return *game_; }
  const Config& config() const { return game_->config(); }
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

  // The view's "players": per seat an object {"seat": p} that fill(p, object) completes.
  template <class Fill>
  Json SeatsView(Fill&& fill) const {
    Json seats = Json::array();
    for (Player p = 0; p < game_->NumPlayers(); ++p) {
      Json seat = {{"seat", p}};
      fill(p, seat);
      seats.push_back(std::move(seat));
    }
    return seats;
  }

  const GameT* game_;
  Data d_;
};

// Runs checks(config, data) in order; the first failure is the result. For CheckData.
template <class Config, class Data, class... Check>
Result<void> CheckInOrder(const Config& config, const Data& data, Check... checks) {
  Result<void> result;
  (void)((result = checks(config, data)) && ...);
  return result;
}

// A game is GameBase over its state and config (FooState::GameT): what a Game reports about a
// configuration is its Config's to say (SAVANNA_GAME_CONFIG_FACTS), so no game writes a Game
// class of its own. `policy` (the game's kPolicy) must outlive the game; `configure` (its registry
// entry's) also makes the configurations of other player counts (WithPlayers).
template <class StateT, class Config>
class GameBase final : public Game {
 public:
  using ConfigType = Config;
  // The game's own configuration step (its registry entry's, GameEntryOf): sets the Config's
  // fields other than `players` from the parameters and the component data.
  using Configure = Result<void> (*)(const Params&, Config&);

  GameBase(GameInfo info, Params params, Config config, const RolloutPolicy& policy,
           Configure configure)
      : Game(std::move(info), std::move(params)),
        config_(std::move(config)),
        policy_(&policy),
        configure_(configure) {}

  // The configuration of `params`: a Config with `players` from the parameter, then `configure`
  // (its failure is this one's).
  static Result<std::shared_ptr<const Game>> Make(GameInfo info, const Params& params,
                                                  const RolloutPolicy& policy,
                                                  Configure configure) {
    Config config;
    config.players = int(params.Int("players"));
    if (auto configured = configure(params, config); !configured)
      return tl::unexpected(configured.error());
    return std::make_shared<const GameBase>(std::move(info), params, std::move(config), policy,
                                            configure);
  }

  const Config& config() const { return config_; }
  int NumDistinctActions() const override { return config_.NumDistinctActions(); }
  int MaxGameLength() const override { return config_.MaxGameLength(); }
  // GameInfo::dynamics (sequential or simultaneous decisions); the other fields keep GameType's
  // defaults, true of every game here: chance inside the state, imperfect information, returns
  // summing to 1 in [0, 1].
  GameType Type() const override { return GameType{.dynamics = info().dynamics}; }
  // Every game here writes a flat tensor of Config::ObservationSize() floats.
  std::vector<int> ObservationShape() const override { return {config_.ObservationSize()}; }
  int ObservationSize() const override { return config_.ObservationSize(); }
  // The game's heuristic rollout policy and evaluation (docs/rules/<game>.md, "Heuristics").
  const RolloutPolicy* rollout_policy() const override { return policy_; }

  std::unique_ptr<State> NewInitialState(uint64_t seed) const override {
    return std::make_unique<StateT>(*this, seed);
  }
  // The parameters with `players` replaced, checked against their declarations, then the game's
  // own factory (which checks the parameters together).
  Result<std::shared_ptr<const Game>> WithPlayers(int players) const override {
    Json values = params().ToJson();
    values["players"] = players;
    auto resolved = ResolveParamsJson(info().params, name(), values);
    if (!resolved) return tl::unexpected(resolved.error());
    return Make(info(), *resolved, *policy_, configure_);
  }
  // Reads every described field (describe::FromJson, errors naming the field), then the game's
  // CheckData(config, data) checks what no single field shows and derives what is not stored.
  Result<std::unique_ptr<State>> StateFromJson(const Json& json) const override {
    auto data = describe::FromJson<typename StateT::DataType>(json, config_);
    if (!data) return tl::unexpected(data.error());
    if (auto checked = CheckData(config_, *data); !checked) return tl::unexpected(checked.error());
    return std::unique_ptr<State>(std::make_unique<StateT>(*this, *data));
  }

 private:
  Config config_;
  const RolloutPolicy* policy_;
  Configure configure_;
};

// The registry entry of a game built on GameBase (GameT: FooState::GameT): `info`, and a factory
// that starts a Config with `players` from the "players" parameter, lets `configure` set the rest
// from the parameters and the component data (its failure is the factory's), and makes the game
// with `policy`, which must outlive it.
template <class GameT>
GameEntry GameEntryOf(GameInfo info,
                      Result<void> (*configure)(const Params&, typename GameT::ConfigType&),
                      const RolloutPolicy& policy, std::vector<std::string> extra_test_specs = {}) {
  GameFactory create = [info, configure,
                        &policy](const Params& params) -> Result<std::shared_ptr<const Game>> {
    return GameT::Make(info, params, policy, configure);
  };
  return {.info = std::move(info),
          .create = std::move(create),
          .extra_test_specs = std::move(extra_test_specs)};
}

}  // namespace savanna
