// Runs the AI seats' decisions (and the coach's hint searches) of every table on a few threads, a
// slice at a time, fairly at two levels: between clients (the addresses the tables' AI time is
// charged to) and, within a client, between its tables. A free worker takes, among the clients
// with a decision waiting, the one that has had the fewest slices (counted while it has work;
// a client coming back from idle starts level with the least served active one), thinks its next
// table's decision for one slice and puts the table at the back of that client's turn. So one
// client's many long searches take no more than an equal share of the workers from another
// client, never a share per table, and delay it by about one slice, never a whole search. Each
// client also has a budget of AI seconds per minute (a token bucket): past it, its decisions wait
// until the budget has refilled. A decision is cut at the operator's thinking-time limit (it then
// plays the best action it found so far), and can be cancelled at once when it is no longer wanted
// (a take-back, a move, a table closing).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
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
    // Thinking seconds (CPU time of the workers) one client may use per minute, on all its
    // tables together, and how many it may use at once from a full budget (the bucket's size).
    // 0: no budget.
    double client_seconds_per_minute = 60;
    double client_burst_seconds = 60;
  };
  // Runs once for every decision submitted, on a worker thread or in Cancel, with the action
  // chosen, or with kInvalidAction when the decision was cancelled or its thinking failed (its
  // decision is destroyed first). Not called for decisions dropped by Stop. Must not block.
  using Done = std::function<void(Action)>;
  using Ticket = uint64_t;

  explicit AgentScheduler(Options options);
  ~AgentScheduler();
  AgentScheduler(const AgentScheduler&) = delete;
  AgentScheduler& operator=(const AgentScheduler&) = delete;

  // Queues `decision` for `owner` (a table), charged to `client` (empty: the owner is a client of
  // its own). An owner's decisions run one at a time, in the order submitted; an owner keeps the
  // client of its first queued decision while it has any. Returns the decision's ticket.
  Ticket Submit(const void* owner, std::unique_ptr<Decision> decision, Done done,
                const std::string& client = {});
  // Cancels every decision of `owner`: queued ones at once, a running one after its slice.
  void Cancel(const void* owner);
  // Cancels one decision of `owner` the same way (nothing when it has already answered).
  void Cancel(const void* owner, Ticket ticket);
  // Stops the workers after their current slices; queued decisions are dropped. Idempotent.
  void Stop();

  // Decisions queued or running now (for tests and monitoring).
  size_t Pending() const;

  // Several nodes share each client's budget (cluster.h): the thinking seconds each client with
  // work or a budget in use here has spent since the last call (0 for those that spent none),
  // and the budget the nodes' shared account says a client has left, which replaces this node's
  // own count (refilled from there as usual).
  std::vector<std::pair<std::string, double>> TakeSpent();
  void SetBudget(const std::string& client, double seconds);

 private:
  using Nanos = std::chrono::nanoseconds;
  struct Task {
    Done done;  // declared first: destroyed after the decision, which may refer to the table
    std::unique_ptr<Decision> decision;
    Nanos used{0};
    Ticket ticket = 0;
  };
  struct Owner {
    std::string client;
    std::deque<Task> queue;
    std::optional<Ticket> running;
    bool drop_running = false;  // cancelled while a worker thinks it
  };
  struct Client {
    std::deque<const void*> ready;  // owners with a queued decision and none running, in turn
    int running = 0;                // its decisions that workers think now
    double used = 0;                // slices it has had (the fair-share clock)
    uint64_t turn = 0;              // when it last came or was served: ties go to the earlier
    double budget = 0;              // thinking seconds left (may go below 0 by one slice)
    double unshared = 0;            // seconds spent since TakeSpent last looked
    std::chrono::steady_clock::time_point refilled;
  };
  using Lock = std::unique_lock<std::mutex>;

  void Work();
  // Puts `owner` (with a queued decision, none running) in its client's turn.
  void MakeReady(const void* owner);
  // The client with a decision waiting that has thought least and whose budget allows thinking;
  // null when none may think now (`wait_until` then says when one may).
  Client* NextClient(std::chrono::steady_clock::time_point now,
                     std::chrono::steady_clock::time_point& wait_until);
  void Refill(Client& client, std::chrono::steady_clock::time_point now) const;
  // Takes `owner` out of its client's turn (lock held).
  void ForgetReady(const void* owner, const std::string& client);
  static void Report(std::vector<Task>& dropped);

  Options options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  Ticket next_ticket_ = 1;
  std::map<const void*, Owner> owners_;
  std::map<std::string, Client> clients_;  // clients with work, or a budget used
  double floor_ = 0;                       // the least `used` of the active clients, last seen
  uint64_t turns_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace savanna::server
