// The AI scheduler (server/agent_scheduler.h) with decisions of known cost: tables take turns a
// slice at a time, a quick decision is not held up by a long one, a decision is cut at the
// thinking-time limit, and cancelled decisions never report.
#include "server/agent_scheduler.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <future>
#include <thread>

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

TEST(AgentScheduler, CancelledDecisionsNeverReport) {
  AgentScheduler scheduler({1, 2ms, 60});
  int owner = 0, other = 0;
  std::atomic<int> reported{0};
  for (int i = 0; i < 5; ++i)
    scheduler.Submit(&owner, std::make_unique<Busy>(50, i), [&](Action) { ++reported; });
  std::this_thread::sleep_for(10ms);
  scheduler.Cancel(&owner);
  std::promise<void> other_done;
  scheduler.Submit(&other, std::make_unique<Busy>(1, 0), [&](Action) { other_done.set_value(); });
  other_done.get_future().wait();
  std::this_thread::sleep_for(20ms);
  EXPECT_EQ(reported.load(), 0);
  EXPECT_EQ(scheduler.Pending(), 0u);
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
