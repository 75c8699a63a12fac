// `savanna games [--json]`: the registered games, their player counts and parameters.
#include <fmt/core.h>

#include <iostream>
#include <memory>

#include "cli/commands.h"

namespace savanna::cli {
namespace {

// The defaults in declaration order; an empty string parameter (a file not given) is left out.
std::string DefaultSpec(const GameInfo& info) {
  std::string spec;
  for (const auto& p : info.params) {
    const std::string value = ParamValueText(p.default_value);
    if (p.type == ParamType::kString && value.empty()) continue;
    spec += (spec.empty() ? "" : ",") + p.name + "=" + value;
  }
  return info.name + "(" + spec + ")";
}

int RunGames(const GameRegistry& games, bool json) {
  if (json) {
    Json list = Json::array();
    for (const auto& entry : games.entries()) list.push_back(entry.info.ToJson());
    PrintJson(list);
    return kExitOk;
  }
  size_t name_width = 4, title_width = 5;
  for (const auto& entry : games.entries()) {
    name_width = std::max(name_width, entry.info.name.size());
    title_width = std::max(title_width, entry.info.title.size());
  }
  std::cout << fmt::format("{:<{}}  {:<{}}  {:<7}  {}\n", "NAME", name_width, "TITLE", title_width,
                           "PLAYERS", "DEFAULTS");
  for (const auto& entry : games.entries()) {
    const GameInfo& info = entry.info;
    std::cout << fmt::format("{:<{}}  {:<{}}  {:<7}  {}\n", info.name, name_width, info.title,
                             title_width, fmt::format("{}-{}", info.min_players, info.max_players),
                             DefaultSpec(info));
  }
  for (const auto& entry : games.entries())
    PrintParamTable("\nParameters of " + entry.info.name + ":\n", entry.info.params);
  return kExitOk;
}

}  // namespace

void AddGamesCommand(CLI::App& app, Context& context) {
  auto [cmd, json] = AddSubcommand<bool>(
      app, context, "games", "List the games, their player counts and parameters", RunGames);
  cmd->add_flag("--json", *json,
                "Print [{\"name\",\"title\",\"min_players\",\"max_players\",\"params\"}] instead");
}

}  // namespace savanna::cli
