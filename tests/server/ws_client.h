// A blocking WebSocket and HTTP client (Boost.Beast) for the server tests: a real client talking
// to a real server over loopback.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace savanna::testing {

using Json = nlohmann::json;

struct HttpReply {
  int status = 0;
  std::string body;
  std::string content_type;
  std::string retry_after;  // the Retry-After header, if any
  Json json() const { return Json::parse(body, nullptr, false); }
  // The error code of a refusal ({"code": ...}), or "" when there is none.
  std::string code() const { return json().value("code", ""); }
};

// One request on a fresh connection to 127.0.0.1:port; status 0 when the server is unreachable.
HttpReply Http(uint16_t port, const std::string& method, const std::string& target,
               const std::string& body = "");
HttpReply Http(uint16_t port, const std::string& method, const std::string& target,
               const Json& body);
// The same from the loopback address `source` (127.0.0.2, ...: another client to the server).
HttpReply HttpFrom(const std::string& source, uint16_t port, const std::string& method,
                   const std::string& target, const std::string& body = "");

class WsClient {
 public:
  // Connects to ws://127.0.0.1:port/ws from `source`; connected() tells whether that worked.
  explicit WsClient(uint16_t port, const std::string& source = "127.0.0.1");
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  bool connected() const;
  bool SendText(const std::string& text);
  bool SendBinary(const std::string& data);
  bool Send(const Json& message) { return SendText(message.dump()); }
  // The next message (parsed), or null after `timeout` or when the connection is closed.
  Json Receive(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Receives until a message of `type` (or an "error" when `stop_at_error`) arrives; the
  // messages skipped on the way are kept in history() too. Null on timeout or close.
  Json ReceiveType(const std::string& type, bool stop_at_error = true,
                   std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Sends `message` and returns the reply of `type` or the error that answers it.
  Json Request(const Json& message, const std::string& type);
  // Every message received so far, in order.
  const std::vector<Json>& history() const { return history_; }
  // The last "state" message received (null before any).
  const Json& last_state() const { return last_state_; }
  void Close();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::vector<Json> history_;
  Json last_state_;
};

}  // namespace savanna::testing
