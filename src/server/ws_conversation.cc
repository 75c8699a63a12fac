// The WebSocket conversation: every client message is checked field by field before it reaches
// the lobby or a table; replies and errors go back through the transport.
#include "server/ws_conversation.h"

#include "server/request_fields.h"

namespace savanna::server {
namespace {

// A connection that keeps sending after this many refused (rate-limited) messages in a row is
// closed.
constexpr int kMaxRefusedInARow = 200;
constexpr size_t kMaxTableIdSize = 64;
constexpr size_t kMaxActionSize = 1000;

}  // namespace

WsConversation::WsConversation(Lobby& lobby, WsLimits limits, RateLimiter* joins,
                               std::string client)
    : lobby_(lobby),
      limits_(limits),
      joins_(joins),
      client_(std::move(client)),
      tokens_(limits.message_burst) {}

void WsConversation::Send(std::shared_ptr<const std::string> message) {
  Post([self = shared_from_this(), message] {
    if (!self->closed_) self->Deliver(message);
  });
}

void WsConversation::SendNow(const Json& json) {
  if (!closed_) Deliver(std::make_shared<const std::string>(json.dump()));
}

void WsConversation::SendError(const ApiError& error, const Json& id) {
  SendNow(ErrorJson(error, id));
}

void WsConversation::OnThread(std::function<void()> then) {
  Post([self = shared_from_this(), then = std::move(then)] { then(); });
}

void WsConversation::Closed() {
  if (closed_) return;
  closed_ = true;
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
  if (*type == "ping") return Ping(*message, id);
  if (*type == "join") return Join(*message, id);
  if (*type == "rejoin") return Rejoin(*message, id);
  if (*type == "spectate") return Spectate(*message, id);
  if (*type == "act") return Act(*message, id);
  if (*type == "leave") return Leave(*message, id);
  if (*type == "hint") return Hint(*message, id);
  if (*type == "takeback") return TakeBack(*message, id);
  const std::string shown = type->size() > 32 ? type->substr(0, 32) : *type;
  SendError({400, "bad_request",
             "unknown message type '" + shown +
                 "' (types: join, rejoin, spectate, act, leave, hint, takeback, ping)"},
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
  if (joins_ != nullptr)
    if (const double wait = joins_->Take(client_); wait > 0)
      return SendError(RateLimited("seats taken", wait), id);
  auto table = FindTable(message, id);
  if (!table) return;
  Unbind();
  auto self = shared_from_this();
  table->Join(join->seat, join->name, self, [self, table, id](ApiResult<Table::Joined> joined) {
    self->OnThread([self, table, id, joined] {
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

void WsConversation::Rejoin(const Json& message, const Json& id) {
  if (auto ok = CheckFields(message, {"type", "id", "table", "token"}, "a rejoin"); !ok)
    return SendError(ok.error(), id);
  auto token = ReadToken(message);
  if (!token) return SendError(token.error(), id);
  auto table = FindTable(message, id);
  if (!table) return;
  Unbind();
  auto self = shared_from_this();
  table->Rejoin(*token, self, [self, table, id, token = *token](ApiResult<int> seat) {
    self->OnThread([self, table, id, token, seat] {
      if (!seat) return self->SendError(seat.error(), id);
      self->Bind(table, *seat, token);
      self->SendNow({{"type", "joined"}, {"table", table->id()}, {"seat", *seat}, {"id", id}});
    });
  });
}

void WsConversation::Spectate(const Json& message, const Json& id) {
  if (auto ok = CheckFields(message, {"type", "id", "table"}, "a spectate"); !ok)
    return SendError(ok.error(), id);
  auto table = FindTable(message, id);
  if (!table) return;
  Unbind();
  auto self = shared_from_this();
  table->Spectate(self, [self, table, id](ApiResult<void> watching) {
    self->OnThread([self, table, id, watching] {
      if (!watching) return self->SendError(watching.error(), id);
      self->Bind(table, kSpectator, "");
      self->SendNow({{"type", "spectating"}, {"table", table->id()}, {"id", id}});
    });
  });
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
  auto self = shared_from_this();
  table_->Act(seat_, token_, *action, [self, id](ApiResult<int64_t> index) {
    self->OnThread([self, id, index] {
      if (!index) return self->SendError(index.error(), id);
      self->SendNow({{"type", "ack"}, {"index", *index}, {"id", id}});
    });
  });
}

void WsConversation::Hint(const Json& message, const Json& id) {
  if (auto ok = CheckFields(message, {"type", "id"}, "a hint"); !ok)
    return SendError(ok.error(), id);
  if (!seated_) return SendError({409, "not_seated", "join or rejoin a seat to ask for hints"}, id);
  auto self = shared_from_this();
  auto table = table_;
  const int seat = seat_;
  table_->Hint(seat_, token_, [self, table, seat, id](ApiResult<Json> hints) {
    self->OnThread([self, table, seat, id, hints] {
      if (!hints) return self->SendError(hints.error(), id);
      self->SendNow({{"type", "hints"},
                     {"table", table->id()},
                     {"seat", seat},
                     {"index", (*hints)["index"]},
                     {"hints", (*hints)["hints"]},
                     {"id", id}});
    });
  });
}

void WsConversation::TakeBack(const Json& message, const Json& id) {
  if (auto ok = CheckFields(message, {"type", "id"}, "a takeback"); !ok)
    return SendError(ok.error(), id);
  if (!seated_)
    return SendError({409, "not_seated", "join or rejoin a seat to take a move back"}, id);
  auto self = shared_from_this();
  auto table = table_;
  const int seat = seat_;
  table_->TakeBack(seat_, token_, [self, table, seat, id](ApiResult<int64_t> actions) {
    self->OnThread([self, table, seat, id, actions] {
      if (!actions) return self->SendError(actions.error(), id);
      self->SendNow({{"type", "taken_back"},
                     {"table", table->id()},
                     {"seat", seat},
                     {"actions", *actions},
                     {"id", id}});
    });
  });
}

void WsConversation::Leave(const Json& message, const Json& id) {
  if (auto ok = CheckFields(message, {"type", "id"}, "a leave"); !ok)
    return SendError(ok.error(), id);
  if (!seated_) return SendError({409, "not_seated", "this connection holds no seat"}, id);
  auto self = shared_from_this();
  auto table = table_;
  table_->Leave(token_, [self, table, id](ApiResult<int> seat) {
    self->OnThread([self, table, id, seat] {
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

}  // namespace savanna::server
