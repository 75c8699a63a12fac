// `savanna report SPEC... --agents A,B,... [--games N] [--configs] [--out DIR]`: simulates every
// configuration among the same agents and writes the balance report (sim/report.h) to DIR. Under
// mpirun or srun the ranks share each configuration's deals and rank 0 writes the report.
#include <fmt/core.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <thread>

#include "cli/commands.h"
#include "cli/mpi_job.h"
#include "session/session.h"
#include "sim/distributed.h"
#include "sim/output_file.h"
#include "sim/report.h"
#include "sim/simulation.h"

namespace savanna::cli {
namespace {

struct ReportOptions {
  std::vector<std::string> specs;
  std::string agents;
  std::string games = "200";
  std::string seed = "1";
  std::string threads;
  std::string bootstrap = "200";
  std::string out = "report";
  std::string correction = "holm";
  bool configs = false;
};

// The specs to simulate: as given, or with --configs every configuration of each named game.
Result<std::vector<std::string>> ExpandSpecs(const GameRegistry& games,
                                             const ReportOptions& options) {
  if (!options.configs) return options.specs;
  std::vector<std::string> specs;
  for (const std::string& name : options.specs) {
    const GameEntry* entry = games.Find(name);
    if (entry == nullptr)
      return Fail(ErrorCode::kNotFound, "--configs: '" + name + "' is not a game name");
    for (const std::string& spec : games.TestConfigurations(*entry)) specs.push_back(spec);
  }
  return specs;
}

// The command that reproduces the report (threads change nothing but speed).
std::string CommandLine(const ReportOptions& options, const std::vector<std::string>& specs) {
  std::string command = "savanna report";
  for (const std::string& spec : specs) command += " '" + spec + "'";
  command +=
      " --agents '" + options.agents + "' --games " + options.games + " --seed " + options.seed;
  if (options.bootstrap != "200") command += " --bootstrap " + options.bootstrap;
  if (options.correction != "holm") command += " --correction " + options.correction;
  return command;
}

// Under an MPI launcher every rank plays its share of each configuration (sim/distributed.h)
// and rank 0 alone writes and prints; an error found before the games is printed by rank 0
// only, and one during them sets `abort_job` (the caller ends the job).
int RunReportRanks(const GameRegistry& games, const ReportOptions& options, bool& abort_job) {
  const bool mpi = LaunchedByMpi();
  const bool root = !mpi || MpiRankFromEnvironment() == 0;
  auto fail = [root](const auto& error) { return root ? PrintError(error) : kExitBadInput; };
  SimConfig base;
  auto agents = WithContext(SplitSpecList(options.agents), "--agents: ");
  if (!agents) return fail(agents.error());
  base.agents = *agents;
  auto n = ParseInt(options.games, "--games", 1, int64_t(1) << 40);
  auto seed = ParseSeed(options.seed, "--seed");
  auto bootstrap = ParseInt(options.bootstrap, "--bootstrap", 0, 100000);
  const int hardware = int(std::max(1u, std::thread::hardware_concurrency()));
  auto threads = options.threads.empty() ? Result<int64_t>(hardware)
                                         : ParseInt(options.threads, "--threads", 1, 256);
  for (const auto* r : {&n, &bootstrap, &threads})
    if (!*r) return fail(r->error());
  if (!seed) return fail(seed.error());
  auto correction = ParseCorrection(options.correction);
  if (!correction) return fail(correction.error());
  base.games = *n;
  base.seed = *seed;
  base.bootstrap = int(*bootstrap);
  base.threads = int(*threads);
  auto specs = ExpandSpecs(games, options);
  if (!specs) return fail(specs.error());
  // Check every configuration before the first game is played.
  for (const std::string& spec : *specs) {
    auto game = games.Create(spec);
    if (!game) return fail(game.error());
  }
  std::error_code error;
  if (root) std::filesystem::create_directories(options.out, error);
  if (error) return fail("--out '" + options.out + "': " + error.message());
  std::vector<SimResult> results;
  for (size_t k = 0; k < specs->size(); ++k) {
    SimConfig config = base;
    config.game_spec = (*specs)[k];
    ProgressBar bar;
    ProgressFn progress;
    if (root && StderrIsTerminal()) {
      std::cerr << fmt::format("[{}/{}] {}\n", k + 1, specs->size(), config.game_spec);
      progress = std::ref(bar);
    }
    // The games' CSV is written as they finish (BuildReport names it).
    OutputFile csv;
    const std::string csv_path =
        (std::filesystem::path(options.out) / GamesCsvName(int(k))).string();
    if (root)
      if (auto opened = csv.Open(csv_path); !opened) {
        abort_job = mpi;
        return PrintError(opened.error());
      }
    if (mpi) {
      auto result = RunSimulationMpi(games, config, progress, true,
                                     [&csv](std::string_view text) { csv.Append(text); });
      if (!result) {
        abort_job = true;
        return PrintError(result.error());
      }
      if (!*result) continue;  // not rank 0
      results.push_back(std::move(**result));
    } else {
      auto on_game = [&csv](const SimResult& run, const GameOutcome& outcome) {
        if (outcome.index == 0) csv.Append(CsvHeader(run.players));
        csv.Append(CsvRow(run.agents, outcome));
      };
      auto result = RunSimulation(games, config, progress, on_game);
      if (!result) return PrintError(result.error());
      results.push_back(std::move(*result));
    }
    if (auto written = csv.Commit(); !written) return PrintError(written.error());
  }
  if (!root) return kExitOk;
  for (const auto& [name, content] :
       BuildReport(CommandLine(options, *specs), results, *correction)) {
    const std::string path = (std::filesystem::path(options.out) / name).string();
    if (auto written = WriteTextFileAtomic(path, content); !written)
      return PrintError(written.error());
  }
  const std::vector<std::string> labels = ConfigLabels(results);
  for (size_t k = 0; k < results.size(); ++k) {
    const SimResult& r = results[k];
    std::cout << fmt::format("{}: {} games, P0 wins {:.1f}% (fair {:.1f}%)", labels[k], r.games,
                             100 * r.seat_advantage[0].win_rate, 100.0 / r.players);
    if (const auto gap = StrongVsWeak(r))
      std::cout << fmt::format(", {} ahead of {} in {:.1f}%", r.agents[size_t(gap->strong)],
                               r.agents[size_t(gap->weak)], 100 * gap->rate);
    std::cout << "\n";
  }
  for (const char* page : {"report.html", "report.md"})
    std::cout << "Wrote " << (std::filesystem::path(options.out) / page).string() << "\n";
  return kExitOk;
}

}  // namespace

void AddReportCommand(CLI::App& app, Context& context) {
  auto [cmd, options] = AddSubcommand<ReportOptions>(
      app, context, "report",
      "Simulate configurations (player counts, variants, games) among the same agents and write "
      "a balance report: one HTML page (charts inline), Markdown with SVG charts, JSON and CSV",
      RunMpiJob<ReportOptions, RunReportRanks>);
  cmd->add_option("SPECS", options->specs, "Game specs (with --configs: game names)")
      ->type_name("SPEC...")
      ->required();
  cmd->add_option("--agents", options->agents,
                  "Agent specs, as for sim: one for every seat, or several (a tournament)")
      ->type_name("A,B,...")
      ->required();
  cmd->add_option("--games", options->games, "Games per configuration (default 200)")
      ->type_name("N");
  cmd->add_flag("--configs", options->configs,
                "Expand each game name to every player count and variant");
  AddRunOptions(*cmd, options->seed, options->threads);
  cmd->add_option("--bootstrap", options->bootstrap, "Resamples for rating intervals (200)")
      ->type_name("B");
  cmd->add_option("--correction", options->correction,
                  "How the unfair-seat verdicts allow for the many seats tested at once: holm "
                  "(the default: no false verdict at all, with 95% confidence) or bh "
                  "(Benjamini-Hochberg: at most 5% of the verdicts false, on average)")
      ->type_name("holm|bh");
  cmd->add_option("--out", options->out, "Folder for the report (default ./report)")
      ->type_name("DIR");
  cmd->footer(
      "Writes DIR/report.html (one self-contained page: the unfair configurations and the\n"
      "balance highlights first, then the charts, then the tables), the same as DIR/report.md\n"
      "with SVG charts beside it, results.json and games_<k>.csv. Example:\n"
      "  savanna report kariba --configs --agents 'ismcts(iters=300)',random --games 100");
}

}  // namespace savanna::cli
