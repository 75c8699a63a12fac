// `savanna agents [--json]`: the agent kinds, their parameters and defaults (as `games` lists the
// games), for writing `--agents` specs.
#include <fmt/core.h>

#include <iostream>
#include <memory>

#include "agents/agent.h"
#include "agents/level_agent.h"
#include "cli/commands.h"

namespace savanna::cli {
namespace {

int RunAgents(const GameRegistry&, bool json) {
  const std::vector<AgentInfo>& infos = AgentInfos();
  if (json) {
    Json list = Json::array();
    for (const AgentInfo& info : infos) {
      Json params = Json::array();
      for (const ParamSpec& p : info.params) {
        Json param = p.ToJson();
        param["name"] = p.name;
        params.push_back(std::move(param));
      }
      Json agent{{"name", info.name}, {"description", info.description}, {"params", params}};
      // A level also names the ismcts search it runs at its defaults (docs/agents.md's ladder
      // table is written from it).
      if (auto made = MakeAgent(info.name, 0); made) {
        if (const auto* level = dynamic_cast<const LevelAgent*>(made->get()))
          agent["search"] = level->SearchSpec();
      }
      list.push_back(std::move(agent));
    }
    PrintJson(list);
    return kExitOk;
  }
  size_t width = 4;
  for (const AgentInfo& info : infos) width = std::max(width, info.name.size());
  std::cout << fmt::format("{:<{}}  {}\n", "NAME", width, "DESCRIPTION");
  for (const AgentInfo& info : infos)
    std::cout << fmt::format("{:<{}}  {}\n", info.name, width, info.description);
  for (const AgentInfo& info : infos)
    if (!info.params.empty()) PrintParamTable("\nParameters of " + info.name + ":\n", info.params);
  return kExitOk;
}

}  // namespace

void AddAgentsCommand(CLI::App& app, Context& context) {
  auto [cmd, json] = AddSubcommand<bool>(
      app, context, "agents",
      "List the agents and their parameters (specs for --agents, e.g. ismcts(iters=500))",
      RunAgents);
  cmd->add_flag("--json", *json,
                "Print [{\"name\",\"description\",\"params\"}] instead (a level also has "
                "\"search\", the ismcts spec it runs)");
}

}  // namespace savanna::cli
