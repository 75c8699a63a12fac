// The WebSocket conversation: every client message is checked field by field before it reaches
// the lobby or a table; replies and errors go back through the transport.
#include "server/ws_conversation.h"

#include <atomic>
#include <type_traits>

#include "core/json_io.h"
#include "core/text.h"
#include "server/request_fields.h"

namespace savanna::server {
namespace {

// A connection that keeps sending after this many refused (rate-limited) messages in a row is
// closed.
constexpr int kMaxRefusedInARow = 200;
constexpr size_t kMaxTableIdSize = 64;
constexpr size_t kMaxActionSize = 1000;
// A chat line may arrive this long (4 bytes a character at most); the table keeps 280 characters.
constexpr size_t kMaxChatBytes = 4 * 280;

uint64_t NextConnectionId() {
  static std::atomic<uint64_t> next{1};
  return next++;
}

}  // namespace

WsConversation::WsConversation(Lobby& lobby, WsLimits limits, RateLimiter* joins,
                               std::string client)
    : lobby_(lobby),
      connection_id_(NextConnectionId()),
      limits_(limits),
      joins_(joins),
      client_(std::move(client)),
      tokens_(limits.message_burst) {}

void WsConversation::Send(std::shared_ptr<const std::string> message) {
  Post([self = shared_from_this(), message] {
    self->Guarded([&] {
      if (!self->closed_) self->Deliver(message);
    });
  });
}

void WsConversation::Guarded(const std::function<void()>& work) {
  std::string what;
  try {
    work();
    return;
  } catch (const std::exception& e) {
    what = e.what();
  } catch (...) {
    what = "an exception that is not a std::exception";
  }
  try {
    LogInternalError("a WebSocket connection's handler", what);
    SendError(InternalError(), nullptr);
    CloseAfterError();
  } catch (...) {
    Closed();  // not even the error could be sent: the connection leaves its table
  }
}

void WsConversation::SendNow(const Json& json) {
  if (!closed_) Deliver(std::make_shared<const std::string>(JsonText(json)));
}

void WsConversation::SendError(const ApiError& error, const Json& id) {
  SendNow(ErrorJson(error, id));
}

void WsConversation::OnThread(std::function<void()> then) {
  Post([self = shared_from_this(), then = std::move(then)] { self->Guarded(then); });
}

template <class T, class Reply>
std::function<void(ApiResult<T>)> WsConversation::Answer(const Json& id, Reply reply) {
  return [self = shared_from_this(), id, reply](ApiResult<T> result) {
    self->OnThread([self, id, reply, result] {
      if (!result) return self->SendError(result.error(), id);
      Json message;
      if constexpr (std::is_void_v<T>)
        message = reply();
      else
        message = reply(*result);
      message["id"] = id;
      self->SendNow(message);
    });
  };
}

void WsConversation::CloseSoon() {
  Post([self = shared_from_this()] {
    self->Guarded([&] {
      if (self->closed_) return;
      self->SendError(
          {503, "node_gone", "the server that ran this table stopped; reconnect and rejoin"},
          nullptr);
      self->CloseAfterError();
    });
  });
}

bool WsConversation::Relayed(const Json& message, const std::string& text) {
  if (router_ == nullptr) return false;
  std::string owner = remote_;
  if (const auto table = message.find("table");
      table != message.end() && table->is_string() &&
      table->get_ref<const std::string&>().size() <= kMaxTableIdSize)
    owner = router_->OwnerOf(*table);
  if (owner != remote_) {
    if (!remote_.empty()) router_->Leave(remote_, connection_id_);
    if (remote_.empty()) Unbind();
    remote_ = owner;
  }
  if (remote_.empty()) return false;
  router_->Forward(remote_, shared_from_this(), connection_id_, client_, text);
  return true;
}

void WsConversation::Closed() {
  if (closed_) return;
  closed_ = true;
  if (router_ && !remote_.empty()) router_->Leave(remote_, connection_id_);
  if (table_) table_->Detach(this);
  table_.reset();
}

// Token bucket: `messages_per_second` sustained, `message_burst` at once.
bool WsConversation::Admit() {
  const auto now = Clock::now();
  const double elapsed = std::chrono::duration<double>(now - last_refill_).count();
  last_refill_ = now;
  tokens_ = std::min(limits_.message_burst, tokens_ + elapsed * limits_.messages_per_second);
  if (tokens_ < 1) return false;
  tokens_ -= 1;
  return true;
}

void WsConversation::Handle(const std::string& text, bool is_text) {
  Guarded([&] { HandleMessage(text, is_text); });
}

void WsConversation::HandleMessage(const std::string& text, bool is_text) {
  if (!Admit()) {
    if (++refused_in_a_row_ > kMaxRefusedInARow) return CloseForPolicy();
    return SendError({429, "rate_limited",
                      "too many messages: at most " + Json(limits_.messages_per_second).dump() +
                          " per second; this one was ignored"},
                     nullptr);
  }
  refused_in_a_row_ = 0;
  if (text.size() > limits_.max_message_bytes)
    return SendError(
        {413, "message_too_big",
         "a message may have at most " + std::to_string(limits_.max_message_bytes) + " bytes"},
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
  if (Relayed(*message, text)) return;
  if (*type == "ping") return Ping(*message, id);
  if (*type == "join") return Join(*message, id);
  if (*type == "rejoin") return Rejoin(*message, id);
  if (*type == "spectate") return Spectate(*message, id);
  if (*type == "act") return Act(*message, id);
  if (*type == "leave") return Leave(*message, id);
  if (*type == "hint") return Hint(*message, id);
  if (*type == "takeback") return TakeBack(*message, id);
  if (*type == "chat") return Chat(*message, id);
  SendError({400, "bad_request",
             "unknown message type " + QuoteForMessage(*type) +
                 " (types: join, rejoin, spectate, act, leave, hint, takeback, chat, ping)"},
            id);
}

// The table named by the message's "table" field, or an error reply (and null).
std::shared_ptr<Table> WsConversation::FindTable(const Json& message, const Json& id) {
  auto name = StringField(message, "table", kMaxTableIdSize);
  if (!name) {
    SendError(name.error(), id);
    return nullptr;
  }
  auto table = lobby_.Find(*name);
  if (!table) SendError({404, "unknown_table", "no table with that id"}, id);
  return table;
}

// The table named by the message, once the one followed so far is left; or null after an error
// reply. `taken` (unless null) names what the client's join budget counts, so that a spent
// budget is refused before the table is looked up.
std::shared_ptr<Table> WsConversation::SwitchTo(const Json& message, const Json& id,
                                                const char* taken) {
  if (taken != nullptr && joins_ != nullptr)
    if (const double wait = joins_->Take(client_); wait > 0) {
      SendError(RateLimited(taken, wait), id);
      return nullptr;
    }
  auto table = FindTable(message, id);
  if (table) Unbind();
  return table;
}

// Leaves the table followed so far, before following another.
void WsConversation::Unbind() {
  if (table_) table_->Detach(this);
  table_.reset();
  seated_ = false;
  token_.clear();
}

void WsConversation::Ping(const Json& message, const Json& id) {
  if (auto ok = CheckFields(message, {"type", "id"}, "a ping"); !ok)
    return SendError(ok.error(), id);
  SendNow({{"type", "pong"}, {"id", id}});
}

void WsConversation::Join(const Json& message, const Json& id) {
  if (auto ok = CheckFields(message, {"type", "id", "table", "seat", "name"}, "a join"); !ok)
    return SendError(ok.error(), id);
  auto join = ReadJoinRequest(message);
  if (!join) return SendError(join.error(), id);
  auto table = SwitchTo(message, id, "seats taken");
  if (!table) return;
  table->Join(join->seat, join->name, shared_from_this(),
              Answer<Table::Joined>(id, [this, table](const Table::Joined& joined) {
                Bind(table, joined.seat, joined.token);
                return Json{{"type", "joined"},
                            {"table", table->id()},
                            {"seat", joined.seat},
                            {"token", joined.token}};
              }));
}

void WsConversation::Rejoin(const Json& message, const Json& id) {
  if (auto ok = CheckFields(message, {"type", "id", "table", "token"}, "a rejoin"); !ok)
    return SendError(ok.error(), id);
  auto token = ReadToken(message);
  if (!token) return SendError(token.error(), id);
  auto table = SwitchTo(message, id, nullptr);
  if (!table) return;
  table->Rejoin(*token, shared_from_this(),
                Answer<int>(id, [this, table, token = *token](int seat) {
                  Bind(table, seat, token);
                  return Json{{"type", "joined"}, {"table", table->id()}, {"seat", seat}};
                }));
}

void WsConversation::Spectate(const Json& message, const Json& id) {
  if (auto ok = CheckFields(message, {"type", "id", "table"}, "a spectate"); !ok)
    return SendError(ok.error(), id);
  // Watching the table watched already costs what a ping does: no state, no broadcast.
  if (const auto name = message.find("table");
      table_ && !seated_ && name != message.end() && name->is_string() && *name == table_->id())
    return SendNow({{"type", "spectating"}, {"table", table_->id()}, {"id", id}});
  // Following another table sends its whole state: as limited as taking a seat.
  auto table = SwitchTo(message, id, "tables followed");
  if (!table) return;
  table->Spectate(shared_from_this(), Answer<void>(id, [this, table] {
                    Bind(table, kSpectator, "");
                    return Json{{"type", "spectating"}, {"table", table->id()}};
                  }));
}

void WsConversation::Bind(const std::shared_ptr<Table>& table, int seat, const std::string& token) {
  if (closed_) {  // closed while the table was answering
    table->Detach(this);
    return;
  }
  table_ = table;
  seat_ = seat;
  token_ = token;
  seated_ = seat != kSpectator;
}

void WsConversation::Act(const Json& message, const Json& id) {
  if (auto ok = CheckFields(message, {"type", "id", "action"}, "an act"); !ok)
    return SendError(ok.error(), id);
  auto action = StringField(message, "action", kMaxActionSize);
  if (!action) return SendError(action.error(), id);
  if (!seated_) return SendError({409, "not_seated", "join or rejoin a seat before acting"}, id);
  table_->Act(seat_, token_, *action, Answer<int64_t>(id, [](int64_t index) {
                return Json{{"type", "ack"}, {"index", index}};
              }));
}

void WsConversation::Hint(const Json& message, const Json& id) {
  if (auto ok = CheckFields(message, {"type", "id"}, "a hint"); !ok)
    return SendError(ok.error(), id);
  if (!seated_) return SendError({409, "not_seated", "join or rejoin a seat to ask for hints"}, id);
  table_->Hint(seat_, token_, Answer<Json>(id, [table = table_, seat = seat_](const Json& hints) {
                 return Json{{"type", "hints"},
                             {"table", table->id()},
                             {"seat", seat},
                             {"index", hints["index"]},
                             {"hints", hints["hints"]}};
               }));
}

void WsConversation::TakeBack(const Json& message, const Json& id) {
  if (auto ok = CheckFields(message, {"type", "id"}, "a takeback"); !ok)
    return SendError(ok.error(), id);
  if (!seated_)
    return SendError({409, "not_seated", "join or rejoin a seat to take a move back"}, id);
  table_->TakeBack(
      seat_, token_, Answer<int64_t>(id, [table = table_, seat = seat_](int64_t actions) {
        return Json{
            {"type", "taken_back"}, {"table", table->id()}, {"seat", seat}, {"actions", actions}};
      }));
}

// A line of chat to the people at the table: only from a seat (a spectator has none); the table
// cleans it and caps its rate (Table::Chat).
void WsConversation::Chat(const Json& message, const Json& id) {
  if (auto ok = CheckFields(message, {"type", "id", "text"}, "a chat"); !ok)
    return SendError(ok.error(), id);
  auto text = StringField(message, "text", kMaxChatBytes);
  if (!text) return SendError(text.error(), id);
  if (!seated_) return SendError({409, "not_seated", "join or rejoin a seat to chat"}, id);
  table_->Chat(seat_, token_, *text, Answer<void>(id, [table = table_] {
                 return Json{{"type", "chat_sent"}, {"table", table->id()}};
               }));
}

void WsConversation::Leave(const Json& message, const Json& id) {
  if (auto ok = CheckFields(message, {"type", "id"}, "a leave"); !ok)
    return SendError(ok.error(), id);
  if (!seated_) return SendError({409, "not_seated", "this connection holds no seat"}, id);
  table_->Leave(token_, Answer<int>(id, [this, table = table_](int seat) {
                  if (table_ == table) {
                    table_.reset();
                    seated_ = false;
                    token_.clear();
                  }
                  return Json{{"type", "left"}, {"table", table->id()}, {"seat", seat}};
                }));
}

}  // namespace savanna::server
