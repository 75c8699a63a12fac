// The game server's request handling in process, for the WebSocket and HTTP fuzz targets: a
// lobby over an in-memory store, its network work run on this thread, and two tables made
// afresh for every input (one waiting for its second player, one being played) whose ids and
// tokens an input names with placeholders.
#pragma once

#include <boost/asio/io_context.hpp>
#include <memory>
#include <string>

#include "server/agent_scheduler.h"
#include "server/http_api.h"
#include "server/lobby.h"

namespace savanna::fuzz {

class ServerHarness {
 public:
  ServerHarness();
  ~ServerHarness();

  // A new lobby with the two tables.
  void Reset();
  // `text` with $W, $P (the waiting and the playing table's ids), $T (the token of seat 0 at
  // the playing table) and $C (the waiting table's creator token) filled in.
  std::string Substitute(std::string text) const;
  // Runs the network work queued (replies, table changes) until none is left.
  void Drain();

  server::Lobby& lobby() { return *lobby_; }
  server::HttpApi& api() { return *api_; }
  boost::asio::io_context& net() { return net_; }

 private:
  boost::asio::io_context net_;
  std::unique_ptr<server::TableStore> store_;
  server::AgentScheduler agents_;
  std::unique_ptr<server::Lobby> lobby_;
  std::unique_ptr<server::HttpApi> api_;
  std::string waiting_, playing_, token_, creator_;
};

}  // namespace savanna::fuzz
