// One process-wide pool of worker threads, shared by the simulation's games and the searches'
// parallel parts, so that no thread is started per decision or per run.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace savanna {

class ThreadPool {
 public:
  // The pool of the process. Its threads are started on demand and live until exit.
  static ThreadPool& Shared();

  ThreadPool() = default;
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;
  // Stops and joins every worker (waiting tasks are not run: Run never returns before its own).
  ~ThreadPool();

  // Runs task(0), ..., task(n - 1) at the same time and returns when all are done. Task 0 runs
  // on the calling thread; the others on idle workers (the pool grows so that there are enough,
  // up to kMaxThreads), and the caller runs itself any that no worker has picked up by the time
  // it is free, so a task may call Run again (a simulated game's search) without deadlock.
  // A task that throws ends only itself: once every task is done, Run throws the first such
  // exception on the calling thread (never on a worker, where it would end the process).
  void Run(int n, const std::function<void(int)>& task);

  int threads() const;
  static constexpr int kMaxThreads = 1024;

 private:
  struct Batch;
  struct Item {
    Batch* batch;
    int index;
  };
  void WorkerLoop();
  // Runs one item and marks it done in its batch; a worker passes the idle count.
  static void Execute(const Item& item, std::atomic<int>* idle);

  mutable std::mutex mutex_;
  std::condition_variable work_ready_;
  std::deque<Item> queue_;
  std::vector<std::thread> workers_;
  std::atomic<int> idle_{0};  // workers started and not running a task
  bool stopping_ = false;
};

}  // namespace savanna
