// `savanna sim SPEC --agents A,B,... --games N [--seed S] [--threads T] [--out FILE|-] [--json]
// [--checkpoint FILE [--checkpoint-every SECONDS]] [--resume FILE]`: plays many games among
// agents, prints the summary table and writes the results as JSON or CSV (the CSV row by row as
// games finish); a checkpointed run killed part way continues with --resume. Under mpirun or
// srun the ranks share the deals and rank 0 writes the same outputs (sim/distributed.h).
#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "cli/mpi_job.h"
#include "session/session.h"
#include "sim/checkpoint.h"
#include "sim/distributed.h"
#include "sim/output_file.h"
#include "sim/simulation.h"

namespace savanna::cli {
namespace {

struct SimOptions {
  std::string spec;
  SimulationOptions run;
  std::string out;
  std::string checkpoint;
  std::string checkpoint_every = "60";
  std::string resume;
  bool json = false;
};

enum class OutFormat { kNone, kJson, kCsv };

bool EndsWith(const std::string& text, std::string_view suffix) {
  if (text.size() < suffix.size()) return false;
  return std::equal(
      suffix.begin(), suffix.end(), text.end() - long(suffix.size()),
      [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
}

Result<OutFormat> OutFormatOf(const std::string& path) {
  if (path.empty() || path == "-") return OutFormat::kNone;
  if (EndsWith(path, ".json")) return OutFormat::kJson;
  if (EndsWith(path, ".csv")) return OutFormat::kCsv;
  return Fail(ErrorCode::kInvalidArgument,
              "--out '" + path + "' must end in .json or .csv, or be - (JSON on stdout)");
}

Result<SimConfig> MakeConfig(const SimOptions& options) {
  auto agents = WithContext(SplitSpecList(options.run.agents), "--agents: ");
  if (!agents) return tl::unexpected(agents.error());
  auto config = ParseSimulationOptions(options.run);
  if (!config) return config;
  config->game_spec = options.spec;
  config->agents = *agents;
  return config;
}

// The summary table, the JSON on stdout (--json, --out -), the JSON file or the completed CSV.
int WriteOutputs(const SimResult& result, const SimOptions& options, OutFormat format,
                 OutputFile& csv) {
  const bool json_to_stdout = options.json || options.out == "-";
  (json_to_stdout ? std::cerr : std::cout) << SummaryTable(result);
  if (json_to_stdout) std::cout << FormatJson(SimResultToJson(result));
  if (format == OutFormat::kJson) {
    if (auto written = WriteTextFileAtomic(options.out, FormatJson(SimResultToJson(result)));
        !written)
      return PrintError(written.error());
  } else if (format == OutFormat::kCsv) {
    if (auto written = csv.Commit(); !written) return PrintError(written.error());
  }
  if (format != OutFormat::kNone)
    (json_to_stdout ? std::cerr : std::cout) << "Wrote " << options.out << "\n";
  return kExitOk;
}

int RunSimRanks(const GameRegistry& games, const SimOptions& options, bool& abort_job);

int RunSim(const GameRegistry& games, const SimOptions& options) {
  if (LaunchedByMpi()) return RunMpiJob<SimOptions, RunSimRanks>(games, options);
  auto format = OutFormatOf(options.out);
  if (!format) return PrintError(format.error());
  auto config = MakeConfig(options);
  if (!config) return PrintError(config.error());
  auto every = ParseDouble(options.checkpoint_every, "--checkpoint-every", 0.001, 1e9);
  if (!every) return PrintError(every.error());
  std::optional<SimCheckpoint> resume;
  if (!options.resume.empty()) {
    auto read = ReadCheckpoint(options.resume);
    if (!read) return PrintError(read.error());
    resume = std::move(*read);
    if ((resume->csv_bytes >= 0) != (*format == OutFormat::kCsv))
      return PrintError(Error{ErrorCode::kInvalidArgument,
                              "--resume: the checkpointed run " +
                                  std::string(resume->csv_bytes >= 0 ? "wrote" : "did not write") +
                                  " a CSV; give the same --out as it did"});
  }
  OutputFile csv;
  if (*format == OutFormat::kCsv)
    if (auto opened = csv.Open(options.out, resume ? resume->csv_bytes : -1); !opened)
      return PrintError(opened.error());
  ProgressBar bar;
  SimControl control;
  if (StderrIsTerminal()) control.progress = std::ref(bar);
  if (csv.is_open())
    control.on_game = [&csv](const SimResult& run, const GameOutcome& outcome) {
      if (outcome.index == 0) csv.Append(CsvHeader(run.players));
      csv.Append(CsvRow(run.agents, outcome));
    };
  // --resume FILE goes on checkpointing to FILE unless --checkpoint names another.
  const std::string checkpoint_path =
      options.checkpoint.empty() ? options.resume : options.checkpoint;
  if (!checkpoint_path.empty()) {
    csv.KeepPartial();
    control.checkpoint_seconds = *every;
    control.checkpoint = [&](const SimResult& run, const SimAccumulator& stats) {
      const int64_t csv_bytes = csv.is_open() ? csv.Flush() : -1;
      return WithContext(
          WriteCheckpoint(checkpoint_path, CheckpointRun(run, *config), stats, csv_bytes),
          "--checkpoint: ");
    };
  }
  control.resume = resume ? &*resume : nullptr;
  auto result = RunSimulation(games, *config, control);
  if (!result) return PrintError(result.error());
  if (const int status = WriteOutputs(*result, options, *format, csv); status != kExitOk)
    return status;
  // The run is complete: its checkpoint has served.
  if (!checkpoint_path.empty()) std::filesystem::remove(checkpoint_path);
  return kExitOk;
}

// Under an MPI launcher: every rank plays its share of the deals and rank 0 alone prints and
// writes the outputs (sim/distributed.h). An error found before the run is printed by rank 0
// only (every rank finds it); a failure during the run sets `abort_job`: the caller ends the
// whole job once the partial CSV is removed.
int RunSimRanks(const GameRegistry& games, const SimOptions& options, bool& abort_job) {
  const bool root = MpiRankFromEnvironment() == 0;
  auto fail = [root](const Error& error) { return root ? PrintError(error) : kExitBadInput; };
  auto format = OutFormatOf(options.out);
  if (!format) return fail(format.error());
  auto config = MakeConfig(options);
  if (!config) return fail(config.error());
  if (!options.checkpoint.empty() || !options.resume.empty())
    return fail(Error{ErrorCode::kInvalidArgument,
                      "--checkpoint and --resume work with one process, not under mpirun or "
                      "srun (docs/scale.md)"});
  OutputFile csv;
  if (root && *format == OutFormat::kCsv)
    if (auto opened = csv.Open(options.out); !opened) {
      abort_job = true;
      return PrintError(opened.error());
    }
  ProgressBar bar;
  ProgressFn progress;
  if (root && StderrIsTerminal()) progress = std::ref(bar);
  auto result = RunSimulationMpi(games, *config, progress, *format == OutFormat::kCsv,
                                 [&csv](std::string_view text) { csv.Append(text); });
  if (!result) {
    abort_job = true;
    return PrintError(result.error());
  }
  return *result ? WriteOutputs(**result, options, *format, csv) : kExitOk;
}

}  // namespace

void AddSimCommand(CLI::App& app, Context& context) {
  auto [cmd, options] = AddSubcommand<SimOptions>(
      app, context, "sim",
      "Play many games among agents (every deal in every seating) and report win rates, ratings "
      "and seat advantage with 95% intervals",
      RunSim);
  AddSpecArgument(*cmd, options->spec, "kariba(players=3)");
  AddSimulationOptions(*cmd, options->run,
                       "Agent specs: one for every seat, or several (a tournament: each sits in "
                       "every seat equally often), e.g. 'ismcts(iters=500)',flat_mc,random",
                       true,
                       "Number of games, rounded up to whole deals (one deal is played in every "
                       "seating)");
  cmd->add_option("--out", options->out,
                  "Write the results to FILE.json or FILE.csv (written as games finish); - "
                  "prints the JSON on stdout")
      ->type_name("FILE");
  cmd->add_flag("--json", options->json,
                "Print the JSON document on stdout (the summary table goes to stderr)");
  cmd->add_option("--checkpoint", options->checkpoint,
                  "Save the statistics and progress to FILE now and then (removed when the run "
                  "completes), for --resume")
      ->type_name("FILE");
  cmd->add_option("--checkpoint-every", options->checkpoint_every,
                  "Seconds between checkpoints (default 60)")
      ->type_name("SECONDS");
  cmd->add_option("--resume", options->resume,
                  "Continue the run that checkpointed to FILE (give its command again; the CSV "
                  "is cut back to the checkpoint); it goes on checkpointing to FILE")
      ->type_name("FILE");
  cmd->footer(
      "The summary table goes to stdout (to stderr with --json), a progress bar to stderr when\n"
      "it is a terminal.\n"
      "JSON: {game, params, games, seed, agents, seats: [{agent, wins, win_rate, ci95,\n"
      "mean_score}], mean_length, ...} (README: the balance lab); CSV: one row per game.\n"
      "Examples:\n"
      "  savanna sim 'kariba(players=3)' --agents random --games 1000 --out results.json\n"
      "  savanna sim 'kariba(players=2)' --agents 'ismcts(iters=500)',flat_mc,random --games 600\n"
      "  savanna sim kariba --agents flat_mc --games 1000000 --out g.csv --checkpoint run.ckpt\n"
      "  savanna sim kariba --agents flat_mc --games 1000000 --out g.csv --resume run.ckpt");
}

}  // namespace savanna::cli
