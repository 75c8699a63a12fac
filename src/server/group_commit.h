// The writer thread of the database stores, with group commit: every write queued while a batch
// commits goes into the next batch, in one transaction; when a batch fails, its writes are tried
// again one per transaction, so that one bad write cannot fail the others.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <iterator>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/result.h"

namespace savanna::server {

// `Write` is what a store queues (its statements); the store says how to commit a batch of them.
template <class Write>
class GroupCommit {
 public:
  // Commits `writes` in one transaction, or rolls them all back and says why.
  using CommitBatch = std::function<Result<void>(const std::vector<const Write*>& writes)>;
  using Done = std::function<void(Result<void>)>;

  GroupCommit() = default;
  GroupCommit(const GroupCommit&) = delete;
  GroupCommit& operator=(const GroupCommit&) = delete;
  ~GroupCommit() { Stop(); }

  // Starts the thread; `commit` runs on it only.
  void Start(CommitBatch commit) {
    commit_ = std::move(commit);
    thread_ = std::thread([this] { Loop(); });
  }

  // Queues `write`; `done` runs on the writer thread once it committed or failed.
  void Push(Write write, Done done) {
    {
      std::lock_guard lock(mutex_);
      queue_.push_back({std::move(write), std::move(done)});
    }
    wake_.notify_one();
  }

  // Returns when every write queued before has committed or failed and its `done` has returned.
  void Flush() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return queue_.empty() && !writing_; });
  }

  // Commits what is queued, then ends the thread. A store calls it before it closes its database.
  void Stop() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

 private:
  struct Queued {
    Write write;
    Done done;
  };

  void Loop() {
    while (true) {
      std::vector<Queued> batch;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;
        batch.assign(std::make_move_iterator(queue_.begin()),
                     std::make_move_iterator(queue_.end()));
        queue_.clear();
        writing_ = true;
      }
      std::vector<Result<void>> results(batch.size());
      std::vector<const Write*> all;
      for (const Queued& q : batch) all.push_back(&q.write);
      if (!commit_(all))
        for (size_t i = 0; i < batch.size(); ++i)
          if (auto ok = commit_({&batch[i].write}); !ok)
            results[i] =
                Fail(ErrorCode::kIoError, "the database refused the write: " + ok.error().message);
      for (size_t i = 0; i < batch.size(); ++i)
        if (batch[i].done) batch[i].done(results[i]);
      // The callbacks (and what they hold) go before Flush() can return.
      batch.clear();
      {
        std::lock_guard lock(mutex_);
        writing_ = false;
      }
      idle_.notify_all();
    }
  }

  CommitBatch commit_;
  std::mutex mutex_;  // guards the queue and the flags below
  std::condition_variable wake_, idle_;
  std::deque<Queued> queue_;
  bool writing_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace savanna::server
