// Recognising a process started by an MPI launcher, from the environment it sets.
#include <cstdlib>

#include "sim/distributed.h"

namespace savanna {

bool LaunchedByMpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(name) != nullptr) return true;
  return false;
}

int MpiRankFromEnvironment() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"})
    if (const char* rank = std::getenv(name)) return std::atoi(rank);
  return 0;
}

}  // namespace savanna
