// The AI scheduler (server/agent_scheduler.h) with decisions of known cost: tables take turns a
// slice at a time, a quick decision is not held up by a long one, a decision is cut at the
// thinking-time limit, and cancelled decisions never report.
#include "server/agent_scheduler.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <future>
#include <stdexcept>
#include <thread>
#include <vector>

namespace savanna::server {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// A decision that needs `slices` calls of Think (each busy for its slice) and then plays `action`.
class Busy final : public Decision {
 public:
  Busy(int slices, Action action, std::atomic<int>* thought = nullptr)
      : left_(slices), action_(action), thought_(thought) {}
  bool Think(std::chrono::nanoseconds slice) override {
    if (seen_ && seen_->load() < 0) seen_->store(watched_->load());
    const auto end = Clock::now() + slice;
    while (Clock::now() < end) {
    }
    if (thought_) ++*thought_;
    return --left_ <= 0;
  }
  Action Best() override { return left_ <= 0 ? action_ : action_ + 100; }
  // Before its first slice, copies `watched` into `seen` (another decision's slice count).
  void NoteAtFirstSlice(const std::atomic<int>* watched, std::atomic<int>* seen) {
    watched_ = watched;
    seen_ = seen;
  }

 private:
  int left_;
  Action action_;
  std::atomic<int>* thought_;
  const std::atomic<int>* watched_ = nullptr;
  std::atomic<int>* seen_ = nullptr;
};

// Judged in slices, not in wall time: the worker thinks at a lower priority, so on a loaded
// machine a slice may take far longer than its 5 ms.
TEST(AgentScheduler, AQuickDecisionIsNotHeldUpByLongSearches) {
  AgentScheduler scheduler({1, 5ms, 60});
  int long_a = 0, long_b = 0, quick = 0;
  std::atomic<int> long_slices{0}, long_slices_when_quick_began{-1};
  std::promise<Action> a_done, b_done, quick_done;
  scheduler.Submit(&long_a, std::make_unique<Busy>(60, 1, &long_slices),
                   [&](Action x) { a_done.set_value(x); });
  scheduler.Submit(&long_b, std::make_unique<Busy>(60, 2, &long_slices),
                   [&](Action x) { b_done.set_value(x); });
  std::this_thread::sleep_for(20ms);  // both long searches are under way on the one worker
  const int before = long_slices.load();
  ASSERT_LT(before, 100) << "the long searches were nearly done before the quick one came";
  auto quick_decision = std::make_unique<Busy>(1, 3);
  quick_decision->NoteAtFirstSlice(&long_slices, &long_slices_when_quick_began);
  scheduler.Submit(&quick, std::move(quick_decision), [&](Action x) { quick_done.set_value(x); });
  auto quick_future = quick_done.get_future();
  ASSERT_EQ(quick_future.wait_for(60s), std::future_status::ready);
  EXPECT_EQ(quick_future.get(), 3);
  // Two slices ahead of it at most (the running one and the other long table's), and one more
  // if a slice ended between reading `before` and submitting.
  EXPECT_LE(long_slices_when_quick_began.load() - before, 3)
      << "a long search held the quick decision up";
  EXPECT_EQ(a_done.get_future().get(), 1);
  EXPECT_EQ(b_done.get_future().get(), 2);
}

// A decision that notes the CPU priority (nice) of the thread it thinks on.
class NotePriority final : public Decision {
 public:
  explicit NotePriority(std::promise<int>& nice) : nice_(nice) {}
  bool Think(std::chrono::nanoseconds) override {
    errno = 0;
    nice_.set_value(getpriority(PRIO_PROCESS, pid_t(syscall(SYS_gettid))));
    return true;
  }
  Action Best() override { return 0; }

