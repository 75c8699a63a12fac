// The build without MPI (SAVANNA_MPI off or Open MPI missing): a process started by an MPI
// launcher is refused, since every rank would otherwise play the whole run on its own.
#include <cstdlib>

#include "sim/distributed.h"

namespace savanna {

Result<std::optional<SimResult>> RunSimulationMpi(const GameRegistry&, const SimConfig&,
                                                  const ProgressFn&, bool, const CsvSink&) {
  return Fail(ErrorCode::kInvalidArgument,
              "started by an MPI launcher, but this savanna was built without MPI (configure "
              "with Open MPI installed and -DSAVANNA_MPI=ON; docs/scale.md)");
}

void FinishMpiJob() {}

void AbortMpiJob(int status) { std::exit(status); }

}  // namespace savanna
