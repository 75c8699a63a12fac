// `savanna bench [SPEC...] [--seconds S] [--search AGENT] [--net WHICH] [--json]`: speed figures
// of games through the State API, net evaluations beside random playouts, as a table or (--json)
// as one JSON document on stdout with the table on stderr.
#include <fmt/core.h>

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "cli/commands.h"
#include "nn/net.h"
#include "nn/net_input.h"
#include "sim/benchmark.h"

namespace savanna::cli {
namespace {

struct BenchOptions {
  std::vector<std::string> specs;
  std::string seconds = "0.5";
  std::string search{kBenchSearch};
  std::string net = "auto";
  std::vector<int> net_trunk = {64, 64};
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

// The net whose evaluations bench times for `game`: none, the game's, a file's, or with "auto"
// the game's when it ships one, else one of random weights with hidden widths `trunk` (no game
// ships a trained net yet; the speed depends on the shapes, not on the weights).
Result<std::shared_ptr<const nn::Net>> BenchNet(const Game& game, const BenchOptions& options) {
  if (options.net != "auto" || !game.ShippedNet().empty()) {
    const std::string which = options.net == "auto" ? "game" : options.net;
    auto net = nn::SharedNet(which, game);
    if (!net || *net == nullptr) return net;
    if (auto fits = (*net)->CheckFits(game); !fits) return tl::unexpected(fits.error());
    return net;
  }
  auto shape = nn::NetShapeOf(game, {});
  if (!shape) return tl::unexpected(shape.error());
  return nn::RandomNet(shape->Header(options.net_trunk), kBenchSeed);
}

Json FiguresToJson(const BenchFigures& f, const std::string& spec, const nn::Net* net) {
  return Json{{"spec", spec},
              {"moves_per_second", f.moves_per_second},
              {"games_per_second", f.games_per_second},
              {"net_evaluations_per_second", f.net_evaluations_per_second},
              {"net", net != nullptr ? Json(net->name()) : Json()},
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
  // Every game's net first: a file that does not fit is reported before anything is measured.
  std::vector<std::shared_ptr<const nn::Net>> nets;
  for (const auto& game : list) {
    auto net = BenchNet(*game, options);
    if (!net) return PrintError("--net: " + net.error().message);
    nets.push_back(*net);
  }
  table << fmt::format("{:<{}}  {:>12}  {:>10}  {:>10}  {:>9}  {:>9}  {:>9}  {:>14}  {:>12}  {}\n",
                       "SPEC", width, "MOVES/S", "GAMES/S", "NET EVAL/S", "CLONE NS", "COPY NS",
                       "LEGAL NS", "DETERMINIZE NS", "ISMCTS IT/S", "NET");
  // Without specs, bench measures every configuration (minutes): a bar on a terminal's stderr
  // counts them, cleared whenever a row is printed.
  std::optional<ProgressBar> bar;
  if (options.specs.empty() && StderrIsTerminal()) bar.emplace("configurations");
  const int64_t total = int64_t(list.size());
  for (int64_t k = 0; k < total; ++k) {
    const Game* game = list[size_t(k)].get();
    if (bar) (*bar)(k, total);
    const nn::Net* net = nets[size_t(k)].get();
    const BenchFigures f =
        MeasureGame(*game, *seconds, kBenchSeed, options.search, nets[size_t(k)]);
    figures.push_back(FiguresToJson(f, game->Spec(), net));
    if (bar) bar->Clear();
    table
        << fmt::format(
               "{:<{}}  {:>12.0f}  {:>10.1f}  {:>10.0f}  {:>9.1f}  {:>9.1f}  {:>9.1f}  {:>14.1f}  "
               "{:>12.0f}  {}\n",
               game->Spec(), width, f.moves_per_second, f.games_per_second,
               f.net_evaluations_per_second, f.clone_ns, f.copy_ns, f.legal_actions_ns,
               f.determinize_ns, f.ismcts_iterations_per_second, net ? net->name() : "-")
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
                                                    "legal-action and determinize times, "
                                                    "ISMCTS iterations/s and net evaluations/s",
                                                    RunBench);
  cmd->add_option("SPECS", options->specs, "Game specs (default: every game at each player count)")
      ->type_name("SPEC...");
  cmd->add_flag(
      "--json", options->json,
      "Print {seconds, search, games: [{spec, moves_per_second, games_per_second, "
      "net_evaluations_per_second, net, clone_ns, copy_ns, legal_actions_ns, determinize_ns, "
      "ismcts_iterations_per_second}]} on stdout (the table goes to stderr)");
  cmd->add_option("--seconds", options->seconds, "Measuring time per figure (default 0.5)")
      ->type_name("S");
  cmd->add_option("--search", options->search,
                  "The search agent whose iterations/s the last column reports (default "
                  "ismcts(iters=1000); any ismcts configuration, a level such as strong, flat_mc)")
      ->type_name("AGENT");
  cmd->add_option("--net", options->net,
                  "The net whose evaluations/s NET EVAL/S reports: auto (the default: the game's "
                  "net, or where it ships none one of random weights with --net-trunk), game, "
                  "none, or a net file (docs/nets.md)")
      ->type_name("WHICH");
  cmd->add_option("--net-trunk", options->net_trunk,
                  "Hidden widths of the random net of --net auto (default 64,64)")
      ->delimiter(',')
      ->type_name("W,...")
      ->check(CLI::PositiveNumber);
}

}  // namespace savanna::cli