 private:
  std::promise<int>& nice_;
};

TEST(AgentScheduler, WorkersThinkAtALowerPriorityThanTheNetwork) {
  const int own = getpriority(PRIO_PROCESS, pid_t(syscall(SYS_gettid)));
  AgentScheduler scheduler({1, 5ms, 60, 10});
  std::promise<int> nice;
  int table = 0;
  scheduler.Submit(&table, std::make_unique<NotePriority>(nice), [](Action) {});
  auto seen = nice.get_future();
  ASSERT_EQ(seen.wait_for(2s), std::future_status::ready);
  EXPECT_EQ(seen.get(), std::min(19, own + 10)) << "the worker's nice value";
  EXPECT_EQ(getpriority(PRIO_PROCESS, pid_t(syscall(SYS_gettid))), own) << "only the worker's";
}

// Fairness is judged from b's first slice on: before it, a may have thought alone for as long as
// this thread took to submit b (under a loaded machine, several slices).
TEST(AgentScheduler, TablesTakeTurnsSliceBySlice) {
  constexpr int kSlices = 200;
  AgentScheduler scheduler({1, 1ms, 60});
  std::atomic<int> a{0}, b{0};
  std::atomic<int> a_when_b_began{-1};
  std::promise<void> a_done, b_done;
  int owner_a = 0, owner_b = 0;
  scheduler.Submit(&owner_a, std::make_unique<Busy>(kSlices, 1, &a),
                   [&](Action) { a_done.set_value(); });
  auto b_decision = std::make_unique<Busy>(kSlices, 2, &b);
  b_decision->NoteAtFirstSlice(&a, &a_when_b_began);
  scheduler.Submit(&owner_b, std::move(b_decision), [&](Action) { b_done.set_value(); });
  a_done.get_future().wait();
  const int head_start = a_when_b_began.load();
  ASSERT_GE(head_start, 0) << "b never thought while a did";
  ASSERT_LT(head_start, kSlices / 2) << "b waited for most of a's search";
  EXPECT_GE(b.load(), kSlices - head_start - 1) << "b had its turns while a was thinking";
  b_done.get_future().wait();
}

TEST(AgentScheduler, ADecisionIsCutAtTheThinkingTimeLimitWithItsBestSoFar) {
  AgentScheduler scheduler({1, 5ms, 0.05});
  int owner = 0;
  std::promise<Action> done;
  const auto start = Clock::now();
  scheduler.Submit(&owner, std::make_unique<Busy>(1000000, 7),
                   [&](Action x) { done.set_value(x); });
  auto future = done.get_future();
  ASSERT_EQ(future.wait_for(5s), std::future_status::ready);
  EXPECT_EQ(future.get(), 107) << "the best so far, not a finished decision";
  EXPECT_LT(Clock::now() - start, 1s);
}

// A cancelled decision reports once, with kInvalidAction (so its table can let go of what it
// thought about), never with an action; the running one stops after its slice.
TEST(AgentScheduler, CancelledDecisionsReportOnceWithNoAction) {
  AgentScheduler scheduler({1, 2ms, 60});
  int owner = 0, other = 0;
  std::atomic<int> cancelled{0}, chosen{0};
  for (int i = 0; i < 5; ++i)
    scheduler.Submit(&owner, std::make_unique<Busy>(50, i),
                     [&](Action a) { ++(a == kInvalidAction ? cancelled : chosen); });
  std::this_thread::sleep_for(10ms);
  scheduler.Cancel(&owner);
  std::promise<void> other_done;
  scheduler.Submit(&other, std::make_unique<Busy>(1, 0), [&](Action) { other_done.set_value(); });
  other_done.get_future().wait();
  std::this_thread::sleep_for(20ms);
  EXPECT_EQ(chosen.load(), 0);
  EXPECT_EQ(cancelled.load(), 5);
  EXPECT_EQ(scheduler.Pending(), 0u);
}

// One decision of an owner can be cancelled, queued or running, and the others go on.
TEST(AgentScheduler, OneDecisionIsCancelledByItsTicket) {
  AgentScheduler scheduler({1, 2ms, 60});
  int owner = 0;
  std::promise<Action> first, second, third;
  const auto running = scheduler.Submit(&owner, std::make_unique<Busy>(1000000, 1),
                                        [&](Action a) { first.set_value(a); });
  const auto queued = scheduler.Submit(&owner, std::make_unique<Busy>(5, 2),
                                       [&](Action a) { second.set_value(a); });
  scheduler.Submit(&owner, std::make_unique<Busy>(3, 3), [&](Action a) { third.set_value(a); });
  std::this_thread::sleep_for(10ms);
  scheduler.Cancel(&owner, queued);
  EXPECT_EQ(second.get_future().get(), kInvalidAction) << "the queued one reports at once";
  scheduler.Cancel(&owner, running);
  auto first_future = first.get_future();
  ASSERT_EQ(first_future.wait_for(5s), std::future_status::ready) << "the running one stops";
  EXPECT_EQ(first_future.get(), kInvalidAction);
  auto third_future = third.get_future();
  ASSERT_EQ(third_future.wait_for(5s), std::future_status::ready);
  EXPECT_EQ(third_future.get(), 3) << "the owner's other decision still runs";
  scheduler.Cancel(&owner, running);  // answered already: nothing happens
}

// Fairness between clients first: one client with many long decisions on many tables gets the
// same turns as another client with one table, not one turn per table. Judged in slices.
TEST(AgentScheduler, ClientsTakeTurnsBeforeTheirTables) {
  constexpr int kAttackerTables = 20, kSlices = 40;
  AgentScheduler scheduler({1, 1ms, 60, 10, /*client_seconds_per_minute=*/0});
  std::vector<int> attacker_tables(kAttackerTables);
  std::atomic<int> attacker_slices{0};
  for (int& table : attacker_tables)
    scheduler.Submit(
        &table, std::make_unique<Busy>(1000000, 1, &attacker_slices), [](Action) {},
        "198.51.100.7");
  std::this_thread::sleep_for(20ms);
  int honest = 0;
  std::atomic<int> honest_slices{0}, attacker_when_honest_began{-1};
  auto decision = std::make_unique<Busy>(kSlices, 2, &honest_slices);
  decision->NoteAtFirstSlice(&attacker_slices, &attacker_when_honest_began);
  std::promise<void> done;
  scheduler.Submit(
      &honest, std::move(decision), [&](Action) { done.set_value(); }, "203.0.113.9");
  done.get_future().wait();
  const int attacker_during = attacker_slices.load() - attacker_when_honest_began.load();
  // Turn about: the attacker thinks about one slice per honest slice (two for the slices that
  // ended around the honest decision's first and last), not twenty.
  EXPECT_LE(attacker_during, kSlices + 5) << "the attacker's tables outnumbered the honest one";
  scheduler.Cancel(&honest);
  for (int& table : attacker_tables) scheduler.Cancel(&table);
}

// A decision that uses `slice` of CPU time in each Think, however busy the machine: what a
// client's budget is charged.
class CpuBusy final : public Decision {
 public:
  explicit CpuBusy(std::atomic<int>* thought) : thought_(thought) {}
  bool Think(std::chrono::nanoseconds slice) override {
    const auto cpu = [] {
      timespec now{};
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
      return std::chrono::seconds(now.tv_sec) + std::chrono::nanoseconds(now.tv_nsec);
    };
    const auto end = cpu() + slice;
    while (cpu() < end) {
    }
    ++*thought_;
    return false;
  }
  Action Best() override { return 1; }

