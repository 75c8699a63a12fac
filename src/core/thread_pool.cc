// The pool's queue, its on-demand workers and the caller's share of a batch.
#include "core/thread_pool.h"

#include <algorithm>
#include <exception>

namespace savanna {

struct ThreadPool::Batch {
  const std::function<void(int)>* task = nullptr;
  std::mutex mutex;
  std::condition_variable finished;
  int pending = 0;           // items not yet finished, guarded by mutex
  std::exception_ptr error;  // the first exception a task threw, guarded by mutex

  // Runs task(index); what it throws is kept for the caller (the first only).
  void RunTask(int index) {
    try {
      (*task)(index);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!error) error = std::current_exception();
    }
  }
};

ThreadPool& ThreadPool::Shared() {
  static ThreadPool pool;
  return pool;
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  for (auto& worker : workers_) worker.join();
}

int ThreadPool::threads() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return int(workers_.size());
}

void ThreadPool::Execute(const Item& item, std::atomic<int>* idle) {
  item.batch->RunTask(item.index);
  // A worker counts as idle again before its batch can finish, so that the caller's next batch
  // does not start a thread for lack of an idle worker that is merely on its way back.
  if (idle != nullptr) ++*idle;
  std::lock_guard<std::mutex> lock(item.batch->mutex);
  if (--item.batch->pending == 0) item.batch->finished.notify_all();
}

void ThreadPool::WorkerLoop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    work_ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;
    const Item item = queue_.front();
    queue_.pop_front();
    --idle_;
    lock.unlock();
    Execute(item, &idle_);
    lock.lock();
  }
}

void ThreadPool::Run(int n, const std::function<void(int)>& task) {
  if (n <= 1) {
    if (n == 1) task(0);
    return;
  }
  Batch batch;
  batch.task = &task;
  batch.pending = n - 1;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (int i = 1; i < n; ++i) queue_.push_back({&batch, i});
    // Enough idle workers for this batch and whatever else waits in the queue.
    const int wanted =
        std::min<int>(int(queue_.size()) - idle_, kMaxThreads - int(workers_.size()));
    for (int w = 0; w < wanted; ++w) {
      workers_.emplace_back([this] { WorkerLoop(); });
      ++idle_;
    }
  }
  work_ready_.notify_all();
  batch.RunTask(0);
  // Run this batch's items that no worker has taken yet.
  while (true) {
    Item item{nullptr, 0};
    {
      std::lock_guard<std::mutex> lock(mutex_);
      const auto mine = std::find_if(queue_.begin(), queue_.end(),
                                     [&](const Item& i) { return i.batch == &batch; });
      if (mine == queue_.end()) break;
      item = *mine;
      queue_.erase(mine);
    }
    Execute(item, nullptr);
  }
  std::unique_lock<std::mutex> lock(batch.mutex);
  batch.finished.wait(lock, [&] { return batch.pending == 0; });
  if (batch.error) std::rethrow_exception(batch.error);
}

}  // namespace savanna
