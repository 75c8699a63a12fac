// The registry of games: how a spec string becomes a Game. Core knows no game; the games layer
// fills a registry with one explicit line per game (src/games/registry.cc).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace savanna {

// Builds a game from resolved parameters; checks constraints between parameters.
using GameFactory = std::function<Result<std::shared_ptr<const Game>>(const Params&)>;

struct GameEntry {
  GameInfo info;
  GameFactory create;
  // Configurations the conformance suite runs besides the generated ones (see
  // GameRegistry::TestConfigurations), e.g. a non-default integer parameter.
  std::vector<std::string> extra_test_specs = {};
  // Random games per configuration in the conformance suite's normal run; 0: the suite's
  // default. For games whose games are long; SAVANNA_CONFORMANCE_GAMES overrides it.
  int conformance_games = 0;
};

class GameRegistry {
 public:
  void Add(GameEntry entry);
  const GameEntry* Find(std::string_view name) const;
  const std::vector<GameEntry>& entries() const { return entries_; }

  // `kariba(players=3,variant=open)` -> a game. Errors name the bad game or parameter.
  // The registry keeps every game it creates (one per canonical spec) for its own lifetime, so
  // states, which point at their game, stay valid however the caller holds the shared_ptr.
  // Thread-safe.
  Result<std::shared_ptr<const Game>> Create(std::string_view spec) const;
  // The same from a name and a JSON parameter object (state documents, records).
  Result<std::shared_ptr<const Game>> Create(std::string_view name, const Json& params) const;

  // Every player count crossed with every value of every choice and bool parameter (other
  // parameters at their defaults), keeping the combinations the game accepts, plus the entry's
  // extra specs. The conformance suite runs each of them.
  std::vector<std::string> TestConfigurations(const GameEntry& entry) const;

 private:
  Result<std::shared_ptr<const Game>> Build(const GameEntry& entry, Result<Params> params) const;
  struct GameCache {
    std::mutex mutex;
    std::map<std::string, std::shared_ptr<const Game>, std::less<>> games;
  };
  std::vector<GameEntry> entries_;
  std::unique_ptr<GameCache> cache_ = std::make_unique<GameCache>();
};

}  // namespace savanna
