// `savanna sim` over the processes of an MPI job (mpirun, Slurm's srun): every rank plays one
// share of the deals (sim/simulation_part.h), and rank 0 merges the shares' statistics and the
// CSV rows in game order, so the outputs equal those of one process to the byte. Built with
// Open MPI when the CMake option SAVANNA_MPI is on (docs/scale.md); without it, a process that
// an MPI launcher started is refused.
#pragma once

#include <functional>
#include <optional>
#include <string_view>

#include "core/registry.h"
#include "core/result.h"
#include "sim/simulation.h"

namespace savanna {

// Whether an MPI launcher started this process: Open MPI's mpirun (OMPI_COMM_WORLD_SIZE) or a
// PMI or PMIx launcher such as srun (PMIX_RANK, PMI_RANK).
bool LaunchedByMpi();
// This process's rank as the launcher's environment gives it (before MPI is initialised); 0
// when there is none.
int MpiRankFromEnvironment();

// Where rank 0 writes the per-game CSV (the header, then every row in game order).
using CsvSink = std::function<void(std::string_view text)>;

// Joins the MPI job and runs the simulation over its ranks. Rank 0 returns the whole result
// (its `progress` counts its own share), having written the CSV through `csv` when given; every
// other rank returns nullopt once it has sent its share (and its CSV rows, when `want_csv`, kept
// meanwhile in an unlinked file of the temporary directory, TMPDIR). A failure on any rank is
// rank 0's error naming the rank, and then the caller ends the job with AbortMpiJob; a rank that
// dies makes the launcher end the job. A checkpoint or resume is refused.
Result<std::optional<SimResult>> RunSimulationMpi(const GameRegistry& registry,
                                                  const SimConfig& config,
                                                  const ProgressFn& progress, bool want_csv,
                                                  const CsvSink& csv);
// Leaves the MPI job (every rank, after RunSimulationMpi and its outputs).
void FinishMpiJob();
// Ends every rank of the job with `status` (rank 0, after printing its error).
[[noreturn]] void AbortMpiJob(int status);

}  // namespace savanna
