// The conformance suite's driver (see conformance.h): options, runs and configurations.
#include "conformance/conformance.h"

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <set>
#include <string>

#include "conformance/game_checker.h"

namespace savanna::conformance {
namespace {

// The integer value of environment variable `name`, `fallback` when it is unset or empty.
Result<int> EnvInt(const char* name, int min, int fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  int value = 0;
  const char* end = text + std::char_traits<char>::length(text);
  auto [ptr, ec] = std::from_chars(text, end, value);
  if (ec != std::errc() || ptr != end || value < min)
    return Fail(ErrorCode::kInvalidArgument, std::string(name) + " must be an integer >= " +
                                                 std::to_string(min) + ", got '" + text + "'");
  return value;
}

// `kariba(players=3,variant=open)` -> `kariba_players_3_variant_open`.
std::string TestName(const std::string& spec) {
  std::string name;
  for (char c : spec) {
    const bool ok = std::isalnum(static_cast<unsigned char>(c));
    if (ok || (!name.empty() && name.back() != '_')) name += ok ? c : '_';
  }
  while (!name.empty() && name.back() == '_') name.pop_back();
  return name;
}

}  // namespace

Result<Options> OptionsFromEnvironment(int default_games) {
  Options options;
  options.games = default_games;
  auto games = EnvInt("SAVANNA_CONFORMANCE_GAMES", 1, options.games);
  if (!games) return tl::unexpected(games.error());
  options.games = *games;
  auto only = EnvInt("SAVANNA_CONFORMANCE_GAME", 0, options.only_game);
  if (!only) return tl::unexpected(only.error());
  options.only_game = *only;
  return options;
}

Report RunConformance(const GameRegistry& registry, const std::string& spec,
                      const Options& options) {
  Report report;
  auto game = registry.Create(spec);
  if (!game) {
    report.failures.push_back(spec + ": cannot create the game: " + game.error().message);
    return report;
  }
  const int first = options.only_game >= 0 ? options.only_game : 0;
  const int last = options.only_game >= 0 ? options.only_game + 1 : options.games;
  int failed_games = 0;
  for (int i = first; i < last; ++i) {
    GameChecker checker(registry, **game, options, i, report);
    ++report.games;
    if (!checker.Play() && ++failed_games >= options.max_failures) break;
  }
  if (failed_games == 0 && report.determinizations > 0 && report.varied_determinizations == 0)
    report.failures.push_back(
        spec + ": none of " + std::to_string(report.determinizations) +
        " determinizations differed from the true state (beyond \"rng\"): Determinize "
        "re-samples nothing, or the game hides nothing");
  return report;
}

std::vector<Configuration> Configurations(const std::vector<const GameRegistry*>& registries) {
  std::vector<Configuration> configs;
  std::set<std::string> names;
  for (const GameRegistry* registry : registries)
    for (const GameEntry& entry : registry->entries())
      for (const std::string& spec : registry->TestConfigurations(entry)) {
        std::string name = TestName(spec);
        for (int k = 2; !names.insert(name).second; ++k)
          name = TestName(spec) + "_" + std::to_string(k);
        configs.push_back({registry, spec, name,
                           entry.conformance_games > 0 ? entry.conformance_games : kDefaultGames});
      }
  return configs;
}

}  // namespace savanna::conformance