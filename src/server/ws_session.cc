// The WebSocket transport (Boost.Beast) under a WsConversation: one strand per connection, a
// queue of outgoing messages bounded in bytes (a client that does not read is dropped), pings
// when the client is silent and a close when it stays silent, and a close for a connection that
// follows no table and says nothing.
#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>

#include "server/clock.h"
#include "server/server_internal.h"
#include "server/ws_conversation.h"

namespace savanna::server {
namespace {

namespace websocket = beast::websocket;

// Messages between max_message_bytes and this get a "message_too_big" reply; larger ones close
// the connection unread (Beast's own limit), so one connection holds at most this much of a
// message in memory.
size_t HardMessageLimit(size_t max_message_bytes) {
  return std::max<size_t>(4 * max_message_bytes, size_t(64) << 10);
}

class WsSession final : public WsConversation {
 public:
  WsSession(tcp::socket socket, Server::Impl& server, std::string client,
            std::shared_ptr<void> slot)
      : WsConversation(*server.lobby,
                       {server.options.max_message_bytes, server.options.messages_per_second,
                        server.options.message_burst},
                       &server.rates.joins, std::move(client)),
        ws_(std::move(socket)),
        server_(server),
        slot_(std::move(slot)),
        idle_timer_(ws_.get_executor()) {
    if (server.router) SetRouter(server.router.get());
  }

  void Start(http::request<http::string_body> request) {
    websocket::stream_base::timeout timeout;
    timeout.handshake_timeout = std::chrono::seconds(10);
    timeout.idle_timeout = Seconds(server_.options.ws_idle_timeout);
    timeout.keep_alive_pings = true;  // a ping after half the idle time; silence after it closes
    ws_.set_option(timeout);
    ws_.read_message_max(HardMessageLimit(server_.options.max_message_bytes));
    ws_.async_accept(request, [self = Self()](beast::error_code ec) {
      if (ec) return self->Closed();
      self->Read();
      self->WatchIdle();
    });
  }

 protected:
  void Post(std::function<void()> work) override {
    asio::post(ws_.get_executor(), std::move(work));
  }

  void Deliver(std::shared_ptr<const std::string> message) override {
    queued_bytes_ += message->size();
    if (queued_bytes_ > server_.options.max_queued_bytes) return CloseForPolicy();
    queue_.push_back(std::move(message));
    if (queue_.size() == 1) WriteNext();
  }

  void CloseForPolicy() override { CloseWith(websocket::close_code::policy_error); }
  void CloseAfterError() override { CloseWith(websocket::close_code::internal_error); }

 private:
  // A close frame, then, since a client that breaks the rules may not answer it, the socket
  // itself after a short grace.
  void CloseWith(websocket::close_code code) {
    if (closed()) return;
    Closed();
    ws_.async_close(code, [self = Self()](beast::error_code) { self->idle_timer_.cancel(); });
    idle_timer_.expires_after(std::chrono::seconds(1));
    idle_timer_.async_wait([self = Self()](beast::error_code ec) {
      if (ec) return;
      beast::error_code ignored;
      beast::get_lowest_layer(self->ws_).socket().close(ignored);
    });
  }

  std::shared_ptr<WsSession> Self() {
    return std::static_pointer_cast<WsSession>(shared_from_this());
  }

  void WriteNext() {
    ws_.text(true);
    ws_.async_write(asio::buffer(*queue_.front()), [self = Self()](beast::error_code ec, size_t) {
      if (ec) return self->Gone();
      self->queued_bytes_ -= self->queue_.front()->size();
      self->queue_.pop_front();
      if (!self->queue_.empty() && !self->closed()) self->WriteNext();
    });
  }

  void Read() {
    ws_.async_read(buffer_, [self = Self()](beast::error_code ec, size_t) {
      if (ec) return self->Gone();
      self->heard_ = true;
      std::string text = beast::buffers_to_string(self->buffer_.data());
      self->buffer_.consume(self->buffer_.size());
      self->Handle(text, self->ws_.got_text());
      if (!self->closed()) self->Read();
    });
  }

  // A connection that follows no table and has said nothing for a whole idle period is closed
  // (Beast's own timeout closes one that does not even answer pings).
  void WatchIdle() {
    idle_timer_.expires_after(Seconds(server_.options.ws_idle_timeout));
    idle_timer_.async_wait([self = Self()](beast::error_code ec) {
      if (ec || self->closed()) return;
      if (!self->following() && !self->heard_) return self->CloseForPolicy();
      self->heard_ = false;
      self->WatchIdle();
    });
  }

  void Gone() {
    Closed();
    idle_timer_.cancel();
  }

  websocket::stream<beast::tcp_stream> ws_;
  Server::Impl& server_;
  std::shared_ptr<void> slot_;
  beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  size_t queued_bytes_ = 0;
  asio::steady_timer idle_timer_;
  bool heard_ = false;  // a message arrived since the idle timer last looked
};

}  // namespace

void ServeWebSocket(tcp::socket socket, http::request<http::string_body> request,
                    Server::Impl& server, std::string client, std::shared_ptr<void> slot) {
  std::make_shared<WsSession>(std::move(socket), server, std::move(client), std::move(slot))
      ->Start(std::move(request));
}

}  // namespace savanna::server
