// The writer thread of the database stores, with group commit: every write queued while a batch
// commits goes into the next batch, in one transaction; when a batch fails, its writes are tried
// again one per transaction, so that one bad write cannot fail the others.
#pragma once

#include <functional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/result.h"
#include "server/batch_queue.h"

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
  void Push(Write write, Done done) { queue_.Push({std::move(write), std::move(done)}); }

  // Returns when every write queued before has committed or failed and its `done` has returned.
  void Flush() { queue_.WaitIdle(); }

  // Commits what is queued, then ends the thread. A store calls it before it closes its database.
  void Stop() {
    queue_.Close();
    if (thread_.joinable()) thread_.join();
  }

 private:
  struct Queued {
    Write write;
    Done done;
  };

  void Loop() {
    while (true) {
      std::vector<Queued> batch = queue_.Take();
      if (batch.empty()) return;
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
      queue_.Done();
    }
  }

  CommitBatch commit_;
  BatchQueue<Queued> queue_;
  std::thread thread_;
};

}  // namespace savanna::server
