// The frame of a command whose ranks share the work under an MPI launcher (sim, report): ending
// the job the same way whatever the command did.
#pragma once

#include "core/registry.h"

namespace savanna::cli {

// This process's part of a command (the whole command without a launcher); sets `abort_job`
// when a failure during the shared work must end every rank.
template <class Options>
using MpiRanks = int (*)(const GameRegistry& games, const Options& options, bool& abort_job);

// Ends the MPI job after a command's ranks: AbortMpiJob(status) when they set `abort_job` (every
// rank ends), else FinishMpiJob() under a launcher. Returns `status`.
int EndMpiJob(int status, bool abort_job);

// Runs `ranks` and ends the MPI job; returns `ranks`' exit status.
template <class Options, MpiRanks<Options> ranks>
int RunMpiJob(const GameRegistry& games, const Options& options) {
  bool abort_job = false;
  const int status = ranks(games, options, abort_job);
  return EndMpiJob(status, abort_job);
}

}  // namespace savanna::cli
