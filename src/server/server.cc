// The network side: a Beast listener, HTTP sessions (routed by HttpApi) and WebSocket sessions
// (one per connection, bound to at most one table at a time). Every socket works on its own
// strand; tables are reached only through their thread-safe methods.
#include "server/server.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <optional>
#include <thread>

#include "server/http_api.h"

namespace savanna::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

struct Server::Impl {
  Impl(const GameRegistry& g, ServerOptions o)
      : games(g),
        options(std::move(o)),
        net(options.network_threads),
        agents({options.agent_threads, options.ai_slice, options.ai_limits.max_seconds}) {}

  const GameRegistry& games;
  ServerOptions options;
  std::unique_ptr<TableStore> store;
  asio::io_context net;
  AgentScheduler agents;
  std::unique_ptr<Lobby> lobby;
  std::unique_ptr<HttpApi> api;
  std::unique_ptr<tcp::acceptor> acceptor;
  std::vector<std::thread> threads;
  size_t resumed = 0;

  std::optional<asio::executor_work_guard<asio::io_context::executor_type>> work;

  std::mutex stop_mutex;
  std::condition_variable stop_cv;
  bool stopped = false;  // Stop() has begun
  bool done = false;     // Stop() has finished

  void Accept();
};

namespace {

// Queued messages per connection; a client that reads slower than this is disconnected.
constexpr size_t kMaxQueuedMessages = 4096;
// A connection that keeps sending after this many refused (rate-limited) messages in a row is
// closed.
constexpr int kMaxRefusedInARow = 200;
// WebSocket frames past this size close the connection (Beast's own limit); messages between
// max_message_bytes and this get a "message_too_big" reply.
constexpr size_t kHardMessageLimit = 1 << 20;
constexpr size_t kMaxTableIdSize = 64;
constexpr size_t kMaxActionSize = 1000;

// Headers on every HTTP response: the browser may run only the UI's own scripts, load nothing
// from elsewhere, never guess content types, and never frame the page.
void SetSecurityHeaders(http::response<http::string_body>& response) {
  response.set("X-Content-Type-Options", "nosniff");
  response.set(http::field::x_frame_options, "DENY");
  response.set("Referrer-Policy", "no-referrer");
  response.set("Content-Security-Policy",
               "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
               "style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; "
               "form-action 'self'; frame-ancestors 'none'");
}

class WsSession final : public Client, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket socket, Server::Impl& server)
      : ws_(std::move(socket)), server_(server), tokens_(server.options.message_burst) {}

  void Accept(http::request<http::string_body> request) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(kHardMessageLimit);
    ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->Read();
    });
  }

  void Send(std::shared_ptr<const std::string> message) override {
    asio::post(ws_.get_executor(),
               [self = shared_from_this(), message] { self->Enqueue(message); });
  }

 private:
  // ---- Writing (on the strand) ----
  void Enqueue(std::shared_ptr<const std::string> message) {
    if (closed_) return;
    if (queue_.size() >= kMaxQueuedMessages) return Close(websocket::close_code::policy_error);
    queue_.push_back(std::move(message));
    if (queue_.size() == 1) WriteNext();
  }
  void SendNow(const Json& json) { Enqueue(std::make_shared<const std::string>(json.dump())); }
  void SendError(const ApiError& error, const Json& id) { SendNow(ErrorJson(error, id)); }

  void WriteNext() {
    ws_.text(true);
    ws_.async_write(asio::buffer(*queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, size_t) {
                      if (ec) return self->Closed();
                      self->queue_.pop_front();
                      if (!self->queue_.empty() && !self->closed_) self->WriteNext();
                    });
  }

  void Close(websocket::close_code code) {
    Closed();
    ws_.async_close(code, [self = shared_from_this()](beast::error_code) {});
  }

  // The connection is gone (or going): leave the table's viewers.
  void Closed() {
    if (closed_) return;
    closed_ = true;
    if (table_) table_->Detach(this);
    table_.reset();
  }

  // ---- Reading ----
  void Read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return self->Closed();
      std::string text = beast::buffers_to_string(self->buffer_.data());
      self->buffer_.consume(self->buffer_.size());
      self->Handle(text, self->ws_.got_text());
      if (!self->closed_) self->Read();
    });
  }

  // Token bucket: `messages_per_second` sustained, `message_burst` at once.
  bool Admit() {
    const auto now = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(now - last_refill_).count();
    last_refill_ = now;
    tokens_ = std::min(server_.options.message_burst,
                       tokens_ + elapsed * server_.options.messages_per_second);
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }

  void Handle(const std::string& text, bool is_text) {
    if (!Admit()) {
      if (++refused_in_a_row_ > kMaxRefusedInARow)
        return Close(websocket::close_code::policy_error);
      return SendError(
          {429, "rate_limited",
           "too many messages: at most " + Json(server_.options.messages_per_second).dump() +
               " per second; this one was ignored"},
          nullptr);
    }
    refused_in_a_row_ = 0;
    if (text.size() > server_.options.max_message_bytes)
      return SendError({413, "message_too_big",
                        "a message may have at most " +
                            std::to_string(server_.options.max_message_bytes) + " bytes"},
                       nullptr);
    if (!is_text)
      return SendError({400, "bad_request", "send messages as text frames of JSON"}, nullptr);
    auto message = ParseObject(text);
    if (!message) return SendError(message.error(), nullptr);
    Json id = message->value("id", Json());
    if (!id.is_null() && !id.is_number_integer() &&
        !(id.is_string() && id.get_ref<const std::string&>().size() <= 64))
      return SendError({400, "bad_request", "field 'id' must be an integer or a short string"},
                       nullptr);
    auto type = StringField(*message, "type", 32);
    if (!type) return SendError(type.error(), id);
    if (*type == "ping") return Ping(*message, id);
    if (*type == "join") return Join(*message, id);
    if (*type == "rejoin") return Rejoin(*message, id);
    if (*type == "spectate") return Spectate(*message, id);
    if (*type == "act") return Act(*message, id);
    if (*type == "leave") return Leave(*message, id);
    const std::string shown = type->size() > 32 ? type->substr(0, 32) : *type;
    SendError(
        {400, "bad_request",
         "unknown message type '" + shown + "' (types: join, rejoin, spectate, act, leave, ping)"},
        id);
  }

  // The table named by the message's "table" field, or an error reply (and null).
  std::shared_ptr<Table> FindTable(const Json& message, const Json& id) {
    auto name = StringField(message, "table", kMaxTableIdSize);
    if (!name) {
      SendError(name.error(), id);
      return nullptr;
    }
    auto table = server_.lobby->Find(*name);
    if (!table) SendError({404, "unknown_table", "no table with that id"}, id);
    return table;
  }

  // Leaves the table followed so far, before following another.
  void Unbind() {
    if (table_) table_->Detach(this);
    table_.reset();
    seated_ = false;
    token_.clear();
  }

  // Runs `then` on this connection's strand unless the connection has closed meanwhile.
  template <class F>
  void OnStrand(F then) {
    asio::post(ws_.get_executor(),
               [self = shared_from_this(), then = std::move(then)]() mutable { then(); });
  }

  void Ping(const Json& message, const Json& id) {
    if (auto ok = CheckFields(message, {"type", "id"}, "a ping"); !ok)
      return SendError(ok.error(), id);
    SendNow({{"type", "pong"}, {"id", id}});
  }

  void Join(const Json& message, const Json& id) {
    if (auto ok = CheckFields(message, {"type", "id", "table", "seat", "name"}, "a join"); !ok)
      return SendError(ok.error(), id);
    std::optional<int> seat;
    if (message.contains("seat")) {
      auto s = IntegerField(message, "seat", 0, kMaxPlayers - 1);
      if (!s) return SendError(s.error(), id);
      seat = int(*s);
    }
    std::string name;
    if (message.contains("name")) {
      auto n = StringField(message, "name", 40);
      if (!n) return SendError(n.error(), id);
      name = *n;
    }
    auto table = FindTable(message, id);
    if (!table) return;
    Unbind();
    auto self = shared_from_this();
    table->Join(seat, name, self, [self, table, id](ApiResult<Table::Joined> joined) {
      self->OnStrand([self, table, id, joined] {
        if (!joined) return self->SendError(joined.error(), id);
        self->Bind(table, joined->seat, joined->token);
        self->SendNow({{"type", "joined"},
                       {"table", table->id()},
                       {"seat", joined->seat},
                       {"token", joined->token},
                       {"id", id}});
      });
    });
  }

  void Rejoin(const Json& message, const Json& id) {
    if (auto ok = CheckFields(message, {"type", "id", "table", "token"}, "a rejoin"); !ok)
      return SendError(ok.error(), id);
    auto token = StringField(message, "token", 200);
    if (!token) return SendError(token.error(), id);
    auto table = FindTable(message, id);
    if (!table) return;
    Unbind();
    auto self = shared_from_this();
    table->Rejoin(*token, self, [self, table, id, token = *token](ApiResult<int> seat) {
      self->OnStrand([self, table, id, token, seat] {
        if (!seat) return self->SendError(seat.error(), id);
        self->Bind(table, *seat, token);
        self->SendNow({{"type", "joined"}, {"table", table->id()}, {"seat", *seat}, {"id", id}});
      });
    });
  }

  void Spectate(const Json& message, const Json& id) {
    if (auto ok = CheckFields(message, {"type", "id", "table"}, "a spectate"); !ok)
      return SendError(ok.error(), id);
    auto table = FindTable(message, id);
    if (!table) return;
    Unbind();
    auto self = shared_from_this();
    table->Spectate(self, [self, table, id](ApiResult<void> watching) {
      self->OnStrand([self, table, id, watching] {
        if (!watching) return self->SendError(watching.error(), id);
        self->Bind(table, kSpectator, "");
        self->SendNow({{"type", "spectating"}, {"table", table->id()}, {"id", id}});
      });
    });
  }

  void Bind(const std::shared_ptr<Table>& table, int seat, const std::string& token) {
    if (closed_) {  // closed while the table was answering
      table->Detach(this);
      return;
    }
    table_ = table;
    seat_ = seat;
    token_ = token;
    seated_ = seat != kSpectator;
  }

  void Act(const Json& message, const Json& id) {
    if (auto ok = CheckFields(message, {"type", "id", "action"}, "an act"); !ok)
      return SendError(ok.error(), id);
    auto action = StringField(message, "action", kMaxActionSize);
    if (!action) return SendError(action.error(), id);
    if (!seated_) return SendError({409, "not_seated", "join or rejoin a seat before acting"}, id);
    auto self = shared_from_this();
    table_->Act(seat_, token_, *action, [self, id](ApiResult<int64_t> index) {
      self->OnStrand([self, id, index] {
        if (!index) return self->SendError(index.error(), id);
        self->SendNow({{"type", "ack"}, {"index", *index}, {"id", id}});
      });
    });
  }

  void Leave(const Json& message, const Json& id) {
    if (auto ok = CheckFields(message, {"type", "id"}, "a leave"); !ok)
      return SendError(ok.error(), id);
    if (!seated_) return SendError({409, "not_seated", "this connection holds no seat"}, id);
    auto self = shared_from_this();
    auto table = table_;
    table_->Leave(token_, [self, table, id](ApiResult<int> seat) {
      self->OnStrand([self, table, id, seat] {
        if (!seat) return self->SendError(seat.error(), id);
        if (self->table_ == table) {
          self->table_.reset();
          self->seated_ = false;
          self->token_.clear();
        }
        self->SendNow({{"type", "left"}, {"table", table->id()}, {"seat", *seat}, {"id", id}});
      });
    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  Server::Impl& server_;
  beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  bool closed_ = false;
  // The table followed, and the seat held there (seated_) with its token.
  std::shared_ptr<Table> table_;
  int seat_ = kSpectator;
  bool seated_ = false;
  std::string token_;
  // Rate limiting.
  double tokens_;
  std::chrono::steady_clock::time_point last_refill_ = std::chrono::steady_clock::now();
  int refused_in_a_row_ = 0;
};

class HttpSession final : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, Server::Impl& server)
      : stream_(std::move(socket)), server_(server) {}

  void Run() {
    asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->Read(); });
  }

 private:
  void Read() {
    parser_.emplace();
    parser_->body_limit(server_.options.max_message_bytes);
    parser_->header_limit(16 * 1024);
    stream_.expires_after(std::chrono::seconds(60));
    http::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, size_t) { self->OnRead(ec); });
  }

  void OnRead(beast::error_code ec) {
    if (ec == http::error::body_limit)
      return Write(
          ErrorResponse({413, "message_too_big",
                         "a request body may have at most " +
                             std::to_string(server_.options.max_message_bytes) + " bytes"}),
          false, 11);
    if (ec) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      return;
    }
    http::request<http::string_body> request = parser_->release();
    if (websocket::is_upgrade(request)) {
      if (request.target() != "/ws")
        return Write(ErrorResponse({404, "not_found", "the WebSocket is at /ws"}), false,
                     request.version());
      stream_.expires_never();
      std::make_shared<WsSession>(stream_.release_socket(), server_)->Accept(std::move(request));
      return;
    }
    const bool keep_alive = request.keep_alive();
    const unsigned version = request.version();
    HttpRequest plain{std::string(request.method_string()), std::string(request.target()),
                      std::move(request.body())};
    server_.api->Handle(plain, [self = shared_from_this(), keep_alive, version](HttpResponse r) {
      asio::post(self->stream_.get_executor(), [self, r = std::move(r), keep_alive, version] {
        self->Write(r, keep_alive, version);
      });
    });
  }

  void Write(const HttpResponse& r, bool keep_alive, unsigned version) {
    auto response = std::make_shared<http::response<http::string_body>>(
        http::status(unsigned(r.status)), version);
    response->set(http::field::server, "savanna");
    response->set(http::field::content_type, r.content_type);
    response->set(http::field::cache_control, "no-store");
    SetSecurityHeaders(*response);
    for (const auto& [name, value] : r.headers) response->set(name, value);
    response->keep_alive(keep_alive);
    response->body() = r.shared_body ? *r.shared_body : r.body;
    response->prepare_payload();
    http::async_write(
        stream_, *response,
        [self = shared_from_this(), response, keep_alive](beast::error_code ec, size_t) {
          if (ec) return;
          if (!keep_alive) {
            self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
            return;
          }
          self->Read();
        });
  }

  beast::tcp_stream stream_;
  Server::Impl& server_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
};

}  // namespace

