// The shared thread pool: every task of a batch runs exactly once, batches nest without
// deadlock (a simulated game's search inside a simulation worker), and workers are reused
// rather than started per batch.
#include "core/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <vector>

namespace savanna {
namespace {

TEST(ThreadPoolTest, RunsEveryTaskOnce) {
  ThreadPool pool;
  for (int n : {0, 1, 2, 7, 64}) {
    std::vector<std::atomic<int>> runs(size_t(n > 0 ? n : 1));
    pool.Run(n, [&](int i) { ++runs[size_t(i)]; });
    for (int i = 0; i < n; ++i) EXPECT_EQ(runs[size_t(i)].load(), 1) << n << " " << i;
  }
}

TEST(ThreadPoolTest, NestedBatchesFinish) {
  ThreadPool pool;
  std::atomic<int> leaves{0};
  pool.Run(4, [&](int) { pool.Run(3, [&](int) { pool.Run(2, [&](int) { ++leaves; }); }); });
  EXPECT_EQ(leaves.load(), 4 * 3 * 2);
}

TEST(ThreadPoolTest, ReusesItsWorkers) {
  ThreadPool pool;
  pool.Run(3, [](int) {});
  EXPECT_EQ(pool.threads(), 2);  // the caller runs task 0
  for (int round = 0; round < 200; ++round) pool.Run(3, [](int) {});
  EXPECT_EQ(pool.threads(), 2);
  pool.Run(5, [](int) {});
  EXPECT_EQ(pool.threads(), 4);
}

}  // namespace
}  // namespace savanna
