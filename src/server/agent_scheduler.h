// Runs the AI seats' decisions of every table on a few threads, a slice at a time, taking turns
// between tables: a table with a decision waiting joins the back of a ring, a worker runs the
// front table's decision for one slice and puts the table back if it is not done. One table's
// long search therefore delays another table's AI by about one slice per table ahead of it,
// never by a whole search. A decision is also cut at the operator's thinking-time limit (it
// then plays the best action it found so far).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "agents/agent.h"

namespace savanna::server {

class AgentScheduler {
 public:
  struct Options {
    int threads = 2;
    std::chrono::milliseconds slice{10};
    double max_seconds = 10;  // thinking time after which a decision is cut
    // How much lower the workers' CPU priority is than the process's (Linux nice, added up to
    // 19): the network threads stay ahead of any amount of thinking, so acks stay prompt.
    int nice = 10;
  };
  using Done = std::function<void(Action)>;

  explicit AgentScheduler(Options options);
  ~AgentScheduler();
  AgentScheduler(const AgentScheduler&) = delete;
  AgentScheduler& operator=(const AgentScheduler&) = delete;

  // Queues `decision` for `owner` (a table). An owner's decisions run one at a time, in the order
  // submitted. `done` runs on a worker thread with the action, unless Cancel(owner) came first;
  // it must not block.
  void Submit(const void* owner, std::unique_ptr<Decision> decision, Done done);
  // Drops every decision of `owner`: queued ones at once, a running one after its slice.
  void Cancel(const void* owner);
  // Stops the workers after their current slices; queued decisions are dropped. Idempotent.
  void Stop();

  // Decisions queued or running now (for tests and monitoring).
  size_t Pending() const;

 private:
  struct Task {
    Done done;  // declared first: destroyed after the decision, which may refer to the table
    std::unique_ptr<Decision> decision;
    std::chrono::nanoseconds used{0};
  };
  struct Owner {
    std::deque<Task> queue;
    bool running = false;
    uint64_t generation = 0;  // bumped by Cancel
  };

  void Work();

  Options options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::map<const void*, Owner> owners_;
  std::deque<const void*> ring_;  // owners with a queued decision and none running
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace savanna::server
