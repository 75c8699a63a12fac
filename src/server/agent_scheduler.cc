// The scheduler's workers: take the client that has had the fewest slices (skipping those whose
// budget is spent), think one slice of its next table's decision, put the decision back (at the
// front of its table's queue) or hand the action over, and charge the slice to the client.
#include "server/agent_scheduler.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <iostream>
#include <limits>
#include <utility>

#include "core/text.h"

namespace savanna::server {
namespace {

using SteadyClock = std::chrono::steady_clock;

// The client key of an owner that names none: the owner itself (keys of real clients are
// addresses, which never start with this byte).
std::string OwnClientKey(const void* owner) {
  char key[32];
  std::snprintf(key, sizeof key, "\x01%p", owner);
  return key;
}

// CPU time this thread has used, in seconds: what a slice is charged to its client's budget (not
// wall time, which a busy machine stretches).
double ThreadCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return double(now.tv_sec) + double(now.tv_nsec) * 1e-9;
}

// Clients remembered beyond this many are forgotten once they have nothing queued and their
// budget is full again.
constexpr size_t kClientsToPrune = 1024;

}  // namespace

AgentScheduler::AgentScheduler(Options options) : options_(options) {
  for (int i = 0; i < std::max(1, options_.threads); ++i) workers_.emplace_back([this] { Work(); });
}

AgentScheduler::~AgentScheduler() { Stop(); }

void AgentScheduler::Refill(Client& client, SteadyClock::time_point now) const {
  const double elapsed = std::chrono::duration<double>(now - client.refilled).count();
  client.refilled = now;
  client.budget = std::min(options_.client_burst_seconds,
                           client.budget + elapsed * options_.client_seconds_per_minute / 60);
}

void AgentScheduler::MakeReady(const void* owner) {
  const std::string& key = owners_[owner].client;
  auto [it, added] = clients_.try_emplace(key);
  Client& client = it->second;
  if (added) {
    client.budget = options_.client_burst_seconds;
    client.refilled = SteadyClock::now();
  }
  // A client that had nothing to think starts level with the least served active one: time it
  // did not use while idle is not owed to it.
  if (client.ready.empty() && client.running == 0) {
    client.used = std::max(client.used, floor_);
    client.turn = ++turns_;
  }
  client.ready.push_back(owner);
}

void AgentScheduler::ForgetReady(const void* owner, const std::string& key) {
  if (auto it = clients_.find(key); it != clients_.end()) std::erase(it->second.ready, owner);
}

AgentScheduler::Ticket AgentScheduler::Submit(const void* owner, std::unique_ptr<Decision> decision,
                                              Done done, const std::string& client) {
  Ticket ticket = 0;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return 0;
    ticket = next_ticket_++;
    auto [it, added] = owners_.try_emplace(owner);
    Owner& o = it->second;
    if (added) o.client = client.empty() ? OwnClientKey(owner) : client;
    const bool was_idle = o.queue.empty() && !o.running;
    o.queue.push_back(Task{std::move(done), std::move(decision), {}, ticket});
    if (was_idle) MakeReady(owner);
    if (clients_.size() > kClientsToPrune) {
      const auto now = SteadyClock::now();
      for (auto c = clients_.begin(); c != clients_.end();) {
        Refill(c->second, now);
        const bool idle = c->second.ready.empty() && c->second.running == 0 &&
                          c->second.budget >= options_.client_burst_seconds;
        c = idle ? clients_.erase(c) : std::next(c);
      }
    }
  }
  wake_.notify_one();
  return ticket;
}

void AgentScheduler::Report(std::vector<Task>& dropped) {
  for (Task& task : dropped) {
    task.decision.reset();
    if (task.done) task.done(kInvalidAction);
  }
}

void AgentScheduler::Cancel(const void* owner) {
  std::vector<Task> dropped;
  {
    std::lock_guard lock(mutex_);
    auto it = owners_.find(owner);
    if (it == owners_.end()) return;
    Owner& o = it->second;
    for (Task& task : o.queue) dropped.push_back(std::move(task));
    o.queue.clear();
    ForgetReady(owner, o.client);
    if (o.running)
      o.drop_running = true;
    else
      owners_.erase(it);
  }
  Report(dropped);  // outside the lock: a reply may submit again
}

void AgentScheduler::Cancel(const void* owner, Ticket ticket) {
  std::vector<Task> dropped;
  {
    std::lock_guard lock(mutex_);
    auto it = owners_.find(owner);
    if (it == owners_.end()) return;
    Owner& o = it->second;
    if (o.running == ticket) {
      o.drop_running = true;
      return;
    }
    auto task = std::find_if(o.queue.begin(), o.queue.end(),
                             [ticket](const Task& t) { return t.ticket == ticket; });
    if (task == o.queue.end()) return;
    dropped.push_back(std::move(*task));
    o.queue.erase(task);
    if (o.queue.empty()) {
      ForgetReady(owner, o.client);
      if (!o.running) owners_.erase(it);
    }
  }
  Report(dropped);
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
  clients_.clear();
}

