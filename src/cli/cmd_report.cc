// `savanna report SPEC... --agents A,B,... [--games N] [--configs] [--out DIR]`: simulates every
// configuration among the same agents and writes the balance report (sim/report.h) to DIR.
// `--ladder` plays every configuration at every rung of a skill ladder instead, each rung against
// itself; `--compare` reports two configurations' differences. Under mpirun or srun the ranks
// share each simulation's deals and rank 0 writes the report (not with --compare, whose paired
// test needs every deal's figures in one process).
#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "cli/commands.h"
#include "cli/mpi_job.h"
#include "core/rng.h"
#include "session/session.h"
#include "sim/distributed.h"
#include "sim/output_file.h"
#include "sim/report.h"
#include "sim/simulation.h"

namespace savanna::cli {
namespace {

struct ReportOptions {
  ReportOptions() { run.games = "200"; }

  std::vector<std::string> specs;
  SimulationOptions run;
  std::string out = "report";
  // Holm by default: a designer acts on each verdict (a rule changed for a seat called unfair),
  // the seats of one game are negatively dependent (their win rates add up to one), which Holm
  // allows and Benjamini-Hochberg's guarantee does not, and the families are small enough (tens
  // to hundreds of tests) that Holm loses little power.
  std::string correction = "holm";
  std::string up_to = "easy";
  std::string rungs;
  std::string rating_games;  // empty: a fifth of --games
  bool configs = false;
  bool ladder = false;
  bool compare = false;
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
  if (options.ladder) {
    command += " --ladder";
    command += options.rungs.empty() ? " --ladder-up-to " + options.up_to
                                     : " --rungs '" + options.rungs + "'";
    if (!options.rating_games.empty()) command += " --rating-games " + options.rating_games;
  } else {
    command += " --agents '" + options.run.agents + "'";
  }
  if (options.compare) command += " --compare";
  command += " --games " + options.run.games + " --seed " + options.run.seed;
  if (options.run.bootstrap != "200") command += " --bootstrap " + options.run.bootstrap;
  if (options.correction != "holm") command += " --correction " + options.correction;
  return command;
}

// One simulation of the report: its configuration, its progress title, the name of its per-game
// CSV (empty: none) and whether to keep every deal's figures (--compare).
struct Job {
  SimConfig config;
  std::string title;
  std::string csv;
  bool figures = false;
  // With --ladder: the configuration it belongs to, and whether it is a rating match between two
  // neighbouring rungs rather than a rung played against itself.
  size_t configuration = 0;
  bool rating_match = false;
};

struct JobResult {
  SimResult result;
  std::optional<DealFigures> figures;
};

// Runs the jobs in order. Under an MPI launcher every rank plays its share of each (the caller
// has refused jobs that keep figures) and only rank 0 gets results; an error during the games
// sets `abort_job` under MPI. Returns the exit status on failure.
tl::expected<std::vector<JobResult>, int> RunJobs(const GameRegistry& games,
                                                  const std::vector<Job>& jobs,
                                                  const std::string& out, bool& abort_job) {
  const bool mpi = LaunchedByMpi();
  const bool root = !mpi || MpiRankFromEnvironment() == 0;
  std::vector<JobResult> results;
  for (size_t k = 0; k < jobs.size(); ++k) {
    const Job& job = jobs[k];
    ProgressBar bar;
    ProgressFn progress;
    if (root && StderrIsTerminal()) {
      std::cerr << fmt::format("[{}/{}] {}\n", k + 1, jobs.size(), job.title);
      progress = std::ref(bar);
    }
    // The games' CSV is written as they finish (the report names it).
    OutputFile csv;
    if (root && !job.csv.empty())
      if (auto opened = csv.Open((std::filesystem::path(out) / job.csv).string()); !opened) {
        abort_job = mpi;
        return tl::unexpected(PrintError(opened.error()));
      }
    if (mpi) {
      auto result = RunSimulationMpi(games, job.config, progress, !job.csv.empty(),
                                     [&csv, &job](std::string_view text) {
                                       if (!job.csv.empty()) csv.Append(text);
                                     });
      if (!result) {
        abort_job = true;
        return tl::unexpected(PrintError(result.error()));
      }
      if (*result) results.push_back({std::move(**result), std::nullopt});
    } else {
      std::optional<DealFigures> figures;
      auto on_game = [&](const SimResult& run, const GameOutcome& outcome) {
        if (!job.csv.empty()) {
          if (outcome.index == 0) csv.Append(CsvHeader(run.players));
          csv.Append(CsvRow(run.agents, outcome));
        }
        if (job.figures) {
          if (!figures) figures.emplace(run.players);
          figures->Add(outcome);
        }
      };
      auto result = RunSimulation(games, job.config, progress, on_game);
      if (!result) return tl::unexpected(PrintError(result.error()));
      results.push_back({std::move(*result), std::move(figures)});
    }
    if (root && !job.csv.empty())
      if (auto written = csv.Commit(); !written) return tl::unexpected(PrintError(written.error()));
  }
  return results;
}

// Why two configurations' deals are shared or not: the same game, players, seatings and deals
// (same seed) pair deal k with deal k; the sentence also says whether their starting states are
// the same (the same components and setup) on the first deals.
bool SameDeals(const GameRegistry& games, const SimResult& a, const SimResult& b,
               std::string& why) {
  if (a.game_name != b.game_name || a.players != b.players || a.deals != b.deals ||
      a.seatings != b.seatings) {
    why = "The deals cannot be shared: the two configurations " +
          std::string(a.game_name != b.game_name ? "are different games"
                      : a.players != b.players   ? "seat " + std::to_string(a.players) + " and " +
                                                     std::to_string(b.players) + " players"
                                               : "play different numbers of deals or seatings") +
          ", so deal k of one has no counterpart in the other.";
    return false;
  }
  auto game_a = games.Create(a.game);
  auto game_b = games.Create(b.game);
  int same = 0;
  const int checked = int(std::min<int64_t>(a.deals, 100));
  for (int d = 0; d < checked && game_a && game_b; ++d) {
    const uint64_t seed = DeriveSeed(a.seed, uint64_t(d));
    same +=
        (*game_a)->NewInitialState(seed)->ToJson() == (*game_b)->NewInitialState(seed)->ToJson();
  }
  why = "Both play the same " + std::to_string(a.deals) +
        " deals: deal k from the same seed, the agents seeded alike. Their starting states are "
        "identical in " +
        std::to_string(same) + " of the first " + std::to_string(checked) + " deals" +
        (same == checked ? "."
                         : " (their components or setup differ, so a seed deals differently; "
                           "pairing by seed stays valid and helps as far as the outcomes of a "
                           "deal go together).");
  return true;
}

// Checks the options and the configurations, and makes the jobs.
Result<std::vector<Job>> PlanJobs(const GameRegistry& games, const ReportOptions& options,
                                  const std::vector<std::string>& specs, SimConfig base,
                                  std::vector<std::vector<std::string>>& rungs) {
  if (options.ladder && options.compare)
    return Fail(ErrorCode::kInvalidArgument, "--ladder and --compare: choose one");
  if (options.ladder && !options.run.agents.empty())
    return Fail(ErrorCode::kInvalidArgument,
                "--ladder plays its own rungs: give --rungs A,B,... or --ladder-up-to LEVEL "
                "instead of --agents");
  if (!options.ladder && options.run.agents.empty())
    return Fail(ErrorCode::kInvalidArgument, "--agents is required (or --ladder)");
  if (!options.ladder && (!options.rungs.empty() || !options.rating_games.empty()))
    return Fail(ErrorCode::kInvalidArgument, "--rungs and --rating-games go with --ladder");
  if (options.compare && specs.size() != 2)
    return Fail(ErrorCode::kInvalidArgument,
                "--compare takes two configurations, got " + std::to_string(specs.size()));
  if (options.compare && LaunchedByMpi())
    return Fail(ErrorCode::kInvalidArgument,
                "--compare runs in one process (its paired test needs every deal's figures): "
                "use --threads instead of an MPI launcher");
  std::vector<std::shared_ptr<const Game>> created;
  for (const std::string& spec : specs) {
    auto game = games.Create(spec);
    if (!game) return tl::unexpected(game.error());
    created.push_back(*game);
  }
  std::vector<Job> jobs;
  if (!options.ladder) {
    auto agents = WithContext(SplitSpecList(options.run.agents), "--agents: ");
    if (!agents) return tl::unexpected(agents.error());
    base.agents = *agents;
    for (size_t k = 0; k < specs.size(); ++k) {
      Job job{base, specs[k], GamesCsvName(int(k)), options.compare};
      job.config.game_spec = specs[k];
      jobs.push_back(std::move(job));
    }
    return jobs;
  }
  std::vector<const Game*> played;
  for (const auto& game : created) played.push_back(game.get());
  auto ladder = options.rungs.empty() ? DefaultRungs(options.up_to, played)
                                      : WithContext(SplitSpecList(options.rungs), "--rungs: ");
  if (!ladder) return tl::unexpected(ladder.error());
  if (ladder->empty()) return Fail(ErrorCode::kInvalidArgument, "--rungs: no rung");
  for (const std::string& rung : *ladder)
    if (auto factory = WithContext(MakeAgentFactory(rung), "rung '" + rung + "': "); !factory)
      return tl::unexpected(factory.error());
  auto rating_games = options.rating_games.empty()
                          ? Result<int64_t>(std::max<int64_t>(1, base.games / 5))
                          : ParseInt(options.rating_games, "--rating-games", 0, int64_t(1) << 40);
  if (!rating_games) return tl::unexpected(rating_games.error());
  for (size_t k = 0; k < specs.size(); ++k) {
    rungs.push_back(*ladder);
    for (size_t r = 0; r < ladder->size(); ++r) {
      Job job{base, specs[k] + ": " + (*ladder)[r], LadderCsvName(int(k), int(r)), false, k};
      job.config.game_spec = specs[k];
      job.config.agents = {(*ladder)[r]};
      jobs.push_back(std::move(job));
    }
    for (size_t r = 0; *rating_games > 0 && r + 1 < ladder->size(); ++r) {
      Job job{base, specs[k] + ": " + (*ladder)[r] + " against " + (*ladder)[r + 1], "", false, k,
              true};
      job.config.game_spec = specs[k];
      job.config.agents = {(*ladder)[r], (*ladder)[r + 1]};
      job.config.games = *rating_games;
      jobs.push_back(std::move(job));
    }
  }
  return jobs;
}

// Prints what the terminal shows after the games: a line per result, rung or figure.
void PrintSummary(const ReportOptions& options, const std::vector<SimResult>& results,
                  const std::vector<Ladder>& ladders, const Comparison* comparison) {
  if (options.ladder) {
    std::vector<SimResult> firsts;
    for (const Ladder& ladder : ladders) firsts.push_back(ladder.self_play[0]);
    const std::vector<std::string> labels = ConfigLabels(firsts);
    for (size_t l = 0; l < ladders.size(); ++l)
      for (size_t r = 0; r < ladders[l].rungs.size(); ++r) {
        const SimResult& s = ladders[l].self_play[r];
        std::string seats;
        for (const SeatSummary& seat : s.seat_advantage)
          seats += fmt::format("{}{:.1f}%", seats.empty() ? "" : " / ", 100 * seat.win_rate);
        std::string rating;
        if (!ladders[l].ratings.empty())
          rating = fmt::format(" (rating {:.0f} [{:.0f}, {:.0f}])", ladders[l].ratings[r].elo,
                               ladders[l].ratings[r].ci95_low, ladders[l].ratings[r].ci95_high);
        std::cout << fmt::format("{}: {}{}: {} games, seats {}\n", labels[l], ladders[l].rungs[r],
                                 rating, s.games, seats);
      }
    return;
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
  if (comparison == nullptr) return;
  std::cout << (comparison->paired ? "Paired by deal" : "Independent samples") << "; B - A:\n";
  for (const FigureDifference& fd : comparison->figures) {
    const double unit = fd.figure.percent ? 100 : 1;
    std::cout << fmt::format("  {:<16} {:+.2f} [{:+.2f}, {:+.2f}]{}  p {:.3g}, corrected {:.3g}\n",
                             fd.figure.name, unit * fd.difference.estimate,
                             unit * fd.difference.ci95_low, unit * fd.difference.ci95_high,
                             fd.figure.percent ? " points" : "", fd.difference.p, fd.adjusted_p);
  }
}

int RunReportRanks(const GameRegistry& games, const ReportOptions& options, bool& abort_job) {
  const bool mpi = LaunchedByMpi();
  const bool root = !mpi || MpiRankFromEnvironment() == 0;
  auto fail = [root](const auto& error) { return root ? PrintError(error) : kExitBadInput; };
  auto base = ParseSimulationOptions(options.run);
  if (!base) return fail(base.error());
  auto correction = ParseCorrection(options.correction);
  if (!correction) return fail(correction.error());
  auto specs = ExpandSpecs(games, options);
  if (!specs) return fail(specs.error());
  // Every option and configuration is checked before the first game is played.
  std::vector<std::vector<std::string>> rungs;  // per configuration, with --ladder
  auto jobs = PlanJobs(games, options, *specs, *base, rungs);
  if (!jobs) return fail(jobs.error());
  std::error_code error;
  if (root) std::filesystem::create_directories(options.out, error);
  if (error) return fail("--out '" + options.out + "': " + error.message());
  auto ran = RunJobs(games, *jobs, options.out, abort_job);
  if (!ran) return ran.error();
  if (!root) return kExitOk;
  std::vector<SimResult> results;
  std::vector<Ladder> ladders;
  std::optional<Comparison> comparison;
  std::vector<std::pair<std::string, std::string>> files;
  const std::string command = CommandLine(options, *specs);
  if (options.ladder) {
    ladders.resize(rungs.size());
    for (size_t k = 0; k < rungs.size(); ++k) ladders[k].rungs = rungs[k];
    // The jobs in plan order: a configuration's rungs, then its rating matches, lower rung first.
    for (size_t j = 0; j < jobs->size(); ++j) {
      Ladder& ladder = ladders[(*jobs)[j].configuration];
      (*jobs)[j].rating_match ? ladder.pairs.push_back(std::move((*ran)[j].result))
                              : ladder.self_play.push_back(std::move((*ran)[j].result));
    }
    for (Ladder& ladder : ladders) RateRungs(ladder);
    files = BuildLadderReport(command, ladders, *correction);
  } else {
    for (JobResult& r : *ran) results.push_back(std::move(r.result));
    if (options.compare) {
      std::string why;
      const bool paired = SameDeals(games, results[0], results[1], why);
      comparison = CompareFigures(*(*ran)[0].figures, *(*ran)[1].figures, paired, why, *correction);
      files = BuildCompareReport(command, results, *comparison);
    } else {
      files = BuildReport(command, results, *correction);
    }
  }
  for (const auto& [name, content] : files) {
    const std::string path = (std::filesystem::path(options.out) / name).string();
    if (auto written = WriteTextFileAtomic(path, content); !written)
      return PrintError(written.error());
  }
  PrintSummary(options, results, ladders, comparison ? &*comparison : nullptr);
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
  AddSimulationOptions(*cmd, options->run,
                       "Agent specs, as for sim: one for every seat, or several (a tournament); "
                       "required unless --ladder",
                       false, "Games per configuration, or per rung with --ladder (default 200)");
  cmd->add_flag("--configs", options->configs,
                "Expand each game name to every player count and variant");
  cmd->add_flag("--ladder", options->ladder,
                "Play every configuration at every rung of a skill ladder, each rung in every "
                "seat, and report balance against skill");
  cmd->add_option("--ladder-up-to", options->up_to,
                  "The strongest search level of the default ladder (random, greedy, policy "
                  "when registered, then easy, medium, strong, expert up to this, counting CPU "
                  "time; none: no level; default easy)")
      ->type_name("LEVEL");
  cmd->add_option("--rungs", options->rungs, "The ladder's agents, weakest first, instead")
      ->type_name("A,B,...");
  cmd->add_option("--rating-games", options->rating_games,
                  "Games of each match between neighbouring rungs, which rate them (default: a "
                  "fifth of --games; 0: not rated, the rungs evenly spaced)")
      ->type_name("N");
  cmd->add_flag("--compare", options->compare,
                "Two configurations side by side: every figure's difference with its interval "
                "and test, paired by deal where they share their deals");
  cmd->add_option("--correction", options->correction,
                  "How the verdicts allow for the many tests made at once: holm (the default: "
                  "no false verdict at all, with 95% confidence) or bh (Benjamini-Hochberg: at "
                  "most 5% of the verdicts false, on average)")
      ->type_name("holm|bh");
  cmd->add_option("--out", options->out, "Folder for the report (default ./report)")
      ->type_name("DIR");
  cmd->footer(
      "Writes DIR/report.html (one self-contained page: the summaries first, then the charts,\n"
      "then the tables), the same as DIR/report.md with SVG charts beside it, results.json and\n"
      "the games' CSV. Examples:\n"
      "  savanna report kariba --configs --agents 'ismcts(iters=300)',random --games 100\n"
      "  savanna report 'kap_kairo(players=3)' --ladder --ladder-up-to medium --games 2000\n"
      "  savanna report 'kariba(players=3)' 'kariba(players=3,variant=open)' --compare \\\n"
      "      --agents greedy --games 2000");
}

}  // namespace savanna::cli
