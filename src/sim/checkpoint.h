// Checkpoints of a long simulation: the statistics accumulated so far (sim/accumulator.h), the
// run they belong to and the length of the per-game CSV at that moment, so that `sim --resume`
// continues after a kill and ends with exactly the results of an uninterrupted run.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/json_io.h"
#include "core/result.h"
#include "sim/accumulator.h"
#include "sim/simulation.h"

namespace savanna {

struct SimCheckpoint {
  // What makes two runs the same run: {"game" (canonical spec), "agents", "seed", "games"
  // (rounded up to whole deals), "bootstrap"}. The threads do not matter.
  Json run;
  int64_t csv_bytes = -1;  // the CSV's length when the checkpoint was taken; -1: no CSV
  std::optional<SimAccumulator> stats;
};

Json CheckpointRun(const SimResult& run, const SimConfig& config);

// The file: a first line naming the format, the run as one line of JSON, then the CSV length and
// the statistics in binary (sim/byte_io.h). Written atomically (a temporary file renamed).
Result<void> WriteCheckpoint(const std::string& path, const Json& run, const SimAccumulator& stats,
                             int64_t csv_bytes);
Result<SimCheckpoint> ReadCheckpoint(const std::string& path);

// Nothing, if `checkpoint` is of `run`; otherwise an error naming the first field that differs.
Result<void> CheckSameRun(const SimCheckpoint& checkpoint, const Json& run);

}  // namespace savanna