 private:
  std::atomic<int>* thought_;
};

// A client's AI seconds per minute: once spent, its decisions wait for the budget to refill
// while another client's go on.
TEST(AgentScheduler, AClientPastItsBudgetWaitsForItToRefill) {
  // 0.006 s a minute (a 5 ms slice refills in 50 s), 20 ms at once: after its burst the greedy
  // client gets no slice for the rest of the test, however slow the machine.
  AgentScheduler scheduler({1, 5ms, 60, 10, 0.006, 0.02});
  int greedy = 0, other = 0;
  std::atomic<int> greedy_slices{0};
  scheduler.Submit(
      &greedy, std::make_unique<CpuBusy>(&greedy_slices), [](Action) {}, "198.51.100.7");
  // Its burst: four slices of 5 ms of CPU time (a loaded machine stretches them in wall time).
  for (int k = 0; k < 3000 && greedy_slices.load() < 4; ++k) std::this_thread::sleep_for(10ms);
  std::this_thread::sleep_for(300ms);
  EXPECT_GE(greedy_slices.load(), 4) << "the client did not get its burst";
  EXPECT_LE(greedy_slices.load(), 5) << "the budget did not hold the client back";
  // Another client is served at once, not after the spent one's refill (50 s away).
  const int greedy_before = greedy_slices.load();
  std::promise<Action> other_done;
  scheduler.Submit(
      &other, std::make_unique<Busy>(5, 2), [&](Action a) { other_done.set_value(a); },
      "203.0.113.9");
  auto future = other_done.get_future();
  ASSERT_EQ(future.wait_for(30s), std::future_status::ready)
      << "another client waited on the spent one";
  EXPECT_EQ(future.get(), 2);
  EXPECT_LE(greedy_slices.load() - greedy_before, 1) << "the spent client was served meanwhile";
  scheduler.Cancel(&greedy);
}

// A decision whose thinking throws ends as cancelled; the worker lives on.
class Throws final : public Decision {
 public:
  bool Think(std::chrono::nanoseconds) override { throw std::runtime_error("bad search"); }
  Action Best() override { return 0; }
};

TEST(AgentScheduler, ADecisionThatThrowsEndsAloneAndTheWorkerGoesOn) {
  AgentScheduler scheduler({1, 2ms, 60});
  int owner = 0;
  std::promise<Action> failed, next;
  scheduler.Submit(&owner, std::make_unique<Throws>(), [&](Action a) { failed.set_value(a); });
  scheduler.Submit(&owner, std::make_unique<Busy>(2, 4), [&](Action a) { next.set_value(a); });
  EXPECT_EQ(failed.get_future().get(), kInvalidAction);
  EXPECT_EQ(next.get_future().get(), 4);
}

TEST(AgentScheduler, StopReturnsAfterTheCurrentSlices) {
  auto scheduler = std::make_unique<AgentScheduler>(AgentScheduler::Options{2, 5ms, 60});
  int a = 0, b = 0;
  scheduler->Submit(&a, std::make_unique<Busy>(100000, 1), [](Action) {});
  scheduler->Submit(&b, std::make_unique<Busy>(100000, 1), [](Action) {});
  std::this_thread::sleep_for(20ms);
  const auto start = Clock::now();
  scheduler->Stop();
  EXPECT_LT(Clock::now() - start, 500ms);
  scheduler.reset();
}

}  // namespace
}  // namespace savanna::server
