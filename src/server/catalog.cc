// The catalogue a client reads (games, agents) and the one check of a game spec from a client.
#include "server/catalog.h"

#include "agents/agent.h"

namespace savanna::server {

Json GamesJson(const GameRegistry& games) {
  Json list = Json::array();
  for (const GameEntry& entry : games.entries()) list.push_back(entry.info.ToJson());
  return list;
}

Json AgentsJson() {
  Json agents = Json::array();
  for (const AgentInfo& info : AgentInfos()) {
    Json params = Json::object();
    for (const ParamSpec& param : info.params) params[param.name] = param.ToJson();
    agents.push_back({{"name", info.name}, {"description", info.description}, {"params", params}});
  }
  return agents;
}

ApiResult<std::shared_ptr<const Game>> ClientGame(const GameRegistry& games,
                                                  const std::string& text) {
  auto spec = ParseSpec(text);
  if (!spec) return tl::unexpected(FromError(spec.error()));
  if (const GameEntry* entry = games.Find(spec->name))
    for (const auto& [key, value] : spec->args)
      for (const ParamSpec& param : entry->info.params)
        if (param.name == key && param.type == ParamType::kString)
          return ApiFail(400, "bad_request",
                         "parameter '" + key +
                             "' names a file on the server and cannot be set over the network");
  auto game = games.Create(text);
  if (!game) return tl::unexpected(FromError(game.error()));
  return *game;
}

}  // namespace savanna::server
