// The listener and the server's life: Start opens the store, resumes the tables, binds and
// starts the threads; each accepted connection gets a place under the connection limits (or is
// closed at once) and goes to the HTTP transport; running out of file descriptors pauses
// accepting instead of spinning; Stop shuts everything down in order.
#include "server/server.h"

#include <sys/resource.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <cerrno>
#include <iostream>

#include "server/server_internal.h"
#include "server/tokens.h"
#ifdef SAVANNA_HAVE_POSTGRES
#include "server/cluster.h"
#endif

namespace savanna::server {

namespace {

// The connections the server may hold at once when the operator leaves it open: the file
// descriptor limit (raised to its hard limit first) less a reserve for the database and the
// rest, so that accept() does not fail for want of descriptors.
size_t DefaultMaxConnections() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = std::min<rlim_t>(limit.rlim_max, 1 << 20);
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  const size_t descriptors = size_t(limit.rlim_cur);
  const size_t reserve = std::min<size_t>(64, descriptors / 2);
  return std::max<size_t>(1, descriptors - reserve);
}

// Joins the cluster of the servers on this PostgreSQL database: registers node `node`, shares
// the limits through the database, relays requests for other nodes' tables, and takes over the
// tables of no live node; returns the tables this node holds now.
Result<std::vector<std::string>> StartCluster([[maybe_unused]] Server::Impl& s,
                                              [[maybe_unused]] const std::string& node) {
#ifdef SAVANNA_HAVE_POSTGRES
  ClusterOptions options;
  options.url = s.options.db_path;
  options.node = node;
  options.address = s.options.host + ":" + std::to_string(s.acceptor->local_endpoint().port());
  options.lease_seconds = s.options.lease_seconds;
  options.ai_seconds_per_minute = s.options.ai_client_seconds_per_minute;
  options.ai_burst_seconds = s.options.ai_client_burst_seconds;
  auto cluster = Cluster::Open(options);
  if (!cluster) return tl::unexpected(cluster.error());
  Cluster* c = cluster->get();
  s.rates.creates.Share([c](const std::string& client, double per_second, double burst) {
    return c->Take("creates", client, per_second, burst);
  });
  s.rates.joins.Share([c](const std::string& client, double per_second, double burst) {
    return c->Take("joins", client, per_second, burst);
  });
  s.lobby->SetUnfinishedCounter([c] { return c->UnfinishedTables(); });
  s.api->SetRouter(c);
  auto held = c->ClaimOrphans();
  if (!held) return tl::unexpected(held.error());
  c->Start({s.lobby.get(), s.api.get(), s.net.get_executor(),
            WsLimits{s.options.max_message_bytes, s.options.messages_per_second,
                     s.options.message_burst},
            &s.rates.joins, &s.agents});
  s.stop_router = [c] { c->Stop(); };
  s.router = std::move(*cluster);
  return held;
#else
  return Fail(ErrorCode::kInvalidArgument, "this savanna was built without PostgreSQL");
#endif
}

}  // namespace

Server::Impl::Impl(const GameRegistry& g, ServerOptions o)
    : games(g),
      options(std::move(o)),
      net(options.network_threads),
      agents({options.agent_threads, options.ai_slice, options.ai_limits.max_seconds, 10,
              options.ai_client_seconds_per_minute, options.ai_client_burst_seconds}),
      rates{RateLimiter(options.requests_per_second, options.request_burst),
            RateLimiter(options.tables_per_minute / 60, options.tables_per_minute),
            RateLimiter(options.joins_per_minute / 60, options.joins_per_minute)},
      connections(options.max_connections_per_client,
                  options.max_connections > 0 ? options.max_connections : DefaultMaxConnections()) {
}

// The outermost exception boundary: a handler that throws past its own boundary (a connection's,
// a request's) ends that handler only; the thread logs it and runs the others on.
void Server::Impl::Run() {
  while (true) {
    try {
      net.run();
      return;
    } catch (const std::exception& e) {
      LogInternalError("a network thread", e.what());
    } catch (...) {
      LogInternalError("a network thread", "an exception that is not a std::exception");
    }
  }
}

void Server::Impl::Accept() {
  acceptor->async_accept(asio::make_strand(net),
                         [this](boost::system::error_code ec, tcp::socket socket) {
                           OnAccept(ec, std::move(socket));
                         });
}

void Server::Impl::OnAccept(boost::system::error_code ec, tcp::socket socket) {
  if (ec == asio::error::operation_aborted || !acceptor->is_open()) return;
  if (ec) {
    const int e = ec.value();
    if (e != EMFILE && e != ENFILE && e != ENOBUFS && e != ENOMEM) return Accept();
    // Out of descriptors or memory: the connection stays in the backlog; try again later
    // instead of spinning on accept.
    if (pause.count() == 0)
      std::cerr << "savanna serve: cannot accept connections (" << ec.message()
                << "); pausing accepts until descriptors are free\n";
    pause = std::min(std::chrono::milliseconds(1000),
                     std::max(std::chrono::milliseconds(10), pause * 2));
    accept_pause->expires_after(pause);
    accept_pause->async_wait([this](boost::system::error_code wait) {
      if (!wait) Accept();
    });
    return;
  }
  pause = std::chrono::milliseconds(0);
  boost::system::error_code peer_error;
  const auto peer = socket.remote_endpoint(peer_error);
  // Behind a trusted proxy every connection comes from it: only the total limit applies.
  const std::string client = peer_error ? std::string("?")
                             : peer.address().to_string() == options.trusted_proxy
                                 ? std::string()
                                 : ClientKey(peer.address());
  std::shared_ptr<void> slot = connections.Acquire(client);
  if (slot) {
    ServeHttp(std::move(socket), *this, std::move(slot));
  } else {
    socket.close(peer_error);  // over a limit: closed at once
  }
  Accept();
}

