// The local host: the game server's tables for one person on one device, with no network, store
// or thread of its own. It speaks the server's protocol (the HTTP API's calls as RPCs, the
// WebSocket's messages per socket, docs/protocol.md) through two calls, so the web UI plays
// against it unchanged; the browser's Web Worker (web/src/local/) relays the page's messages to
// it and keeps the records it hands out (docs/static.md, "The local host").
//
// Call takes one request and answers a JSON array of outputs, in order:
//   {"to": "rpc", "rpc": N, "ok": ...} or {"to": "rpc", "rpc": N, "error": {"code", "message"}}
//   {"to": "socket", "socket": S, "data": "<a server message's text>"}
//   {"to": "store", "table": ID, "record": {...}}: keep this (the table's whole record), replacing
//       what was kept for ID; {"to": "forget", "table": ID}: delete it
//   {"to": "busy", "busy": B, "wait_ms": W}, last in every answer: B while an AI seat or a hint
//       has thinking left (call Think); W > 0 when all that is left is an AI answer waiting for
//       its level's time, so Think has nothing to do for W milliseconds.
// Requests are {"rpc": N, "call": NAME, ...fields} (games, agents, tables, table, create, remove,
// rematch, review, restore) and {"socket": S, "open" | "close": true} or {"socket": S, "data":
// "<a client message's text>"}. A stored record holds the deal's seed: it goes to the worker's
// store, never into an rpc or socket output, which are all the page sees.
//
// Not thread-safe: one caller (the worker's thread). Every call is an exception boundary.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/registry.h"
#include "server/agent_limits.h"
#include "server/api_error.h"
#include "server/table_options.h"
#include "session/session.h"

namespace savanna::local {

using server::ApiError;
using server::ApiResult;
using server::Json;

struct LocalHostOptions {
  // What one AI decision may cost; a device has one thread.
  server::AgentLimits limits{10, 100000, 1, 64, "this device's"};
  server::TableOptions defaults;  // a new table's options where the request sets none
  size_t max_tables = 1000;       // tables kept on the device (finished ones included)
  size_t max_takebacks = 200;     // take-backs per game
  size_t max_message_bytes = 16384;
  // Sources of time and chance (tests replace them): steady seconds, Unix seconds, 64 random bits.
  std::function<double()> now;
  std::function<int64_t()> unix_now;
  std::function<uint64_t()> random;
};

class LocalHost {
 public:
  explicit LocalHost(const GameRegistry& games, LocalHostOptions options = {});
  ~LocalHost();
  LocalHost(const LocalHost&) = delete;
  LocalHost& operator=(const LocalHost&) = delete;

  // One request (see above); the outputs as a JSON array's text.
  std::string Call(std::string_view request);
  // Thinks for AI seats and hints for about `budget_ms` of wall time at most, then delivers what
  // is decided and due; the outputs as Call's.
  std::string Think(int budget_ms);

 private:
  struct Table;
  struct Connection;

  // ---- Outputs -----------------------------------------------------------------------------
  void Reply(const Json& rpc, Json ok);
  void ReplyError(const Json& rpc, const ApiError& error);
  void Send(int socket, const Json& message);
  void Store(const Table& table);
  std::string Finish();  // the collected outputs and the busy line

  // ---- RPCs --------------------------------------------------------------------------------
  void HandleRpc(const Json& request);
  ApiResult<Json> Create(const Json& request);
  ApiResult<Json> Remove(const Json& request);
  ApiResult<Json> Rematch(const Json& request);
  ApiResult<Json> Review(const Json& request);
  Json Restore(const Json& request);
  ApiResult<Table*> FindTable(const Json& request, std::string_view field);
  ApiResult<Table*> NewTable(std::shared_ptr<const Game> game, std::vector<std::string> labels,
                             const server::TableOptions& options, uint64_t seed);

  // ---- Sockets -----------------------------------------------------------------------------
  void HandleSocket(const Json& request);
  void HandleMessage(int socket, std::string_view text);
  void Join(int socket, const Json& message, const Json& id);
  void Rejoin(int socket, const Json& message, const Json& id);
  void Spectate(int socket, const Json& message, const Json& id);
  void Act(int socket, const Json& message, const Json& id);
  void Leave(int socket, const Json& id);
  void Hint(int socket, const Json& id);
  void TakeBack(int socket, const Json& id);
  void Detach(int socket);
  ApiResult<Table*> Seated(int socket, const std::string& what);
  // The table of a seat that may be coached (hints, take-backs): seated (else `not_seated`),
  // every other seat an AI (else `unavailable`), the game going on (else `not_playing`).
  ApiResult<Table*> Coached(int socket, const std::string& not_seated, const ApiError& unavailable,
                            const std::string& not_playing);

  // ---- Tables ------------------------------------------------------------------------------
  Json Summary(const Table& table) const;
  Json SeatsJson(const Table& table) const;
  std::string StatusName(const Table& table) const;
  bool Playing(const Table& table) const;
  bool SeatConnected(const Table& table, int seat) const;
  Json StateMessage(const Table& table, Player viewer, Json log) const;
  void SendFullState(int socket, const Table& table, Player viewer);
  void Broadcast(const Table& table, const std::vector<int64_t>& now_public, int64_t own,
                 int skip = 0);
  void ScheduleAgents(Table& table);
  void AfterAction(Table& table, Player seat, int64_t index, const Revealed& revealed);
  void CancelHint(Table& table, const char* why);
  void Drop(const std::string& id, const char* reason);
  Json StoredJson(const Table& table) const;
  ApiResult<std::unique_ptr<Table>> FromStored(const std::string& id, const Json& stored) const;
  std::string NewToken();
  std::string NewTableId();

  // Thinks for about `seconds` (a first slice at least) and delivers what is decided and due.
  void Advance(double seconds);
  bool Busy(double& wait_seconds) const;
  // Whether an AI seat or a hint has thinking left (not only an answer waiting for its time).
  bool Computing() const;
  // Drops every decision and hint under way (after a failure); each table asks its agents again.
  void DropThinking();

  const GameRegistry& games_;
  LocalHostOptions options_;
  std::map<std::string, std::unique_ptr<Table>> tables_;
  std::map<int, Connection> sockets_;
  std::vector<Json> out_;
};

}  // namespace savanna::local
