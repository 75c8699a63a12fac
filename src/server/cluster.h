// Several `savanna serve` nodes on one PostgreSQL database (docs/operations.md): each table is
// run by one node at a time, which holds its lease; a client on any node reaches any table, its
// messages relayed to the table's node and the answers and updates relayed back through
// PostgreSQL's LISTEN/NOTIFY (router.h); when a node dies, the others take its tables over.
//
// Leases are rows with an expiry on the database's clock (postgres_schema.cc, version 4): a node
// is alive while it renews its row of `nodes` (every lease/3 seconds); a lease names a node, and
// holds while that node is alive. Every write of a table's change passes savanna_fence (the
// writer holds the lease and is alive), which also locks the lease row until the write commits:
// a node taking the table over waits for that commit and then reads it, so no acknowledged move
// is lost, and a node that was cut off (its lease lapsed) can no longer write. The keeper thread
// of every node claims the tables of dead nodes (and of none) every scan, loads them and starts
// their AI seats; a node that could not renew its own row for a lease gives its tables up.
// Advisory locks were not chosen: they belong to one connection and have no expiry, so a node
// whose connection drops loses them all without noticing, and a frozen node keeps them forever.
//
// Limits across nodes: tables created and seats taken per client are token buckets in the
// database (savanna_take), the max-tables limit counts every node's unfinished tables, and each
// client's AI time is one account in the database that every node charges what it spent and
// reads back every second (savanna_spend). Requests per second and connections stay per node
// (the reverse proxy limits them across nodes: docs/operations.md).
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/router.h"
#include "server/ws_conversation.h"

namespace savanna::server {

class AgentScheduler;
class HttpApi;
class Lobby;

struct ClusterOptions {
  std::string url;      // the PostgreSQL database
  std::string node;     // this node's id (unique; random)
  std::string address;  // where this node listens (host:port), for operators
  // A node that has not renewed its row for this long is dead: its tables are taken over.
  double lease_seconds = 3;
  double scan_seconds = 0.5;  // how often the keeper looks for dead nodes and orphaned tables
  double relay_timeout = 10;  // seconds an HTTP request relayed to another node may take
  double ai_seconds_per_minute = 60;  // each client's shared AI budget (agent_scheduler.h)
  double ai_burst_seconds = 60;
};

class Cluster final : public Router {
 public:
  // Registers this node (alive from now on: its heartbeat thread runs) and opens the cluster's
  // connections.
  static Result<std::unique_ptr<Cluster>> Open(ClusterOptions options);
  ~Cluster() override;

  // Leases to this node every unfinished table of no live node (or of none); returns their ids.
  Result<std::vector<std::string>> ClaimOrphans();

  // What the relay and the keeper work with, once the server has made them.
  struct Parts {
    Lobby* lobby = nullptr;
    HttpApi* api = nullptr;
    boost::asio::any_io_executor net;
    WsLimits ws_limits;
    RateLimiter* joins = nullptr;
    AgentScheduler* agents = nullptr;
  };
  // Starts listening for other nodes' messages and the keeper (takeovers, dead nodes, leases
  // lost, the shared AI budgets).
  void Start(Parts parts);
  // Stops the threads and marks this node gone, so that the others take its tables over at once
  // (after the server has stored everything).
  void Stop();

  const std::string& node() const;

  // Limits across nodes: a token from the shared bucket `kind` of `client` (RateLimiter::Share),
  // and the unfinished tables of every node (Lobby::SetUnfinishedCounter).
  double Take(const std::string& kind, const std::string& client, double per_second, double burst);
  std::optional<size_t> UnfinishedTables();

  // Router
  std::string OwnerOf(const std::string& id) override;
  void Forward(const std::string& node, const std::shared_ptr<WsConversation>& conversation,
               uint64_t conn, const std::string& client, const std::string& text) override;
  void Leave(const std::string& node, uint64_t conn) override;
  void ForwardHttp(const std::string& node, const HttpRequest& request,
                   std::function<void(HttpResponse)> reply) override;
  void ListAll(Json local, std::function<void(Json)> reply) override;

  struct Impl;

 private:
  explicit Cluster(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace savanna::server
