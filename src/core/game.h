// A game with its parameters resolved: creates initial states and loads saved ones. Also
// GameInfo, the static description the registry lists (name, title, players, parameters).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/observation.h"
#include "core/params.h"
#include "core/result.h"
#include "core/rollout_policy.h"
#include "core/state.h"

namespace savanna {

struct GameInfo {
  std::string name;   // the registered name used in specs: "kariba"
  std::string title;  // for people: "Kariba"
  int min_players = 0;
  int max_players = 0;
  // Sequential or simultaneous decisions: what Game::Type() reports for a game built on
  // GameBase (core/game_skeleton.h). Not listed by ToJson (the `games --json` contract).
  GameType::Dynamics dynamics = GameType::Dynamics::kSequential;
  std::vector<ParamSpec> params;  // always includes "players"
  // The version of the observation tensor's layout (State::ObservationTensor), the same for every
  // configuration: raised whenever the tensor of any configuration changes, so that a net trained
  // on the old layout is refused (docs/nets.md; the conformance suite pins each configuration's
  // tensors beside it).
  int observation_layout = 1;
  // The bytes of the net the game ships (data/<game>/net.bin, embedded), or empty when it ships
  // none. Read by the nets layer (src/nn/), never by the game.
  std::string_view net = {};

  // {"name", "title", "min_players", "max_players", "params": {name: spec}}.
  Json ToJson() const;
};

// A game's info whose player range (min_players, max_players) is the range of its "players"
// parameter, an integer that `params` lists first: the range is written once.
GameInfo MakeGameInfo(std::string name, std::string title, std::vector<ParamSpec> params,
                      GameType::Dynamics dynamics = GameType::Dynamics::kSequential);

class Game {
 public:
  Game(GameInfo info, Params params);
  virtual ~Game() = default;

  const GameInfo& info() const { return info_; }
  const Params& params() const { return params_; }
  const std::string& name() const { return info_.name; }
  // The canonical spec with every parameter: `kariba(animals=8,players=3,...)`.
  std::string Spec() const { return FormatSpec(info_.name, params_); }

  int NumPlayers() const { return num_players_; }
  // Action ids are dense in [0, NumDistinctActions()).
  virtual int NumDistinctActions() const = 0;
  // No game lasts more actions than this (the conformance suite checks it).
  virtual int MaxGameLength() const = 0;

  // ---- For learning code (core/observation.h, docs/python.md) ---------------------------
  // How this configuration unfolds: sequential or simultaneous, chance, information, utility.
  virtual GameType Type() const = 0;
  // The shape (row-major) of every observation tensor State::ObservationTensor writes; fixed
  // for a configuration. ObservationSize() is the product of its dimensions (the default computes
  // it from the shape, which allocates; a game overrides it where a net evaluation asks for it).
  virtual std::vector<int> ObservationShape() const = 0;
  virtual int ObservationSize() const;
  // GameInfo::observation_layout: what a net file records as its "layout" (docs/nets.md).
  int ObservationLayoutVersion() const { return info_.observation_layout; }
  // GameInfo::net: the shipped net file's bytes, or empty.
  std::string_view ShippedNet() const { return info_.net; }
  // This configuration with `players` players, every other parameter as it is: the family of
  // configurations one net covers (docs/nets.md). Errors name the parameter that does not allow
  // it (a player count out of range, or one the other parameters refuse). The default refuses
  // every count: a game that cannot make its siblings supports nets for its own count only (the
  // nets layer takes the game itself for that one).
  virtual Result<std::shared_ptr<const Game>> WithPlayers(int players) const;

  // A fresh game; every shuffle and draw follows from `seed`.
  virtual std::unique_ptr<State> NewInitialState(uint64_t seed) const = 0;
  // A playout policy for search agents, or null (the default): uniformly random playouts.
  virtual const RolloutPolicy* rollout_policy() const { return nullptr; }

  // Reads a state written by State::ToJson, checking every field against the rules' bounds;
  // errors name the field and the reason.
  virtual Result<std::unique_ptr<State>> StateFromJson(const Json& json) const = 0;

 private:
  GameInfo info_;
  Params params_;
  int num_players_;  // params_["players"], read once: hot paths ask for it
};

}  // namespace savanna
