// Ending an MPI job after a command's ranks.
#include "cli/mpi_job.h"

#include "sim/distributed.h"

namespace savanna::cli {

int EndMpiJob(int status, bool abort_job) {
  if (abort_job) AbortMpiJob(status);
  if (LaunchedByMpi()) FinishMpiJob();
  return status;
}

}  // namespace savanna::cli
