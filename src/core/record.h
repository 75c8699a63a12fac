// Game records and state documents: the two ways a game leaves the process.
// A record is {format, game, params, seed, seats, actions: [{player, action}], result}; replaying
// it from the seed reproduces every state exactly. A state document is {game, params, state}:
// one full state (RNG included), as `savanna new` prints and `savanna step` reads.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/registry.h"

namespace savanna {

struct RecordedAction {
  Player player = 0;
  std::string action;  // the action's string, as State::ActionToString gave it
  bool operator==(const RecordedAction&) const = default;
};

struct GameRecord {
  static constexpr int kFormat = 1;

  std::string game;
  Json params = Json::object();
  uint64_t seed = 0;
  std::vector<std::string> seats;  // per seat: an agent spec or "human"
  std::vector<RecordedAction> actions;
  Json result;  // ResultJson of the final state, or null while the game is unfinished

  Json ToJson() const;
  // Validates the format version and every field's type; errors name the field.
  static Result<GameRecord> FromJson(const Json& json);
};

// {"scores": [...], "returns": [...], "winners": [...]} of a terminal state, else null.
Json ResultJson(const State& state);

struct LoadedState {
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> state;
};

// Replays `record` from its seed. `on_step(i, state)` (optional) sees the state after action i.
// Fails, naming the action's index, if an action does not parse or apply, or if the record's
// stored result differs from the replayed one.
Result<LoadedState> Replay(const GameRegistry& registry, const GameRecord& record,
                           const std::function<void(size_t, const State&)>& on_step = {});

Json StateDocument(const State& state);
Result<LoadedState> LoadStateDocument(const GameRegistry& registry, const Json& document);

}  // namespace savanna
