// The checkpoint file: its format line, the run it belongs to and the statistics.
#include "sim/checkpoint.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace savanna {
namespace {

// Format 2 added the balance metrics' sums (sim/balance.h) to the statistics; format 3 made the
// sums of returns and scores exact (sim/exact_sum.h) and added the first game's index.
constexpr std::string_view kFormatName = "savanna sim checkpoint ";
constexpr int kFormatVersion = 3;

Error Corrupt(const std::string& path, const std::string& what) {
  return Error{ErrorCode::kParseError, path + ": not a savanna sim checkpoint (" + what + ")"};
}

}  // namespace

Json CheckpointRun(const SimResult& run, const SimConfig& config) {
  return Json{{"game", run.game},
              {"agents", config.agents},
              {"seed", run.seed},
              {"games", run.games},
              {"bootstrap", config.bootstrap}};
}

Result<void> WriteCheckpoint(const std::string& path, const Json& run, const SimAccumulator& stats,
                             int64_t csv_bytes) {
  ByteWriter binary;
  binary.I64(csv_bytes);
  stats.Save(binary);
  std::string text = std::string(kFormatName) + std::to_string(kFormatVersion) + "\n";
  text += run.dump() + "\n";
  text += binary.str();
  return WriteTextFileAtomic(path, text);
}

Result<SimCheckpoint> ReadCheckpoint(const std::string& path) {
  // Not ReadTextFile: the statistics of a long rated run outgrow its limit (a byte per deal).
  std::ifstream in(path, std::ios::binary);
  if (!in) return Fail(ErrorCode::kIoError, path + ": cannot read the checkpoint");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = std::move(buffer).str();
  const std::string format_line = std::string(kFormatName) + std::to_string(kFormatVersion) + "\n";
  if (text.compare(0, format_line.size(), format_line) != 0) {
    if (text.compare(0, kFormatName.size(), kFormatName) == 0) {
      const size_t end = std::min(text.find('\n'), kFormatName.size() + 20);
      const std::string version = text.substr(kFormatName.size(), end - kFormatName.size());
      return Fail(ErrorCode::kParseError,
                  path + ": a checkpoint of format " + version +
                      ", which this savanna cannot resume (it reads format " +
                      std::to_string(kFormatVersion) + "); start the run again without --resume");
    }
    return tl::unexpected(Corrupt(
        path, "its first line is not '" + format_line.substr(0, format_line.size() - 1) + "'"));
  }
  const size_t run_end = text.find('\n', format_line.size());
  if (run_end == std::string::npos) return tl::unexpected(Corrupt(path, "no run line"));
  SimCheckpoint checkpoint;
  auto run = ParseJson(
      std::string_view(text).substr(format_line.size(), run_end - format_line.size()), path);
  if (!run || !run->is_object()) return tl::unexpected(Corrupt(path, "its run line is not JSON"));
  checkpoint.run = std::move(*run);
  ByteReader reader(std::string_view(text).substr(run_end + 1));
  checkpoint.csv_bytes = reader.I64();
  checkpoint.stats = SimAccumulator::Load(reader);
  if (!checkpoint.stats || !reader.ok() || !reader.at_end() || checkpoint.csv_bytes < -1)
    return tl::unexpected(Corrupt(path, "its statistics are truncated or malformed"));
  return checkpoint;
}

Result<void> CheckSameRun(const SimCheckpoint& checkpoint, const Json& run) {
  for (const auto& [key, value] : run.items()) {
    const Json was = checkpoint.run.value(key, Json());
    if (was != value)
      return Fail(ErrorCode::kInvalidArgument, "--resume: the checkpoint is of another run: its " +
                                                   key + " is " + was.dump() + ", this run's is " +
                                                   value.dump());
  }
  return {};
}

}  // namespace savanna