void Server::Impl::Accept() {
  acceptor->async_accept(asio::make_strand(net), [this](beast::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted || !acceptor->is_open()) return;
    if (!ec) std::make_shared<HttpSession>(std::move(socket), *this)->Run();
    Accept();
  });
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
  Impl& s = *impl;
  auto store = OpenSqliteStore(s.options.db_path, s.options.sync);
  if (!store) return tl::unexpected(store.error());
  s.store = std::move(*store);
  TableContext context{s.store.get(), s.net.get_executor(), &s.agents, s.options.ai_limits};
  s.lobby = std::make_unique<Lobby>(games, context, s.options.lobby);
  // The UI's files, never the database (even when an operator puts it in the web folder).
  const std::string& db = s.options.db_path;
  auto files =
      StaticFiles::Load(s.options.web_dir, {db, db + "-wal", db + "-shm", db + "-journal"});
  if (!files) return tl::unexpected(files.error());
  s.api = std::make_unique<HttpApi>(*s.lobby, std::move(*files));

  beast::error_code ec;
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
  auto resumed = s.lobby->Resume();
  if (!resumed) return tl::unexpected(resumed.error());
  s.resumed = *resumed;
  s.lobby->StartHousekeeping();
  s.Accept();
  s.work.emplace(s.net.get_executor());
  for (int i = 0; i < s.options.network_threads; ++i) s.threads.emplace_back([&s] { s.net.run(); });
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
    beast::error_code ec;
    s.acceptor->close(ec);
  });
  s.lobby->CloseAll();
  s.agents.Stop();
  s.store->Flush();
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
