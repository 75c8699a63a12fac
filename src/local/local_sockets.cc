// The local host's socket messages: the server's WebSocket conversation (join, rejoin, spectate,
// act, leave, hint, takeback, ping; chat refused, nobody else plays here), checked field by field
// with the server's readers and answered with its messages and errors.
#include <algorithm>
#include <string>

#include "core/json_io.h"
#include "core/text.h"
#include "local/local_host.h"
#include "local/local_internal.h"
#include "server/request_fields.h"

namespace savanna::local {

namespace {

constexpr size_t kMaxActionSize = 1000;

}  // namespace

// ---- Sockets ----------------------------------------------------------------------------------

void LocalHost::HandleSocket(const Json& request) {
  const Json& id = request["socket"];
  if (!id.is_number_integer() || id.get<int64_t>() <= 0 || id.get<int64_t>() > (1LL << 30)) {
    ReplyError(nullptr, {400, "bad_request", "field 'socket' must be a positive integer"});
    return;
  }
  const int socket = id.get<int>();
  if (request.contains("open") && request["open"] == true) {
    Detach(socket);
    sockets_[socket] = Connection();
    return;
  }
  if (request.contains("close") && request["close"] == true) return Detach(socket);
  const auto data = request.find("data");
  if (data == request.end() || !data->is_string()) {
    Send(socket, ErrorJson({400, "bad_request", "a socket request is open, close or data"}));
    return;
  }
  if (sockets_.count(socket) == 0) {
    Send(socket, ErrorJson({400, "bad_request", "this socket is not open"}));
    return;
  }
  HandleMessage(socket, data->get_ref<const std::string&>());
}

void LocalHost::HandleMessage(int socket, std::string_view text) {
  if (text.size() > options_.max_message_bytes)
    return Send(socket, ErrorJson({413, "message_too_big",
                                   "a message may have at most " +
                                       std::to_string(options_.max_message_bytes) + " bytes"}));
  auto message = server::ParseObject(text);
  if (!message) return Send(socket, ErrorJson(message.error()));
  Json id = message->value("id", Json());
  if (!id.is_null() && !id.is_number_integer() &&
      !(id.is_string() && id.get_ref<const std::string&>().size() <= 64))
    return Send(socket,
                ErrorJson({400, "bad_request", "field 'id' must be an integer or a short string"}));
  auto type = server::StringField(*message, "type", 32);
  if (!type) return Send(socket, ErrorJson(type.error(), id));
  auto fields = [&](std::initializer_list<std::string_view> allowed, std::string_view what) {
    auto ok = server::CheckFields(*message, allowed, what);
    if (!ok) Send(socket, ErrorJson(ok.error(), id));
    return bool(ok);
  };
  if (*type == "ping") {
    if (fields({"type", "id"}, "a ping")) Send(socket, {{"type", "pong"}, {"id", id}});
  } else if (*type == "join") {
    if (fields({"type", "id", "table", "seat", "name"}, "a join")) Join(socket, *message, id);
  } else if (*type == "rejoin") {
    if (fields({"type", "id", "table", "token"}, "a rejoin")) Rejoin(socket, *message, id);
  } else if (*type == "spectate") {
    if (fields({"type", "id", "table"}, "a spectate")) Spectate(socket, *message, id);
  } else if (*type == "act") {
    if (fields({"type", "id", "action"}, "an act")) Act(socket, *message, id);
  } else if (*type == "leave") {
    if (fields({"type", "id"}, "a leave")) Leave(socket, id);
  } else if (*type == "hint") {
    if (fields({"type", "id"}, "a hint")) Hint(socket, id);
  } else if (*type == "takeback") {
    if (fields({"type", "id"}, "a takeback")) TakeBack(socket, id);
  } else if (*type == "chat") {
    Send(socket, ErrorJson({409, "chat_unavailable",
                            "nobody else plays on this device: there is no one to chat with"},
                           id));
  } else {
    Send(socket, ErrorJson({400, "bad_request",
                            "unknown message type " + QuoteForMessage(*type) +
                                " (types: join, rejoin, spectate, act, leave, hint, takeback, "
                                "chat, ping)"},
                           id));
  }
}

void LocalHost::Join(int socket, const Json& message, const Json& id) {
  auto join = server::ReadJoinRequest(message);
  if (!join) return Send(socket, ErrorJson(join.error(), id));
  auto found = FindTable(message, "table");
  if (!found) return Send(socket, ErrorJson(found.error(), id));
  Table& table = **found;
  if (table.session.IsTerminal())
    return Send(socket, ErrorJson({409, "game_over", "the game is over"}, id));
  const int n = table.session.NumPlayers();
  std::optional<int> seat;
  if (join->seat) {
    const int wanted = *join->seat;
    if (wanted < 0 || wanted >= n)
      return Send(socket, ErrorJson({400, "bad_request",
                                     "no seat " + std::to_string(wanted) + " at a table of " +
                                         std::to_string(n)},
                                    id));
    if (!table.session.IsHuman(wanted))
      return Send(socket, ErrorJson({409, "seat_taken",
                                     "seat " + std::to_string(wanted) + " is played by an agent"},
                                    id));
    if (!table.tokens[size_t(wanted)].empty())
      return Send(
          socket,
          ErrorJson({409, "seat_taken", "seat " + std::to_string(wanted) + " is taken"}, id));
    seat = wanted;
  } else {
    for (int s = 0; s < n && !seat; ++s)
      if (table.session.IsHuman(s) && table.tokens[size_t(s)].empty()) seat = s;
    if (!seat) return Send(socket, ErrorJson({409, "no_free_seat", "no human seat is free"}, id));
  }
  Detach(socket);
  sockets_[socket] = Connection();
  const bool was_waiting = !Playing(table) && !table.session.IsTerminal();
  const std::string token = NewToken();
  table.tokens[size_t(*seat)] = token;
  const bool blank = join->name.find_first_not_of(" \t") == std::string::npos;
  table.names[size_t(*seat)] = blank ? "Guest " + std::to_string(*seat + 1) : join->name;
  Store(table);
  sockets_[socket] = Connection{table.id, *seat, true, token};
  Send(socket,
       {{"type", "joined"}, {"table", table.id}, {"seat", *seat}, {"token", token}, {"id", id}});
  SendFullState(socket, table, *seat);
  Broadcast(table, {}, -1, socket);
  if (was_waiting && Playing(table)) ScheduleAgents(table);
}

void LocalHost::Rejoin(int socket, const Json& message, const Json& id) {
  auto token = server::ReadToken(message);
  if (!token) return Send(socket, ErrorJson(token.error(), id));
  auto found = FindTable(message, "table");
  if (!found) return Send(socket, ErrorJson(found.error(), id));
  Table& table = **found;
  const std::optional<int> seat = table.SeatOfToken(*token);
  if (!seat)
    return Send(socket,
                ErrorJson({403, "bad_token", "the token does not hold a seat at this table"}, id));
  Detach(socket);
  sockets_[socket] = Connection{table.id, *seat, true, *token};
  Send(socket, {{"type", "joined"}, {"table", table.id}, {"seat", *seat}, {"id", id}});
  SendFullState(socket, table, *seat);
  Broadcast(table, {}, -1, socket);
}

void LocalHost::Spectate(int socket, const Json& message, const Json& id) {
  auto found = FindTable(message, "table");
  if (!found) return Send(socket, ErrorJson(found.error(), id));
  Table& table = **found;
  const Connection& now = sockets_[socket];
  if (now.table == table.id && !now.seated)
    return Send(socket, {{"type", "spectating"}, {"table", table.id}, {"id", id}});
  Detach(socket);
  sockets_[socket] = Connection{table.id, kSpectator, false, ""};
  Send(socket, {{"type", "spectating"}, {"table", table.id}, {"id", id}});
  SendFullState(socket, table, kSpectator);
}

ApiResult<LocalHost::Table*> LocalHost::Seated(int socket, const std::string& what) {
  const Connection& connection = sockets_[socket];
  if (!connection.seated) return ApiFail(409, "not_seated", what);
  const auto it = tables_.find(connection.table);
  if (it == tables_.end()) return ApiFail(410, "table_closed", "the table is gone");
  if (it->second->SeatOfToken(connection.token) != connection.seat)
    return ApiFail(403, "bad_token", "your seat token no longer holds a seat here");
  return it->second.get();
}

ApiResult<LocalHost::Table*> LocalHost::Coached(int socket, const std::string& not_seated,
                                                const ApiError& unavailable,
                                                const std::string& not_playing) {
  auto found = Seated(socket, not_seated);
  if (!found) return found;
  if (!server::OnlyAgentsBeside((*found)->session.seats(), sockets_[socket].seat))
    return tl::unexpected(unavailable);
  if (!Playing(**found)) return ApiFail(409, "not_playing", not_playing);
  return found;
}

void LocalHost::Act(int socket, const Json& message, const Json& id) {
  auto action = server::StringField(message, "action", kMaxActionSize);
  if (!action) return Send(socket, ErrorJson(action.error(), id));
  auto found = Seated(socket, "join or rejoin a seat before acting");
  if (!found) return Send(socket, ErrorJson(found.error(), id));
  Table& table = **found;
  const Player seat = sockets_[socket].seat;
  if (!Playing(table) && !table.session.IsTerminal())
    return Send(
        socket,
        ErrorJson({409, "not_started", "the game starts once every human seat is taken"}, id));
  auto parsed = table.session.state().ParseAction(seat, *action);
  if (!parsed) return Send(socket, ErrorJson(FromError(parsed.error(), 409), id));
  const int64_t index = int64_t(table.session.record().actions.size());
  auto revealed = table.session.Submit(seat, table.session.state().ActionToString(seat, *parsed));
  if (!revealed) return Send(socket, ErrorJson(FromError(revealed.error(), 409), id));
  Send(socket, {{"type", "ack"}, {"index", index}, {"id", id}});
  AfterAction(table, seat, index, *revealed);
}

void LocalHost::Leave(int socket, const Json& id) {
  auto found = Seated(socket, "this connection holds no seat");
  if (!found) return Send(socket, ErrorJson(found.error(), id));
  Table& table = **found;
  const int seat = sockets_[socket].seat;
  table.tokens[size_t(seat)].clear();
  table.names[size_t(seat)].clear();
  if (table.hint && table.hint->seat == seat) CancelHint(table, "the seat was given up");
  for (auto& [other, connection] : sockets_)
    if (connection.table == table.id && connection.seat == seat) connection = Connection();
  Store(table);
  Send(socket, {{"type", "left"}, {"table", table.id}, {"seat", seat}, {"id", id}});
  Broadcast(table, {}, -1);
}

void LocalHost::Hint(int socket, const Json& id) {
  auto found = Coached(socket, "join or rejoin a seat to ask for hints",
                       {409, "hints_unavailable",
                        "hints are offered only at a table where every other seat is an AI"},
                       "hints are given while the game goes on");
  if (!found) return Send(socket, ErrorJson(found.error(), id));
  Table& table = **found;
  const Player seat = sockets_[socket].seat;
  if (!table.session.HumansToAct().Contains(seat))
    return Send(
        socket,
        ErrorJson({409, "not_your_turn", "hints are given when you have a move to make"}, id));
  if (table.hint)
    return Send(socket,
                ErrorJson({409, "hint_busy", "a hint is being computed for this table; wait"}, id));
  const std::string requested =
      std::string(server::kHintLevel) + "(time=" + Json(table.options.ai_seconds).dump() + ")";
  auto spec = server::SeatSpec(requested, table.options.ai_seconds, options_.limits);
  if (!spec) return Send(socket, ErrorJson(spec.error(), id));
  auto agent = MakeAgent(*spec, options_.random());
  if (!agent) return Send(socket, ErrorJson({500, "hint_failed", agent.error().message}, id));
  HintJob job;
  job.socket = socket;
  job.id = id;
  job.seat = seat;
  job.index = int64_t(table.session.record().actions.size());
  job.estimates = std::make_shared<std::vector<ActionEstimate>>();
  job.search = server::BeginHintSearch(std::move(*agent), table.session.state(), seat,
                                       options_.random(), job.estimates);
  if (!job.search)
    return Send(socket, ErrorJson({500, "hint_failed", "the hint agent does not search"}, id));
  job.asked = table.session.state().Clone();
  table.hint = std::move(job);
}

void LocalHost::CancelHint(Table& table, const char* why) {
  if (!table.hint) return;
  Send(table.hint->socket,
       ErrorJson({409, "hint_cancelled", std::string("the hint was cancelled: ") + why},
                 table.hint->id));
  table.hint.reset();
}

void LocalHost::TakeBack(int socket, const Json& id) {
  auto found = Coached(socket, "join or rejoin a seat to take a move back",
                       {409, "takeback_unavailable",
                        "a move can be taken back only at a table where every other seat is an "
                        "AI, never where another person plays"},
                       "a move can be taken back while the game goes on");
  if (!found) return Send(socket, ErrorJson(found.error(), id));
  Table& table = **found;
  const Player seat = sockets_[socket].seat;
  if (table.takebacks.size() >= options_.max_takebacks)
    return Send(socket,
                ErrorJson({409, "takeback_limit",
                           "this game has had its " + std::to_string(options_.max_takebacks) +
                               " take-backs; play on"},
                          id));
  GameRecord record = table.session.record();
  int64_t from = int64_t(record.actions.size()) - 1;
  while (from >= 0 && record.actions[size_t(from)].player != seat) --from;
  if (from < 0)
    return Send(socket, ErrorJson({409, "nothing_to_take_back", "you have made no move yet"}, id));
  Json removed = Json::array();
  for (size_t i = size_t(from); i < record.actions.size(); ++i)
    removed.push_back({{"player", record.actions[i].player}, {"action", record.actions[i].action}});
  record.actions.resize(size_t(from));
  record.result = nullptr;
  size_t open_step = kNoOpenStep;
  auto replayed = Session::FromRecord(table.session.shared_game(), record, {},
                                      server::TrackOpenStep(open_step));
  if (!replayed)
    return Send(socket, ErrorJson(server::InternalError(), id));  // a bug: the prefix replays
  // Decisions under way were for the state taken back; they go before the session they use.
  CancelHint(table, "the position changed before it was ready");
  table.thinking.clear();
  table.session = std::move(*replayed);
  table.open_step = open_step;
  table.takebacks.push_back(
      {{"seat", seat}, {"at", options_.unix_now()}, {"from", from}, {"removed", removed}});
  Store(table);
  Send(
      socket,
      {{"type", "taken_back"}, {"table", table.id}, {"seat", seat}, {"actions", from}, {"id", id}});
  for (const auto& [other, connection] : sockets_)
    if (connection.table == table.id) SendFullState(other, table, connection.seat);
  ScheduleAgents(table);
}

void LocalHost::Detach(int socket) {
  const auto it = sockets_.find(socket);
  if (it == sockets_.end()) return;
  const Connection connection = it->second;
  sockets_.erase(it);
  if (!connection.seated) return;
  const auto table = tables_.find(connection.table);
  if (table == tables_.end()) return;
  if (table->second->hint && table->second->hint->socket == socket)
    CancelHint(*table->second, "nobody waits for it");
  Broadcast(*table->second, {}, -1);
}

}  // namespace savanna::local
