// The test client over Beast: every operation runs on the client's own io_context with a
// deadline, so a silent server fails a test instead of hanging it.
#include "server/ws_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <optional>

#include "server/message_capture.h"

namespace savanna::testing {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

// Runs `ioc` until `done` or `timeout`; on timeout cancels the socket's operations.
template <class Stream>
bool RunFor(asio::io_context& ioc, const bool& done, Stream& stream,
            std::chrono::milliseconds timeout) {
  ioc.restart();
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!done && std::chrono::steady_clock::now() < deadline) ioc.run_one_until(deadline);
  if (done) return true;
  beast::get_lowest_layer(stream).cancel();
  ioc.restart();
  ioc.run_for(std::chrono::milliseconds(200));
  return false;
}

}  // namespace

HttpReply Http(uint16_t port, const std::string& method, const std::string& target,
               const std::string& body) {
  return HttpFrom("127.0.0.1", port, method, target, body);
}

HttpReply HttpFrom(const std::string& source, uint16_t port, const std::string& method,
                   const std::string& target, const std::string& body) {
  HttpReply reply;
  try {
    asio::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.socket().open(tcp::v4());
    stream.socket().bind(tcp::endpoint(asio::ip::make_address(source), 0));
    stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    http::request<http::string_body> request(http::string_to_verb(method), target, 11);
    request.set(http::field::host, "127.0.0.1");
    if (!body.empty()) request.set(http::field::content_type, "application/json");
    request.body() = body;
    request.prepare_payload();
    stream.expires_after(std::chrono::seconds(10));
    http::write(stream, request);
    beast::flat_buffer buffer;
    http::response<http::string_body> response;
    http::read(stream, buffer, response);
    reply.status = int(response.result_int());
    reply.body = response.body();
    reply.content_type = std::string(response[http::field::content_type]);
    reply.retry_after = std::string(response[http::field::retry_after]);
    CaptureHttp(method, target, reply.status, reply.content_type, reply.body);
    beast::error_code ec;
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  } catch (const std::exception&) {
    reply.status = 0;
  }
  return reply;
}

HttpReply Http(uint16_t port, const std::string& method, const std::string& target,
               const Json& body) {
  return Http(port, method, target, body.dump());
}

struct WsClient::Impl {
  asio::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
  beast::flat_buffer buffer;
  bool open = false;
};

WsClient::WsClient(uint16_t port, const std::string& source) : impl_(std::make_unique<Impl>()) {
  beast::error_code ec;
  auto& socket = beast::get_lowest_layer(impl_->ws).socket();
  socket.open(tcp::v4(), ec);
  if (!ec) socket.bind(tcp::endpoint(asio::ip::make_address(source), 0), ec);
  if (!ec)
    beast::get_lowest_layer(impl_->ws).connect(
        tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
  if (ec) return;
  impl_->ws.handshake("127.0.0.1", "/ws", ec);
  impl_->open = !ec;
}

WsClient::~WsClient() { Close(); }

bool WsClient::connected() const { return impl_->open; }

bool WsClient::SendText(const std::string& text) {
  if (!impl_->open) return false;
  beast::error_code ec;
  impl_->ws.text(true);
  impl_->ws.write(asio::buffer(text), ec);
  if (ec) impl_->open = false;
  return !ec;
}

bool WsClient::SendBinary(const std::string& data) {
  if (!impl_->open) return false;
  beast::error_code ec;
  impl_->ws.binary(true);
  impl_->ws.write(asio::buffer(data), ec);
  if (ec) impl_->open = false;
  return !ec;
}

Json WsClient::Receive(std::chrono::milliseconds timeout) {
  if (!impl_->open) return nullptr;
  bool done = false;
  beast::error_code result;
  impl_->ws.async_read(impl_->buffer, [&](beast::error_code ec, size_t) {
    result = ec;
    done = true;
  });
  if (!RunFor(impl_->ioc, done, impl_->ws, timeout) || result) {
    impl_->open = false;
    return nullptr;
  }
  const std::string text = beast::buffers_to_string(impl_->buffer.data());
  CaptureWs(text);
  Json message = Json::parse(text, nullptr, false);
  impl_->buffer.consume(impl_->buffer.size());
  history_.push_back(message);
  if (message.is_object() && message.value("type", "") == "state") last_state_ = message;
  return message;
}

Json WsClient::ReceiveType(const std::string& type, bool stop_at_error,
                           std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return nullptr;
    Json message = Receive(left);
    if (message.is_null()) return nullptr;
    const std::string got = message.value("type", "");
    if (got == type || (stop_at_error && got == "error")) return message;
  }
}

Json WsClient::Request(const Json& message, const std::string& type) {
  if (!Send(message)) return nullptr;
  return ReceiveType(type);
}

void WsClient::Close() {
  if (!impl_->open) return;
  impl_->open = false;
  beast::error_code ec;
  beast::get_lowest_layer(impl_->ws).socket().shutdown(tcp::socket::shutdown_both, ec);
  beast::get_lowest_layer(impl_->ws).socket().close(ec);
}

}  // namespace savanna::testing
