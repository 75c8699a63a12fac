// One WebSocket connection's conversation, without the transport: it reads each client message
// (checked field by field), talks to the lobby and the tables, and answers through the
// transport's Deliver. The Beast session (ws_session.cc) and the fuzzer supply the transport;
// everything a hostile message can reach is here.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "server/client_limits.h"
#include "server/lobby.h"
#include "server/router.h"

namespace savanna::server {

struct WsLimits {
  size_t max_message_bytes = 16 * 1024;  // larger messages get "message_too_big"
  double messages_per_second = 20;       // per connection, sustained ...
  double message_burst = 40;             // ... with bursts up to this many
};

class WsConversation : public Client, public std::enable_shared_from_this<WsConversation> {
 public:
  // `joins` (optional) limits seat taking per client (`client`, the key of ClientLimits).
  WsConversation(Lobby& lobby, WsLimits limits, RateLimiter* joins, std::string client);

  // Tables call this from any thread; the message is delivered on the connection's own thread.
  void Send(std::shared_ptr<const std::string> message) override;

  // One message from the client: a text frame's payload (`is_text`) or a binary one's. An
  // exception boundary, as is every reply's delivery: whatever a handler throws is logged,
  // answered with an "internal" error, and closes this connection only (CloseAfterError).
  void Handle(const std::string& text, bool is_text);
  // The connection is gone (or going): leave the table followed.
  void Closed();
  bool closed() const { return closed_; }
  // Whether the connection follows a table now (joined, rejoined or spectating), here or on
  // another node.
  bool following() const { return table_ != nullptr || !remote_.empty(); }

  // Several nodes (router.h): a message that names a table another node runs, and the messages
  // after it until one names a table of this node, are relayed to that node's conversation for
  // this connection; its replies come back through Send.
  void SetRouter(Router* router) { router_ = router; }
  uint64_t connection_id() const { return connection_id_; }
  // Closes the connection from another thread (the node that held its table went away): the
  // client reconnects and rejoins.
  void CloseSoon();

 protected:
  // ---- The transport ----
  // Runs `work` later on the connection's own thread (its strand), one thing at a time.
  virtual void Post(std::function<void()> work) = 0;
  // Sends one message to the client (called on the connection's thread).
  virtual void Deliver(std::shared_ptr<const std::string> message) = 0;
  // Closes the connection for breaking the rules (called on the connection's thread).
  virtual void CloseForPolicy() = 0;
  // Closes the connection after a handler failed (called on the connection's thread).
  virtual void CloseAfterError() = 0;

 private:
  void HandleMessage(const std::string& text, bool is_text);
  // Runs `work` as an exception boundary (see Handle).
  void Guarded(const std::function<void()>& work);
  void SendNow(const Json& json);
  void SendError(const ApiError& error, const Json& id);
  bool Admit();
  std::shared_ptr<Table> FindTable(const Json& message, const Json& id);
  std::shared_ptr<Table> SwitchTo(const Json& message, const Json& id, const char* taken);
  void Unbind();
  void Bind(const std::shared_ptr<Table>& table, int seat, const std::string& token);
  // Runs `then` on the connection's thread.
  void OnThread(std::function<void()> then);
  // What a table calls with its answer to request `id`: back on the connection's thread, the
  // error, or the message `reply(value)` returns (`reply()` for an answer without a value) with
  // the id added. `reply` may use `this`: the conversation lives until it has run.
  template <class T, class Reply>
  std::function<void(ApiResult<T>)> Answer(const Json& id, Reply reply);

  void Ping(const Json& message, const Json& id);
  void Join(const Json& message, const Json& id);
  void Rejoin(const Json& message, const Json& id);
  void Spectate(const Json& message, const Json& id);
  void Act(const Json& message, const Json& id);
  void Leave(const Json& message, const Json& id);
  void Hint(const Json& message, const Json& id);
  void TakeBack(const Json& message, const Json& id);
  void Chat(const Json& message, const Json& id);

  // Relays `text` when it is for another node (router.h); true when it was relayed.
  bool Relayed(const Json& message, const std::string& text);

  Lobby& lobby_;
  Router* router_ = nullptr;
  std::string remote_;  // the node that holds this connection's conversation now ("" here)
  const uint64_t connection_id_;
  const WsLimits limits_;
  RateLimiter* joins_;
  const std::string client_;
  bool closed_ = false;
  // The table followed, and the seat held there (seated_) with its token.
  std::shared_ptr<Table> table_;
  int seat_ = kSpectator;
  bool seated_ = false;
  std::string token_;
  // Rate limiting.
  double tokens_;
  Clock::time_point last_refill_ = Clock::now();
  int refused_in_a_row_ = 0;
};

}  // namespace savanna::server
