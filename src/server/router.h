// Several servers (nodes) on one database: how a node's transports reach the tables that another
// node runs. The cluster (cluster.h, PostgreSQL only) implements it; a server on its own has
// none. Every table is run by one node at a time (its lease); a request about a table that
// another node runs is relayed there over the database's LISTEN/NOTIFY, and the answers and the
// table's updates come back the same way.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/json_io.h"

namespace savanna::server {

class WsConversation;
struct HttpRequest;
struct HttpResponse;

class Router {
 public:
  virtual ~Router() = default;

  // The node that runs table `id`, or "" when it is this one (a table whose node is gone is taken
  // over here first) or there is no such table. Blocks for a database round trip.
  virtual std::string OwnerOf(const std::string& id) = 0;

  // WebSocket relay: `text` (a client message of connection `conn`, from client address
  // `client`) goes to the conversation that `node` keeps for that connection (made on its first
  // message); what that conversation sends comes back to `conversation` (its Send), and if the
  // node goes away, `conversation` is closed (the client reconnects). Leave ends the relay.
  virtual void Forward(const std::string& node, const std::shared_ptr<WsConversation>& conversation,
                       uint64_t conn, const std::string& client, const std::string& text) = 0;
  virtual void Leave(const std::string& node, uint64_t conn) = 0;

  // HTTP relay: `request` is answered by `node`'s API (503 when it does not answer in time).
  virtual void ForwardHttp(const std::string& node, const HttpRequest& request,
                           std::function<void(HttpResponse)> reply) = 0;
  // GET /api/tables across the nodes: `local` (this node's list) merged with every other live
  // node's, oldest first.
  virtual void ListAll(Json local, std::function<void(Json)> reply) = 0;
};

}  // namespace savanna::server
