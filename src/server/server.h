// `savanna serve`: HTTP and WebSocket on one port (Boost.Beast), tables in a Lobby, storage in
// a TableStore (SQLite or PostgreSQL), AI seats on a worker pool. Start() binds, resumes every
// stored table and returns a running server; Stop() (or the destructor) shuts it down.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "core/registry.h"
#include "server/agent_limits.h"
#include "server/lobby.h"
#include "server/table_store.h"

namespace savanna::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;  // 0: any free port (see Server::port())
  // The tables' store (table_store.h OpenStore): a SQLite file, or a postgresql:// URL.
  std::string db_path = "savanna.db";
  Durability durability = Durability::kFull;
  std::string web_dir;                     // the built web UI; empty: the built-in page at /
  int network_threads = 1;                 // run the sockets and the tables' (short) work
  int agent_threads = 2;                   // run the AI seats' decisions (AgentScheduler)
  std::chrono::milliseconds ai_slice{10};  // the scheduler's time slice
  AgentLimits ai_limits;                   // what one AI decision may cost
  // AI thinking seconds per minute one client's tables (and hints) may use together, and the
  // most they may use at once from a full budget (agent_scheduler.h). 0: no budget.
  double ai_client_seconds_per_minute = 60;
  double ai_client_burst_seconds = 60;
  size_t max_takebacks = 100;            // take-backs one game may have
  size_t max_message_bytes = 16 * 1024;  // larger WebSocket messages and HTTP bodies are refused
  double messages_per_second = 20;       // per connection, sustained ...
  double message_burst = 40;             // ... with bursts up to this many
  LobbyOptions lobby;
  // With a PostgreSQL database (several nodes may share it; cluster.h): seconds after which a
  // node that stopped renewing its lease is taken for dead and its tables are taken over.
  double lease_seconds = 3;

  // What one client (an address; client_limits.h) may cost, and the connections in all.
  double requests_per_second = 20;  // HTTP requests and WebSocket upgrades, sustained ...
  double request_burst = 60;        // ... with bursts up to this many
  double tables_per_minute = 10;    // tables created (and rematches), also the burst
  double joins_per_minute = 30;     // seats taken over HTTP or the WebSocket, also the burst
  size_t max_connections_per_client = 32;
  size_t max_connections = 0;  // 0: the file-descriptor limit less a reserve
  std::string trusted_proxy;   // a reverse proxy's address: its X-Forwarded-For names the client
  size_t max_header_bytes = 16 * 1024;        // larger request headers get 431
  double http_timeout = 10;                   // seconds to receive one whole HTTP request
  double ws_idle_timeout = 60;                // seconds of silence before a WebSocket closes
  size_t max_queued_bytes = size_t(4) << 20;  // unsent replies to a client that does not read
};

class Server {
 public:
  // Opens the store, resumes its tables, binds host:port and starts the threads. Errors: the
  // store cannot be opened or read, the address cannot be bound.
  static Result<std::unique_ptr<Server>> Start(const GameRegistry& games, ServerOptions options);
  ~Server();

  uint16_t port() const;
  size_t resumed_tables() const;
  // Tables in the server's memory now (finished and idle ones leave it; the store keeps them).
  size_t tables_in_memory() const;
  // Stops accepting, closes every connection, waits for the threads and the store. Idempotent.
  void Stop();
  // Blocks until Stop() is called (from another thread or a signal handler's Stop).
  void Wait();

  struct Impl;

 private:
  explicit Server(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace savanna::server
