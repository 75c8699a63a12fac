// The simulation over Open MPI. Rank r plays share r of the deals (consecutive whole deals);
// ranks 1.. send rank 0 one message (a status byte, then their serialized statistics or their
// error) and then their CSV rows in chunks, ended by an empty chunk. Rank 0 takes the ranks in
// order, so the statistics merge and the rows follow in game order. MPI is called from the
// main thread only, after the worker threads of the share are done.
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include "sim/accumulator.h"
#include "sim/distributed.h"
#include "sim/simulation_part.h"

namespace savanna {
namespace {

constexpr int kTag = 18;
constexpr size_t kChunkBytes = size_t(1) << 24;  // per MPI message (its count is an int)
constexpr char kShareOk = 0, kShareFailed = 1;

void SendBytes(std::string_view bytes, int to) {
  uint64_t size = bytes.size();
  MPI_Send(&size, 1, MPI_UINT64_T, to, kTag, MPI_COMM_WORLD);
  for (size_t at = 0; at < bytes.size(); at += kChunkBytes) {
    const size_t n = std::min(kChunkBytes, bytes.size() - at);
    MPI_Send(bytes.data() + at, int(n), MPI_BYTE, to, kTag, MPI_COMM_WORLD);
  }
}

std::string ReceiveBytes(int from) {
  uint64_t size = 0;
  MPI_Recv(&size, 1, MPI_UINT64_T, from, kTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  std::string bytes(size_t(size), '\0');
  for (size_t at = 0; at < bytes.size(); at += kChunkBytes) {
    const size_t n = std::min(kChunkBytes, bytes.size() - at);
    MPI_Recv(bytes.data() + at, int(n), MPI_BYTE, from, kTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  return bytes;
}

// A rank's CSV rows until they are sent: a file in the temporary directory, unlinked as soon as
// it is open so that nothing is left behind whatever happens to the rank.
class SpoolFile {
 public:
  SpoolFile() = default;
  SpoolFile(const SpoolFile&) = delete;
  SpoolFile& operator=(const SpoolFile&) = delete;
  ~SpoolFile() {
    if (file_ != nullptr) std::fclose(file_);
  }

  Result<void> Open(int rank) {
    std::error_code error;
    const auto dir = std::filesystem::temp_directory_path(error);
    if (error)
      return Fail(ErrorCode::kIoError,
                  "no temporary directory for its CSV rows (TMPDIR): " + error.message());
    const std::string path = (dir / ("savanna-sim-" + std::to_string(::getpid()) + "-rank" +
                                     std::to_string(rank) + ".csv"))
                                 .string();
    file_ = std::fopen(path.c_str(), "w+b");
    if (file_ == nullptr)
      return Fail(ErrorCode::kIoError, path + ": cannot write: " + std::strerror(errno));
    ::unlink(path.c_str());
    return {};
  }
  void Append(std::string_view text) {
    if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) failed_ = true;
  }
  bool failed() const { return failed_; }
  // Sends the rows to rank 0 in chunks, then an empty chunk.
  void SendAll() {
    std::rewind(file_);
    std::string chunk(kChunkBytes, '\0');
    while (size_t n = std::fread(chunk.data(), 1, chunk.size(), file_))
      SendBytes(std::string_view(chunk.data(), n), 0);
    SendBytes({}, 0);
  }

 private:
  std::FILE* file_ = nullptr;
  bool failed_ = false;
};

// What rank r > 0 sends first: kShareOk and its statistics, or kShareFailed, the error code and
// the message.
std::string ShareMessage(const Result<SimPart>& part, const SpoolFile* spool) {
  ByteWriter out;
  if (part && (spool == nullptr || !spool->failed())) {
    part->stats.Save(out);
    return kShareOk + out.str();
  }
  const Error error =
      part ? Error{ErrorCode::kIoError, "writing its CSV rows to the temporary directory failed"}
           : part.error();
  out.I64(int64_t(error.code));
  out.Bytes(error.message);
  return kShareFailed + out.str();
}

Result<void> MergeShare(int rank, SimPart& whole, bool want_csv, const CsvSink& csv) {
  const std::string message = ReceiveBytes(rank);
  const std::string who = "MPI rank " + std::to_string(rank) + ": ";
  ByteReader in(std::string_view(message).substr(std::min<size_t>(1, message.size())));
  if (!message.empty() && message[0] == kShareFailed) {
    const auto code = ErrorCode(in.Count(int64_t(ErrorCode::kBadData)));
    const std::string text(in.Bytes());
    return Fail(code, who + text);
  }
  auto stats = SimAccumulator::Load(in);
  if (message.empty() || message[0] != kShareOk || !stats || !in.at_end() ||
      !whole.stats.CanMerge(*stats))
    return Fail(ErrorCode::kBadData, who + "its statistics do not follow games 0 to " +
                                         std::to_string(whole.stats.games()) +
                                         " (another savanna or another command?)");
  whole.stats.Merge(*stats);
  if (want_csv)
    for (std::string chunk = ReceiveBytes(rank); !chunk.empty(); chunk = ReceiveBytes(rank))
      csv(chunk);
  return {};
}

}  // namespace

Result<std::optional<SimResult>> RunSimulationMpi(const GameRegistry& registry,
                                                  const SimConfig& config,
                                                  const ProgressFn& progress, bool want_csv,
                                                  const CsvSink& csv) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) MPI_Init(nullptr, nullptr);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  SimControl control;
  SpoolFile spool;
  bool header_written = false;
  auto write_header = [&](const SimResult& run) {
    if (!header_written) csv(CsvHeader(run.players));
    header_written = true;
  };
  Result<void> opened;
  if (rank == 0) {
    control.progress = progress;
    if (want_csv)
      control.on_game = [&](const SimResult& run, const GameOutcome& outcome) {
        write_header(run);
        csv(CsvRow(run.agents, outcome));
      };
  } else if (want_csv) {
    opened = spool.Open(rank);
    control.on_game = [&spool](const SimResult& run, const GameOutcome& outcome) {
      spool.Append(CsvRow(run.agents, outcome));
    };
  }
  Result<SimPart> part = opened ? RunSimulationPart(registry, config, control, {rank, size})
                                : Result<SimPart>(tl::unexpected(opened.error()));
  if (rank != 0) {
    const std::string message = ShareMessage(part, want_csv ? &spool : nullptr);
    SendBytes(message, 0);
    if (message[0] == kShareOk && want_csv) spool.SendAll();
    return std::optional<SimResult>();
  }
  if (!part) return tl::unexpected(part.error());
  if (want_csv) write_header(part->run);
  for (int r = 1; r < size; ++r)
    if (auto merged = MergeShare(r, *part, want_csv, csv); !merged)
      return tl::unexpected(merged.error());
  if (part->stats.games() != part->run.games)
    return Fail(ErrorCode::kBadData, "the MPI ranks played " + std::to_string(part->stats.games()) +
                                         " games of " + std::to_string(part->run.games));
  part->stats.Finish(part->run, config.bootstrap);
  return std::optional<SimResult>(std::move(part->run));
}

void FinishMpiJob() {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized) MPI_Finalize();
}

void AbortMpiJob(int status) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (initialized) MPI_Abort(MPI_COMM_WORLD, status);
  std::exit(status);
}

}  // namespace savanna