size_t AgentScheduler::Pending() const {
  std::lock_guard lock(mutex_);
  size_t n = 0;
  for (const auto& [owner, o] : owners_) n += o.queue.size() + (o.running ? 1 : 0);
  return n;
}

AgentScheduler::Client* AgentScheduler::NextClient(SteadyClock::time_point now,
                                                   SteadyClock::time_point& wait_until) {
  wait_until = SteadyClock::time_point::max();
  Client* next = nullptr;
  double least_active = std::numeric_limits<double>::infinity();
  for (auto& [key, client] : clients_) {
    if (client.ready.empty() && client.running == 0) continue;
    least_active = std::min(least_active, client.used);
    if (client.ready.empty()) continue;
    if (options_.client_seconds_per_minute > 0) {
      Refill(client, now);
      if (client.budget <= 0) {  // spent: it may think again once the budget is back above 0
        const double seconds = -client.budget * 60 / options_.client_seconds_per_minute;
        wait_until = std::min(wait_until, now + std::chrono::duration_cast<SteadyClock::duration>(
                                                    std::chrono::duration<double>(seconds) +
                                                    std::chrono::milliseconds(1)));
        continue;
      }
    }
    if (next == nullptr || std::pair(client.used, client.turn) < std::pair(next->used, next->turn))
      next = &client;
  }
  if (least_active < std::numeric_limits<double>::infinity())
    floor_ = std::max(floor_, least_active);
  return next;
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
  const auto cap =
      std::chrono::duration_cast<Nanos>(std::chrono::duration<double>(options_.max_seconds));
  while (true) {
    const void* owner = nullptr;
    Task task;
    Client* client = nullptr;  // stays in clients_ while it has a decision running
    {
      Lock lock(mutex_);
      while (true) {
        if (stopping_) return;
        SteadyClock::time_point wait_until;
        if ((client = NextClient(SteadyClock::now(), wait_until))) break;
        if (wait_until == SteadyClock::time_point::max())
          wake_.wait(lock);
        else
          wake_.wait_until(lock, wait_until);
      }
      owner = client->ready.front();  // its tables take turns: this one goes to the back after
      client->ready.pop_front();
      ++client->running;
      Owner& o = owners_[owner];
      task = std::move(o.queue.front());
      o.queue.pop_front();
      o.running = task.ticket;
    }
    // One slice, never past the thinking-time limit. Whatever the thinking throws ends this
    // decision (reported as cancelled), never the worker.
    const Nanos left = std::max(cap - task.used, Nanos(0));
    const Nanos slice = std::min<Nanos>(options_.slice, left);
    const auto start = SteadyClock::now();
    const double cpu_start = ThreadCpuSeconds();
    bool done = false, failed = false;
    Action action = kInvalidAction;
    try {
      done = task.decision->Think(slice);
      task.used += SteadyClock::now() - start;
      done = done || task.used >= cap;
      if (done) action = task.decision->Best();
    } catch (const std::exception& e) {
      failed = true;
      std::cerr << "savanna serve: an AI decision failed: " << QuoteForMessage(e.what(), 200)
                << "\n";
    } catch (...) {
      failed = true;
      std::cerr << "savanna serve: an AI decision failed\n";
    }
    const double cpu_used = ThreadCpuSeconds() - cpu_start;

    Done reply;
    {
      std::lock_guard lock(mutex_);
      --client->running;
      ++client->used;
      client->budget -= cpu_used;
      client->unshared += cpu_used;
      client->turn = ++turns_;
      Owner& o = owners_[owner];
      o.running.reset();
      const bool dropped = o.drop_running || stopping_ || failed;
      o.drop_running = false;
      if (!dropped && !done) o.queue.push_front(std::move(task));
      if (dropped) action = kInvalidAction;
      if (done || dropped) reply = std::move(task.done);
      if (!o.queue.empty())
        MakeReady(owner);
      else
        owners_.erase(owner);
      if (stopping_) reply = nullptr;
    }
    wake_.notify_one();
    task.decision.reset();  // before the reply, which may hold the last reference to the table
    if (reply) reply(action);
  }
}

std::vector<std::pair<std::string, double>> AgentScheduler::TakeSpent() {
  std::lock_guard lock(mutex_);
  std::vector<std::pair<std::string, double>> spent;
  for (auto& [key, client] : clients_) {
    spent.emplace_back(key, client.unshared);
    client.unshared = 0;
  }
  return spent;
}

void AgentScheduler::SetBudget(const std::string& client, double seconds) {
  {
    std::lock_guard lock(mutex_);
    auto it = clients_.find(client);
    if (it == clients_.end()) return;
    it->second.budget = std::min(seconds, options_.client_burst_seconds);
    it->second.refilled = std::chrono::steady_clock::now();
  }
  wake_.notify_all();
}

}  // namespace savanna::server
