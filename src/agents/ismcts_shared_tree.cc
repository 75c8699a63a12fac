// The shared tree's worker loop: the steps of Search::Iterate with the tree's parts under one
// mutex and virtual loss on the path while a playout runs.
#include "agents/ismcts_shared_tree.h"

#include "core/check.h"
#include "core/rng.h"

namespace savanna::ismcts {

SharedTree::SharedTree(Search& search, int workers, int virtual_loss)
    : search_(search), virtual_loss_(uint32_t(virtual_loss)), workers_(size_t(workers)) {
  SAVANNA_CHECK(workers >= 1 && virtual_loss >= 0);
  SAVANNA_CHECK(!search.knowledge_.mo);  // CheckIsmctsParams refuses mo with parallel=tree
}

void SharedTree::Begin(const State& root, Player player, uint64_t seed) {
  // The search's own worker is not used; its seed is that of worker 0, like the others'.
  search_.Begin(root, player, DeriveSeed(seed, 0));
  for (size_t t = 0; t < workers_.size(); ++t)
    search_.PrepareWorker(workers_[t], root, DeriveSeed(seed, uint64_t(t)));
}

int64_t SharedTree::Continue(int worker, const State& root, BudgetClock& clock) {
  int64_t done = 0;
  while (clock.More(done)) {
    StartIteration(worker, root);
    FinishIteration(worker);
    ++done;
  }
  return done;
}

void SharedTree::StartIteration(int worker, const State& root) {
  Worker& w = workers_[size_t(worker)];
  search_.Determinize(root, w);
  std::lock_guard lock(mutex_);
  search_.Descend(w);
  AddVirtualLoss(w, 1);
}

void SharedTree::FinishIteration(int worker) {
  Worker& w = workers_[size_t(worker)];
  search_.PlayOut(w);
  std::lock_guard lock(mutex_);
  AddVirtualLoss(w, -1);
  search_.BackUp(w);
}

void SharedTree::AddVirtualLoss(const Worker& w, int sign) {
  // Unsigned arithmetic wraps, so adding and then subtracting restores the count exactly.
  const uint32_t delta = sign > 0 ? virtual_loss_ : uint32_t(0) - virtual_loss_;
  for (uint32_t e : w.path) search_.edges_[e].visits += delta;
}

}  // namespace savanna::ismcts
