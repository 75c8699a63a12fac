// `savanna bench [SPEC...] [--seconds S] [--search AGENT] [--json]`: speed figures of games through
// the State API, as a table or (--json) as one JSON document on stdout with the table on stderr.
#include <fmt/core.h>

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "cli/commands.h"
#include "sim/benchmark.h"

namespace savanna::cli {
namespace {

struct BenchOptions {
  std::vector<std::string> specs;
  std::string seconds = "0.5";
  std::string search{kBenchSearch};
  bool json = false;
};

constexpr uint64_t kBenchSeed = 1;

// Every registered game at each player count, its other parameters at their defaults; counts
// the game rejects with those defaults are skipped.
std::vector<std::shared_ptr<const Game>> DefaultGames(const GameRegistry& games) {
  std::vector<std::shared_ptr<const Game>> out;
  for (const auto& entry : games.entries())
    for (int n = entry.info.min_players; n <= entry.info.max_players; ++n)
      if (auto game = games.Create(entry.info.name + "(players=" + std::to_string(n) + ")"))
        out.push_back(*game);
  return out;
}

Json FiguresToJson(const BenchFigures& f, const std::string& spec) {
  return Json{{"spec", spec},
              {"moves_per_second", f.moves_per_second},
              {"games_per_second", f.games_per_second},
              {"clone_ns", f.clone_ns},
              {"copy_ns", f.copy_ns},
              {"legal_actions_ns", f.legal_actions_ns},
              {"determinize_ns", f.determinize_ns},
              {"ismcts_iterations_per_second", f.ismcts_iterations_per_second}};
}

int RunBench(const GameRegistry& games, const BenchOptions& options) {
  auto seconds = ParseDouble(options.seconds, "--seconds", 0.001, 3600);
  if (!seconds) return PrintError(seconds.error());
  std::vector<std::shared_ptr<const Game>> list;
  for (const auto& spec : options.specs) {
    auto game = games.Create(spec);
    if (!game) return PrintError(game.error());
    list.push_back(*game);
  }
  if (options.specs.empty()) list = DefaultGames(games);
  // The search is checked before anything is measured: a spec error or an agent that does not
  // search is reported at once, with nothing printed.
  if (auto agent = MakeAgent(options.search, kBenchSeed); !agent)
    return PrintError("--search: " + agent.error().message);
  if (!list.empty() && !SearchReportsIterations(*list.front(), options.search, kBenchSeed))
    return PrintError("--search: " + options.search +
                      " reports no iterations (give a search agent: an ismcts configuration, a "
                      "level such as strong, or flat_mc)");
  size_t width = 4;
  for (const auto& game : list) width = std::max(width, game->Spec().size());
  // With --json the table goes to stderr, so that stdout is the document alone.
  std::ostream& table = options.json ? std::cerr : std::cout;
  Json figures = Json::array();
  table << fmt::format("{:<{}}  {:>12}  {:>10}  {:>9}  {:>9}  {:>9}  {:>14}  {:>12}\n", "SPEC",
                       width, "MOVES/S", "GAMES/S", "CLONE NS", "COPY NS", "LEGAL NS",
                       "DETERMINIZE NS", "ISMCTS IT/S");
  // Without specs, bench measures every configuration (minutes): a bar on a terminal's stderr
  // counts them, cleared whenever a row is printed.
  std::optional<ProgressBar> bar;
  if (options.specs.empty() && StderrIsTerminal()) bar.emplace("configurations");
  const int64_t total = int64_t(list.size());
  for (int64_t k = 0; k < total; ++k) {
    const Game* game = list[size_t(k)].get();
    if (bar) (*bar)(k, total);
    const BenchFigures f = MeasureGame(*game, *seconds, kBenchSeed, options.search);
    figures.push_back(FiguresToJson(f, game->Spec()));
    if (bar) bar->Clear();
    table << fmt::format(
                 "{:<{}}  {:>12.0f}  {:>10.1f}  {:>9.1f}  {:>9.1f}  {:>9.1f}  {:>14.1f}  "
                 "{:>12.0f}\n",
                 game->Spec(), width, f.moves_per_second, f.games_per_second, f.clone_ns, f.copy_ns,
                 f.legal_actions_ns, f.determinize_ns, f.ismcts_iterations_per_second)
          << std::flush;
  }
  if (bar) (*bar)(total, total);
  if (options.json)
    std::cout << FormatJson(
        Json{{"seconds", *seconds}, {"search", options.search}, {"games", figures}});
  return kExitOk;
}

}  // namespace

void AddBenchCommand(CLI::App& app, Context& context) {
  auto [cmd, options] = AddSubcommand<BenchOptions>(app, context, "bench",
                                                    "Measure moves/s, games/s, clone, copy, "
                                                    "legal-action and determinize times, and "
                                                    "ISMCTS iterations/s",
                                                    RunBench);
  cmd->add_option("SPECS", options->specs, "Game specs (default: every game at each player count)")
      ->type_name("SPEC...");
  cmd->add_flag(
      "--json", options->json,
      "Print {seconds, search, games: [{spec, moves_per_second, games_per_second, clone_ns, "
      "copy_ns, legal_actions_ns, determinize_ns, ismcts_iterations_per_second}]} on stdout "
      "(the table goes to stderr)");
  cmd->add_option("--seconds", options->seconds, "Measuring time per figure (default 0.5)")
      ->type_name("S");
  cmd->add_option("--search", options->search,
                  "The search agent whose iterations/s the last column reports (default "
                  "ismcts(iters=1000); any ismcts configuration, a level such as strong, flat_mc)")
      ->type_name("AGENT");
}

}  // namespace savanna::cli
