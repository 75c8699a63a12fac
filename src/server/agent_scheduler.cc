// The scheduler's workers: take the table at the front of the ring, think one slice, put the
// decision back (at the front of its table's queue) or hand the action over.
#include "server/agent_scheduler.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace savanna::server {

AgentScheduler::AgentScheduler(Options options) : options_(options) {
  for (int i = 0; i < std::max(1, options_.threads); ++i) workers_.emplace_back([this] { Work(); });
}

AgentScheduler::~AgentScheduler() { Stop(); }

void AgentScheduler::Submit(const void* owner, std::unique_ptr<Decision> decision, Done done) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    Owner& o = owners_[owner];
    const bool was_idle = o.queue.empty() && !o.running;
    o.queue.push_back(Task{std::move(done), std::move(decision), {}});
    if (was_idle) ring_.push_back(owner);
  }
  wake_.notify_one();
}

void AgentScheduler::Cancel(const void* owner) {
  std::deque<Task> dropped;  // destroyed outside the lock
  std::lock_guard lock(mutex_);
  auto it = owners_.find(owner);
  if (it == owners_.end()) return;
  dropped.swap(it->second.queue);
  ++it->second.generation;
  std::erase(ring_, owner);
  if (!it->second.running) owners_.erase(it);
}

void AgentScheduler::Stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && workers_.empty()) return;
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& worker : workers_) worker.join();
  workers_.clear();
  std::map<const void*, Owner> dropped;  // destroyed outside the lock
  std::lock_guard lock(mutex_);
  dropped.swap(owners_);
  ring_.clear();
}

size_t AgentScheduler::Pending() const {
  std::lock_guard lock(mutex_);
  size_t n = 0;
  for (const auto& [owner, o] : owners_) n += o.queue.size() + (o.running ? 1 : 0);
  return n;
}

void AgentScheduler::Work() {
  // Per thread on Linux: only this worker thinks at the lower priority. Failing to lower it
  // (a sandbox may refuse) leaves the worker as it was, which is still correct.
  if (options_.nice > 0) {
    const pid_t self = pid_t(syscall(SYS_gettid));
    errno = 0;
    const int nice = getpriority(PRIO_PROCESS, self);
    if (errno == 0) setpriority(PRIO_PROCESS, self, std::min(19, nice + options_.nice));
  }
  const auto cap = std::chrono::duration_cast<std::chrono::nanoseconds>(
      std::chrono::duration<double>(options_.max_seconds));
  while (true) {
    const void* owner = nullptr;
    Task task;
    uint64_t generation = 0;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !ring_.empty(); });
      if (stopping_) return;
      owner = ring_.front();
      ring_.pop_front();
      Owner& o = owners_[owner];
      task = std::move(o.queue.front());
      o.queue.pop_front();
      o.running = true;
      generation = o.generation;
    }
    // One slice, never past the thinking-time limit.
    const std::chrono::nanoseconds left = std::max(cap - task.used, std::chrono::nanoseconds(0));
    const std::chrono::nanoseconds slice = std::min<std::chrono::nanoseconds>(options_.slice, left);
    const auto start = std::chrono::steady_clock::now();
    bool done = task.decision->Think(slice);
    task.used += std::chrono::steady_clock::now() - start;
    done = done || task.used >= cap;
    const Action action = done ? task.decision->Best() : kInvalidAction;

    Done reply;
    {
      std::lock_guard lock(mutex_);
      Owner& o = owners_[owner];
      o.running = false;
      const bool cancelled = o.generation != generation || stopping_;
      if (!cancelled && !done) o.queue.push_front(std::move(task));
      if (!cancelled && done) reply = std::move(task.done);
      if (!o.queue.empty())
        ring_.push_back(owner);
      else
        owners_.erase(owner);
    }
    wake_.notify_one();
    task.decision.reset();  // before the reply, which may hold the last reference to the table
    if (reply) reply(action);
  }
}

}  // namespace savanna::server
