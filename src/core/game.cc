// Game and GameInfo basics.
#include "core/game.h"

#include "core/check.h"

namespace savanna {

Json GameInfo::ToJson() const {
  Json by_name = Json::object();
  for (const auto& spec : params) by_name[spec.name] = spec.ToJson();
  return {{"name", name},
          {"title", title},
          {"min_players", min_players},
          {"max_players", max_players},
          {"params", std::move(by_name)}};
}

GameInfo MakeGameInfo(std::string name, std::string title, std::vector<ParamSpec> params,
                      GameType::Dynamics dynamics) {
  SAVANNA_CHECK_MSG(
      !params.empty() && params[0].name == "players" && params[0].type == ParamType::kInt,
      name + ": the first parameter must be the integer \"players\"");
  const int min_players = int(params[0].min_int), max_players = int(params[0].max_int);
  return {.name = std::move(name),
          .title = std::move(title),
          .min_players = min_players,
          .max_players = max_players,
          .dynamics = dynamics,
          .params = std::move(params)};
}

Game::Game(GameInfo info, Params params)
    : info_(std::move(info)),
      params_(std::move(params)),
      num_players_(int(params_.Int("players"))) {}

Result<std::shared_ptr<const Game>> Game::WithPlayers(int players) const {
  return Fail(ErrorCode::kInvalidArgument,
              name() + ": cannot make the configuration with players=" + std::to_string(players));
}

int Game::ObservationSize() const {
  int size = 1;
  for (int d : ObservationShape()) size *= d;
  return size;
}

}  // namespace savanna
