// The shared thread pool: every task of a batch runs exactly once, batches nest without
// deadlock (a simulated game's search inside a simulation worker), and workers are reused
// rather than started per batch.
#include "core/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <string>
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

// A task that throws on a worker must not end the process: Run finishes the batch and throws
// the exception on the calling thread, where the program's own boundary catches it.
TEST(ThreadPoolTest, ATaskThatThrowsIsRethrownOnTheCallerAfterTheBatch) {
  ThreadPool pool;
  for (int thrower : {0, 3}) {
    std::atomic<int> finished{0};
    try {
      pool.Run(6, [&](int i) {
        if (i == thrower) throw std::runtime_error("task " + std::to_string(i));
        ++finished;
      });
      ADD_FAILURE() << "Run returned although task " << thrower << " threw";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "task " + std::to_string(thrower));
    }
    EXPECT_EQ(finished.load(), 5) << "the other tasks all ran";
  }
  std::atomic<int> after{0};
  pool.Run(4, [&](int) { ++after; });
  EXPECT_EQ(after.load(), 4) << "the pool works on";
}

}  // namespace
}  // namespace savanna
