// Tree parallelism for ISMCTS: several threads search ONE tree (docs/agents.md, "Tree
// parallelism"). Each thread has a Worker of its own (determinization, generator, buffers, move
// averages); it determinizes and plays out without the lock, and holds the tree's mutex for the
// descent (selection and expansion) and for the backup. While its playout runs, the edges of its
// path carry `virtual_loss` extra visits worth nothing (a pending loss for the player who chose
// each), so that the other threads' UCB looks elsewhere; the backup takes them away and adds
// the real visit.
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include "agents/ismcts_search.h"
#include "agents/search_common.h"
#include "core/state.h"

namespace savanna::ismcts {

class SharedTree {
 public:
  // `search` holds the tree and the search's settings and must outlive this; `workers` threads
  // (at least 1) will search it; `virtual_loss` (at least 0) visits per pending path.
  SharedTree(Search& search, int workers, int virtual_loss);

  // Starts a search of `root` for `player` (who must be to act there): clears the tree and seeds
  // worker t with DeriveSeed(seed, t), as the root-parallel agent seeds its part t.
  void Begin(const State& root, Player player, uint64_t seed);
  // Runs worker `worker`'s iterations on `root` (Begin's) until `clock` says stop; returns how
  // many. Each worker calls this on its own thread, at the same time as the others; a worker
  // waiting for the lock sleeps (std::mutex), so a CPU-time budget counts its own work.
  int64_t Continue(int worker, const State& root, BudgetClock& clock);

  // One iteration in two halves (Continue runs them in turn; tests interleave the workers):
  // determinize, then, under the lock, descend and put the virtual loss on the path.
  void StartIteration(int worker, const State& root);
  // Play out, then, under the lock, take the virtual loss away and back up the values.
  void FinishIteration(int worker);

  // The edges worker `worker`'s current (or last) iteration descended through, root first.
  const std::vector<uint32_t>& Path(int worker) const { return workers_[size_t(worker)].path; }
  int workers() const { return int(workers_.size()); }

 private:
  // Adds `sign` * virtual_loss_ visits to every edge on `w`'s path (the lock is held).
  void AddVirtualLoss(const Worker& w, int sign);

  Search& search_;
  uint32_t virtual_loss_;
  std::vector<Worker> workers_;
  std::mutex mutex_;  // guards search_'s tree
};

}  // namespace savanna::ismcts