Server::Server(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Server::~Server() { Stop(); }

Result<std::unique_ptr<Server>> Server::Start(const GameRegistry& games, ServerOptions options) {
  options.network_threads = std::max(1, options.network_threads);
  options.agent_threads = std::max(1, options.agent_threads);
  // The defaults of every table must be within the operator's limits.
  const TableOptions& defaults = options.lobby.defaults;
  if (auto ok = CheckAiSeconds(defaults.ai_seconds, options.ai_limits); !ok)
    return Fail(ErrorCode::kInvalidArgument, "--ai-seconds: " + ok.error().message);
  if (auto spec = SeatSpec(defaults.replacement, defaults.ai_seconds, options.ai_limits); !spec)
    return Fail(ErrorCode::kInvalidArgument, "--replacement: " + spec.error().message);
  auto impl = std::make_unique<Impl>(games, std::move(options));
  InitSecrets();
  Impl& s = *impl;
  // On PostgreSQL this server is one node of a cluster (cluster.h), with an id of its own.
  const bool clustered = IsPostgresUrl(s.options.db_path);
  const std::string node = clustered ? RandomHex(8) : "";
  auto store = OpenStore(s.options.db_path, {s.options.durability, node});
  if (!store) return tl::unexpected(store.error());
  s.store = std::move(*store);
  TableContext context{s.store.get(), s.net.get_executor(), &s.agents, s.options.ai_limits,
                       s.options.max_takebacks};
  s.lobby = std::make_unique<Lobby>(games, context, s.options.lobby);
  // The UI's files, never the database (even when an operator puts it in the web folder).
  const std::string& db = s.options.db_path;
  std::vector<std::string> hidden;
  if (!IsPostgresUrl(db)) hidden = {db, db + "-wal", db + "-shm", db + "-journal"};
  auto files = StaticFiles::Load(s.options.web_dir, hidden);
  if (!files) return tl::unexpected(files.error());
  s.api = std::make_unique<HttpApi>(*s.lobby, std::move(*files), &s.rates);

  boost::system::error_code ec;
  const auto address = asio::ip::make_address(s.options.host, ec);
  if (ec)
    return Fail(ErrorCode::kInvalidArgument, "--host " + s.options.host + ": " + ec.message());
  const tcp::endpoint endpoint(address, s.options.port);
  s.acceptor = std::make_unique<tcp::acceptor>(s.net);
  s.acceptor->open(endpoint.protocol(), ec);
  if (!ec) s.acceptor->set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) s.acceptor->bind(endpoint, ec);
  if (!ec) s.acceptor->listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    return Fail(ErrorCode::kIoError, "cannot listen on " + s.options.host + ":" +
                                         std::to_string(s.options.port) + ": " + ec.message());
  std::optional<std::vector<std::string>> mine;  // with a cluster: the tables this node holds
  if (clustered) {
    auto held = StartCluster(s, node);
    if (!held) return tl::unexpected(held.error());
    mine = std::move(*held);
  }
  auto resumed = s.lobby->Resume(mine);
  if (!resumed) return tl::unexpected(resumed.error());
  s.resumed = *resumed;
  s.lobby->StartHousekeeping();
  s.accept_pause.emplace(s.net);
  s.Accept();
  s.work.emplace(s.net.get_executor());
  for (int i = 0; i < s.options.network_threads; ++i) s.threads.emplace_back([&s] { s.Run(); });
  return std::unique_ptr<Server>(new Server(std::move(impl)));
}

uint16_t Server::port() const { return impl_->acceptor->local_endpoint().port(); }
size_t Server::resumed_tables() const { return impl_->resumed; }
size_t Server::tables_in_memory() const { return impl_->lobby->InMemory(); }

void Server::Stop() {
  Impl& s = *impl_;
  {
    std::lock_guard lock(s.stop_mutex);
    if (s.stopped) return;
    s.stopped = true;
  }
  asio::post(s.net, [&s] {
    boost::system::error_code ec;
    s.acceptor->close(ec);
    s.accept_pause->cancel();
  });
  s.lobby->CloseAll();
  s.agents.Stop();
  s.store->Flush();
  if (s.stop_router) s.stop_router();
  s.work.reset();
  s.net.stop();
  for (auto& t : s.threads) t.join();
  s.threads.clear();
  {
    std::lock_guard lock(s.stop_mutex);
    s.done = true;
  }
  s.stop_cv.notify_all();
}

void Server::Wait() {
  std::unique_lock lock(impl_->stop_mutex);
  impl_->stop_cv.wait(lock, [this] { return impl_->done; });
}

}  // namespace savanna::server
