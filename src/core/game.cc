// Game and GameInfo basics.
#include "core/game.h"

namespace savanna {

Json GameInfo::ToJson() const {
  Json j;
  j["name"] = name;
  j["title"] = title;
  j["min_players"] = min_players;
  j["max_players"] = max_players;
  Json p = Json::object();
  for (const auto& spec : params) p[spec.name] = spec.ToJson();
  j["params"] = std::move(p);
  return j;
}

Game::Game(GameInfo info, Params params)
    : info_(std::move(info)),
      params_(std::move(params)),
      num_players_(int(params_.Int("players"))) {}

int Game::ObservationSize() const {
  int size = 1;
  for (int d : ObservationShape()) size *= d;
  return size;
}

}  // namespace savanna
