// What the parts of a running server share (server.cc, http_session.cc, ws_session.cc): the
// server's state, the entry points of the two transports and the Boost names they use. Not part
// of the server's API.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/http.hpp>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/agent_scheduler.h"
#include "server/client_limits.h"
#include "server/http_api.h"
#include "server/router.h"
#include "server/server.h"

namespace savanna::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

struct Server::Impl {
  Impl(const GameRegistry& g, ServerOptions o);

  const GameRegistry& games;
  ServerOptions options;
  std::unique_ptr<TableStore> store;
  boost::asio::io_context net;
  AgentScheduler agents;
  ClientRates rates;
  ConnectionLimiter connections;
  std::unique_ptr<Lobby> lobby;
  std::unique_ptr<HttpApi> api;
  // Several nodes on PostgreSQL (cluster.h); null for a server alone.
  std::unique_ptr<Router> router;
  std::function<void()> stop_router;
  std::unique_ptr<tcp::acceptor> acceptor;
  std::vector<std::thread> threads;
  size_t resumed = 0;

  // Accepting: a pause after running out of descriptors, doubling while it lasts.
  std::optional<boost::asio::steady_timer> accept_pause;
  std::chrono::milliseconds pause{0};

  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work;

  std::mutex stop_mutex;
  std::condition_variable stop_cv;
  bool stopped = false;  // Stop() has begun
  bool done = false;     // Stop() has finished

  // One network thread: runs the io_context until it stops, whatever a handler throws.
  void Run();
  void Accept();
  void OnAccept(boost::system::error_code ec, tcp::socket socket);
};

// Serves one accepted connection: HTTP requests until it closes or upgrades to a WebSocket.
// `slot` is its place under the connection limits, held as long as the connection lives.
void ServeHttp(tcp::socket socket, Server::Impl& server, std::shared_ptr<void> slot);

// Takes over a connection whose request asked to upgrade to a WebSocket.
void ServeWebSocket(tcp::socket socket, http::request<http::string_body> request,
                    Server::Impl& server, std::string client, std::shared_ptr<void> slot);

}  // namespace savanna::server
