// The HTTP transport (Boost.Beast): one request at a time per connection, each to be received
// whole within the HTTP timeout (slow senders are cut off), headers up to their limit (431
// beyond), bodies up to theirs (413); routing is HttpApi's; an upgrade to /ws goes to the
// WebSocket transport once the client's request rate allows it.
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "server/server_internal.h"

namespace savanna::server {
namespace {

namespace websocket = beast::websocket;

class HttpSession final : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, Server::Impl& server, std::shared_ptr<void> slot)
      : stream_(std::move(socket)), server_(server), slot_(std::move(slot)) {
    beast::error_code ec;
    peer_ = stream_.socket().remote_endpoint(ec).address();
  }

  void Run() {
    asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->Read(); });
  }

 private:
  void Read() {
    parser_.emplace();
    parser_->body_limit(server_.options.max_message_bytes);
    parser_->header_limit(uint32_t(server_.options.max_header_bytes));
    stream_.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(server_.options.http_timeout)));
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
    if (ec == http::error::header_limit)
      return Write(
          ErrorResponse(ApiError{431, "headers_too_big",
                                 "the request's headers may have at most " +
                                     std::to_string(server_.options.max_header_bytes) + " bytes"}),
          false, 11);
    // A request that is not HTTP gets a 400 before the connection closes.
    if (ec && ec.category() == beast::http::make_error_code(http::error::bad_target).category() &&
        ec != http::error::end_of_stream && ec != http::error::partial_message)
      return Write(ErrorResponse({400, "bad_request", "not a valid HTTP/1.1 request"}), false, 11);
    if (ec) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      return;
    }
    http::request<http::string_body> request = parser_->release();
    const std::string client =
        ClientOf(peer_, request["X-Forwarded-For"], server_.options.trusted_proxy);
    if (websocket::is_upgrade(request)) {
      if (request.target() != "/ws")
        return Write(ErrorResponse({404, "not_found", "the WebSocket is at /ws"}), false,
                     request.version());
      if (auto refused = server_.api->Admit(client)) return Write(*refused, false, 11);
      stream_.expires_never();
      ServeWebSocket(stream_.release_socket(), std::move(request), server_, client,
                     std::move(slot_));
      return;
    }
    const bool keep_alive = request.keep_alive();
    const unsigned version = request.version();
    HttpRequest plain{std::string(request.method_string()), std::string(request.target()),
                      std::move(request.body()), client};
    server_.api->Handle(plain, [self = shared_from_this(), keep_alive, version](HttpResponse r) {
      asio::post(self->stream_.get_executor(), [self, r = std::move(r), keep_alive, version] {
        self->Write(r, keep_alive, version);
      });
    });
  }

  void Write(const HttpResponse& r, bool keep_alive, unsigned version) {
    auto response =
        std::make_shared<http::response<http::string_body>>(WireResponse(r, keep_alive, version));
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
  std::shared_ptr<void> slot_;
  boost::asio::ip::address peer_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
};

}  // namespace

void ServeHttp(tcp::socket socket, Server::Impl& server, std::shared_ptr<void> slot) {
  std::make_shared<HttpSession>(std::move(socket), server, std::move(slot))->Run();
}

}  // namespace savanna::server
