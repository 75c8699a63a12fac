// The stores' writer thread (server/group_commit.h): batches, the retry of a failed batch one
// write at a time, Flush and Stop.
#include "server/group_commit.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>
#include <vector>

namespace savanna::server {
namespace {

// A database of ints that refuses any transaction holding a negative one, and records the
// transactions it was asked for. Its first transaction can be held until Release().
class IntDatabase {
 public:
  explicit IntDatabase(bool hold_first = false) : held_(hold_first) {}

  Result<void> Commit(const std::vector<const int*>& writes) {
    std::unique_lock lock(mutex_);
    std::vector<int> batch;
    for (const int* w : writes) batch.push_back(*w);
    batches_.push_back(batch);
    started_.notify_all();
    released_.wait(lock, [this] { return !held_; });
    for (int w : batch)
      if (w < 0) return Fail(ErrorCode::kIoError, "no negative numbers");
    committed_.insert(committed_.end(), batch.begin(), batch.end());
    return {};
  }
  void AwaitFirstBatch() {
    std::unique_lock lock(mutex_);
    started_.wait(lock, [this] { return !batches_.empty(); });
  }
  void Release() {
    {
      std::lock_guard lock(mutex_);
      held_ = false;
    }
    released_.notify_all();
  }
  std::vector<std::vector<int>> batches() {
    std::lock_guard lock(mutex_);
    return batches_;
  }
  std::vector<int> committed() {
    std::lock_guard lock(mutex_);
    return committed_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable started_, released_;
  bool held_;
  std::vector<std::vector<int>> batches_;
  std::vector<int> committed_;
};

// What each write's `done` was told, by the write's own number (written on the writer thread,
// read after Flush).
struct Outcomes {
  std::vector<std::string> of;  // "ok" or the error message; "" while not yet told
  GroupCommit<int>::Done For(int i) {
    return [this, i](Result<void> r) { of[size_t(i)] = r ? "ok" : r.error().message; };
  }
};

TEST(GroupCommitTest, WritesQueuedDuringACommitGoIntoTheNextBatchTogether) {
  IntDatabase db(/*hold_first=*/true);
  GroupCommit<int> writer;
  writer.Start([&](const std::vector<const int*>& w) { return db.Commit(w); });
  Outcomes told{std::vector<std::string>(4)};
  writer.Push(0, told.For(0));
  db.AwaitFirstBatch();
  for (int i = 1; i < 4; ++i) writer.Push(i, told.For(i));
  db.Release();
  writer.Flush();
  EXPECT_EQ(db.batches(), (std::vector<std::vector<int>>{{0}, {1, 2, 3}}));
  EXPECT_EQ(db.committed(), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(told.of, (std::vector<std::string>(4, "ok")));
}

TEST(GroupCommitTest, ABadWriteFailsAloneWhenItsBatchIsTriedOneWriteAtATime) {
  IntDatabase db(/*hold_first=*/true);
  GroupCommit<int> writer;
  writer.Start([&](const std::vector<const int*>& w) { return db.Commit(w); });
  Outcomes told{std::vector<std::string>(4)};
  const int writes[] = {0, 1, -2, 3};
  writer.Push(writes[0], told.For(0));
  db.AwaitFirstBatch();
  for (int i = 1; i < 4; ++i) writer.Push(writes[i], told.For(i));
  db.Release();
  writer.Flush();
  EXPECT_EQ(db.batches(), (std::vector<std::vector<int>>{{0}, {1, -2, 3}, {1}, {-2}, {3}}));
  EXPECT_EQ(db.committed(), (std::vector<int>{0, 1, 3}));
  EXPECT_EQ(told.of, (std::vector<std::string>{
                         "ok", "ok", "the database refused the write: no negative numbers", "ok"}));
}

TEST(GroupCommitTest, StopCommitsWhatIsQueuedFirst) {
  IntDatabase db(/*hold_first=*/true);
  Outcomes told{std::vector<std::string>(3)};
  {
    GroupCommit<int> writer;
    writer.Start([&](const std::vector<const int*>& w) { return db.Commit(w); });
    writer.Push(0, told.For(0));
    db.AwaitFirstBatch();
    writer.Push(1, told.For(1));
    writer.Push(2, told.For(2));
    db.Release();
    writer.Stop();
    writer.Stop();  // a second Stop (the destructor's) does nothing
  }
  EXPECT_EQ(db.committed(), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(told.of, (std::vector<std::string>(3, "ok")));
}

}  // namespace
}  // namespace savanna::server
