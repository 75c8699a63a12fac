// Time budgets on the wall clock and on the thread CPU clock (`clock=cpu`): a CPU budget counts
// only the computing, so work that mostly sleeps runs far past its budget in wall time, while a
// wall budget stops on time; a CPU budget is each part's own and adds up over slices.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <thread>

#include "agents/search_common.h"

namespace savanna {
namespace {

using std::chrono::microseconds;
using std::chrono::milliseconds;
using std::chrono::nanoseconds;

// Burns `cpu` of the calling thread's CPU time.
void SpinCpu(nanoseconds cpu) {
  const nanoseconds until = ThreadCpuTime() + cpu;
  while (ThreadCpuTime() < until) {
  }
}

SearchBudget TimedBudget(double seconds, bool cpu_clock) {
  SearchBudget budget;
  budget.seconds = seconds;
  budget.cpu_clock = cpu_clock;
  return budget;
}

// What one whole-budget run of `budget` took: wall time, the thread's CPU time (the spinning and
// the sleep calls' own), and the thinking time the search counted.
struct TimedRun {
  nanoseconds wall{0};
  nanoseconds cpu{0};
  nanoseconds used{0};
  bool done = false;
};

// Work that computes 50 us and then sleeps 450 us per iteration, as a search would that the
// machine's load leaves a tenth of a core.
TimedRun MostlySleeping(const SearchBudget& budget) {
  SlicedSearch search(budget, 1);
  TimedRun run;
  const auto start = std::chrono::steady_clock::now();
  const nanoseconds cpu_start = ThreadCpuTime();  // one part: it runs on this thread
  const bool done = search.Step(SlicedSearch::kWholeBudget, [&](int, BudgetClock& clock) {
    int64_t i = 0;
    for (; clock.More(i); ++i) {
      SpinCpu(microseconds(50));
      std::this_thread::sleep_for(microseconds(450));
    }
    return i;
  });
  run.cpu = ThreadCpuTime() - cpu_start;
  run.wall = std::chrono::steady_clock::now() - start;
  run.used = search.Used(0);
  run.done = done && search.Done();
  return run;
}

TEST(BudgetClock, ACpuBudgetCountsTheComputingAndAWallBudgetTheWaiting) {
  const nanoseconds budget = milliseconds(10);
  const TimedRun cpu = MostlySleeping(TimedBudget(0.01, true));
  const TimedRun wall = MostlySleeping(TimedBudget(0.01, false));
  EXPECT_TRUE(cpu.done) << "the CPU budget is spent in one whole-budget step";
  EXPECT_TRUE(wall.done) << "the wall budget is spent in one whole-budget step";
  // The CPU budget ran until its work had used 10 ms (about 150 iterations of 50 us and a sleep
  // call, plus at most a clock stride), which took several times that in wall time.
  EXPECT_GE(cpu.cpu, budget);
  EXPECT_GE(cpu.used, budget);
  EXPECT_LT(cpu.cpu, budget * 2);
  EXPECT_GT(cpu.wall, budget * 4) << "sleeping did not count against the CPU budget";
  // The wall budget stopped after 10 ms of wall time (plus at most a stride of 8 iterations),
  // having computed a small part of it.
  EXPECT_GE(wall.wall, budget);
  EXPECT_LT(wall.wall * 2, cpu.wall);
  EXPECT_LT(wall.cpu, budget / 2);
}

// Two parts, each burning CPU in steps of 20 us, thought in wall slices of 1 ms: each part gets
// its own CPU budget, summed over the slices.
TEST(BudgetClock, ACpuBudgetIsEachPartsOwnAndAddsUpOverSlices) {
  const nanoseconds budget = milliseconds(5);
  SlicedSearch search(TimedBudget(0.005, true), 2);
  std::array<nanoseconds, 2> burned{};
  int slices = 0;
  bool done = false;
  while (!done) {
    done = search.Step(milliseconds(1), [&](int part, BudgetClock& clock) {
      int64_t i = 0;
      const nanoseconds before = ThreadCpuTime();
      for (; clock.More(i); ++i) SpinCpu(microseconds(20));
      burned[size_t(part)] += ThreadCpuTime() - before;
      return i;
    });
    ++slices;
    ASSERT_LT(slices, 100000);
  }
  EXPECT_GE(slices, 5) << "5 ms of CPU time cannot fit in fewer slices of 1 ms";
  for (int part = 0; part < 2; ++part) {
    EXPECT_GE(search.Used(part), budget) << part;
    EXPECT_GE(burned[size_t(part)], budget * 9 / 10) << part;
    EXPECT_LT(burned[size_t(part)], budget * 2) << part;
  }
  EXPECT_TRUE(search.Done());
}

// An iteration budget ignores the clock parameter: each part runs its share of the iterations.
TEST(BudgetClock, AnIterationBudgetIgnoresTheClock) {
  for (const bool cpu_clock : {false, true}) {
    SearchBudget budget;
    budget.iterations = 37;
    budget.cpu_clock = cpu_clock;
    SlicedSearch search(budget, 2);
    std::array<int64_t, 2> ran{};
    EXPECT_TRUE(search.Step(SlicedSearch::kWholeBudget, [&](int part, BudgetClock& clock) {
      int64_t i = 0;
      while (clock.More(i)) ++i;
      ran[size_t(part)] = i;
      return i;
    }));
    EXPECT_EQ(ran[0], 19) << cpu_clock;
    EXPECT_EQ(ran[1], 18) << cpu_clock;
  }
}

}  // namespace
}  // namespace savanna
