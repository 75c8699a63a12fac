// The local host's lobby and tables: the server's for one person on one device, driven by calls
// instead of a network and threads (local_host.h): the outputs, the two entry points and the
// thinking, the RPCs, and what a table shows (summaries, state messages, broadcasts). The
// messages, the checks and their errors are the server's own (src/server's protocol library); what
// differs is said where it happens: no other people (one person seat at most, no chat), no store
// of its own (records go out to the caller), AI seats think only inside Think. The socket
// messages are in local_sockets.cc, the stored form in local_records.cc.
#include "local/local_host.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <ctime>
#include <exception>
#include <random>

#include "agents/agent.h"
#include "core/json_io.h"
#include "core/text.h"
#include "local/local_internal.h"
#include "server/catalog.h"
#include "server/move_log.h"
#include "server/request_fields.h"
#include "server/review.h"

namespace savanna::local {

namespace {

constexpr int kTokenBytes = 32;

tl::unexpected<ApiError> UnknownTable() {
  return ApiFail(404, "unknown_table", "no table with that id");
}

// A request's seed: the worker sends 64 bits as a decimal string (a JSON number would lose bits
// in JavaScript); an unsigned integer is taken too.
ApiResult<std::optional<uint64_t>> ReadSeed(const Json& request) {
  const auto it = request.find("seed");
  if (it == request.end() || it->is_null()) return std::optional<uint64_t>();
  if (it->is_number_unsigned()) return std::optional<uint64_t>(it->get<uint64_t>());
  if (it->is_string()) {
    const std::string& text = it->get_ref<const std::string&>();
    uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (ec == std::errc() && end == text.data() + text.size() && !text.empty())
      return std::optional<uint64_t>(seed);
  }
  return ApiFail(400, "bad_request", "field 'seed' must be an unsigned 64-bit integer in decimal");
}

// The request without the routing fields, to be checked like the HTTP API's body.
Json Body(const Json& request, std::initializer_list<const char*> also_drop = {}) {
  Json body = request;
  body.erase("rpc");
  body.erase("call");
  for (const char* field : also_drop) body.erase(field);
  return body;
}

double SteadyNow() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

LocalHost::LocalHost(const GameRegistry& games, LocalHostOptions options)
    : games_(games), options_(std::move(options)) {
  if (!options_.now) options_.now = SteadyNow;
  if (!options_.unix_now) options_.unix_now = [] { return int64_t(std::time(nullptr)); };
  if (!options_.random)
    options_.random = [] {
      // The browser's crypto.getRandomValues in WebAssembly, the kernel's natively.
      static std::random_device device;
      return (uint64_t(device()) << 32) ^ uint64_t(device());
    };
}

LocalHost::~LocalHost() = default;

// ---- Outputs ----------------------------------------------------------------------------------

void LocalHost::Reply(const Json& rpc, Json ok) {
  out_.push_back({{"to", "rpc"}, {"rpc", rpc}, {"ok", std::move(ok)}});
}

void LocalHost::ReplyError(const Json& rpc, const ApiError& error) {
  out_.push_back(
      {{"to", "rpc"}, {"rpc", rpc}, {"error", {{"code", error.code}, {"message", error.message}}}});
}

void LocalHost::Send(int socket, const Json& message) {
  out_.push_back({{"to", "socket"}, {"socket", socket}, {"data", JsonText(message)}});
}

void LocalHost::Store(const Table& table) {
  // A later store of the same table in this answer replaces an earlier one.
  std::erase_if(out_, [&](const Json& o) { return o["to"] == "store" && o["table"] == table.id; });
  out_.push_back({{"to", "store"}, {"table", table.id}, {"record", StoredJson(table)}});
}

bool LocalHost::Busy(double& wait_seconds) const {
  wait_seconds = 0;
  if (Computing()) return true;
  // Only decided answers waiting for their time, if any: the first one due.
  bool busy = false;
  double first_due = 0;
  for (const auto& [id, table] : tables_)
    for (const auto& [seat, pending] : table->thinking)
      if (!busy || pending.due < first_due) {
        busy = true;
        first_due = pending.due;
      }
  if (busy) wait_seconds = std::max(0.0, first_due - options_.now());
  return busy;
}

std::string LocalHost::Finish() {
  double wait = 0;
  Json busy = {{"to", "busy"}, {"busy", Busy(wait)}};
  if (wait > 0) busy["wait_ms"] = int64_t(std::ceil(wait * 1000));
  out_.push_back(std::move(busy));
  Json outputs(std::move(out_));
  out_.clear();
  return JsonText(outputs);
}

// ---- Entry points ---------------------------------------------------------------------------

std::string LocalHost::Call(std::string_view text) {
  out_.clear();
  Json rpc;  // the request's rpc id, once read, for the answer to a failure
  try {
    auto request = server::ParseObject(text);
    if (!request) {
      ReplyError(nullptr, request.error());
      return Finish();
    }
    if (request->contains("rpc")) {
      rpc = (*request)["rpc"];
      HandleRpc(*request);
    } else if (request->contains("socket")) {
      HandleSocket(*request);
    } else {
      ReplyError(nullptr, {400, "bad_request", "a request has a field 'rpc' or 'socket'"});
    }
    // AI seats that decide at once answer now, before the page hears of the change.
    Advance(0);
  } catch (const std::exception& e) {
    server::LogInternalError("the local host's call", e.what());
    out_.clear();
    DropThinking();
    ReplyError(rpc.is_number_integer() ? rpc : Json(), server::InternalError());
  }
  return Finish();
}

std::string LocalHost::Think(int budget_ms) {
  out_.clear();
  try {
    Advance(std::clamp(budget_ms, 0, 10'000) / 1000.0);
  } catch (const std::exception& e) {
    server::LogInternalError("the local host's thinking", e.what());
    DropThinking();
  }
  return Finish();
}

void LocalHost::Advance(double seconds) {
  // After an AI's action the next decisions get a first slice even when the time is spent, so an
  // agent that decides at once (random, greedy) answers within the same call, as at the server;
  // never for more than this past the end.
  constexpr double kGrace = 0.02;
  const double end = options_.now() + seconds;
  bool first = true;
  for (;;) {
    // Every decision under way thinks a share of what is left, in turn.
    std::vector<std::pair<Table*, Player>> seats;
    std::vector<Table*> hints;
    for (auto& [id, table] : tables_) {
      for (auto& [seat, pending] : table->thinking)
        if (!pending.decided) seats.emplace_back(table.get(), seat);
      if (table->hint) hints.push_back(table.get());
    }
    const double left = end - options_.now();
    const size_t jobs = seats.size() + hints.size();
    if (jobs > 0 && (left > 0 || first)) {
      const auto slice = std::chrono::nanoseconds(
          std::max<int64_t>(int64_t(left / double(jobs) * 1e9), 1'000'000));
      for (auto [table, seat] : seats) {
        Pending& pending = table->thinking[seat];
        if (pending.decision->Think(slice)) {
          pending.action = pending.decision->Best();
          pending.decided = true;
          pending.decision.reset();
        }
      }
      for (Table* table : hints) {
        HintJob& job = *table->hint;
        if (!job.search->Think(slice)) continue;
        job.search->Best();  // fills the estimates
        Send(job.socket, {{"type", "hints"},
                          {"table", table->id},
                          {"seat", job.seat},
                          {"index", job.index},
                          {"hints", server::HintsJson(*job.asked, job.seat, *job.estimates)},
                          {"id", job.id}});
        table->hint.reset();
      }
    }
    first = false;
    // The answers that are decided and due, in table order.
    bool acted = false;
    for (auto& [id, table] : tables_) {
      for (auto it = table->thinking.begin(); it != table->thinking.end();) {
        if (!it->second.decided || it->second.due > options_.now()) {
          ++it;
          continue;
        }
        const Player seat = it->first;
        const Action action = it->second.action;
        it = table->thinking.erase(it);
        Session& session = table->session;
        if (!session.AgentsToAct().Contains(seat) || !session.state().IsLegal(seat, action))
          continue;  // asked again below
        const int64_t index = int64_t(session.record().actions.size());
        auto revealed = session.SubmitAgentAction(seat, action);
        if (!revealed) continue;
        AfterAction(*table, seat, index, *revealed);
        acted = true;
        break;  // the table's decisions may have changed
      }
      ScheduleAgents(*table);
    }
    const double now = options_.now();
    if (acted) {
      first = true;
      if (now >= end + kGrace) break;
      continue;
    }
    if (now >= end || !Computing()) break;
  }
}

bool LocalHost::Computing() const {
  for (const auto& [id, table] : tables_) {
    if (table->hint) return true;
    for (const auto& [seat, pending] : table->thinking)
      if (!pending.decided) return true;
  }
  return false;
}

void LocalHost::DropThinking() {
  // Whatever was under way may be what failed: each table asks its agents again.
  for (auto& [id, table] : tables_) {
    table->hint.reset();
    table->thinking.clear();
  }
}

// ---- RPCs -------------------------------------------------------------------------------------

void LocalHost::HandleRpc(const Json& request) {
  const Json& rpc = request["rpc"];
  if (!rpc.is_number_integer()) {
    ReplyError(nullptr, {400, "bad_request", "field 'rpc' must be an integer"});
    return;
  }
  auto call = server::StringField(request, "call", 32);
  if (!call) return ReplyError(rpc, call.error());
  ApiResult<Json> answer;
  if (*call == "games") {
    answer = server::GamesJson(games_);
  } else if (*call == "agents") {
    answer = server::AgentsJson();
  } else if (*call == "tables") {
    Json list = Json::array();
    for (const auto& [id, table] : tables_) list.push_back(Summary(*table));
    answer = Json{{"tables", list}};
  } else if (*call == "table") {
    auto table = FindTable(request, "id");
    answer = table ? ApiResult<Json>(Summary(**table)) : tl::unexpected(table.error());
  } else if (*call == "create") {
    answer = Create(request);
  } else if (*call == "remove") {
    answer = Remove(request);
  } else if (*call == "rematch") {
    answer = Rematch(request);
  } else if (*call == "review") {
    answer = Review(request);
  } else if (*call == "restore") {
    answer = Restore(request);
  } else {
    answer = ApiFail(400, "bad_request",
                     "unknown call " + QuoteForMessage(*call) +
                         " (calls: games, agents, tables, table, create, remove, rematch, "
                         "review, restore)");
  }
  if (answer)
    Reply(rpc, std::move(*answer));
  else
    ReplyError(rpc, answer.error());
}

ApiResult<LocalHost::Table*> LocalHost::FindTable(const Json& request, std::string_view field) {
  auto id = server::StringField(request, field, kMaxTableIdSize);
  if (!id) return tl::unexpected(id.error());
  const auto it = tables_.find(*id);
  if (it == tables_.end()) return UnknownTable();
  return it->second.get();
}

ApiResult<Json> LocalHost::Create(const Json& request) {
  Json body = Body(request, {"seed"});
  auto seed = ReadSeed(request);
  if (!seed) return tl::unexpected(seed.error());
  auto read = server::ReadTableRequest(body);
  if (!read) return tl::unexpected(read.error());
  auto game = server::ClientGame(games_, read->game);
  if (!game) return tl::unexpected(game.error());
  const int n = (*game)->NumPlayers();
  auto options = server::TableOptions::FromJson(read->options, options_.defaults, options_.limits);
  if (!options) return tl::unexpected(options.error());
  if (int(read->seats.size()) != n)
    return ApiFail(400, "bad_request",
                   "field 'seats' must be an array of " + std::to_string(n) +
                       " entries (\"human\" or an agent spec) for " + (*game)->Spec());
  // On the device one person plays: the others are AI seats.
  if (std::count(read->seats.begin(), read->seats.end(), std::string(kHumanSeat)) > 1)
    return ApiFail(
        400, "bad_request",
        "one person plays on this device: one \"human\" seat at most, AI for the others");
  std::vector<std::string> labels;
  for (const std::string& text : read->seats) {
    if (text == kHumanSeat) {
      labels.push_back(text);
      continue;
    }
    auto agent = server::SeatSpec(text, options->ai_seconds, options_.limits);
    if (!agent)
      return ApiFail(agent.error().status, agent.error().code,
                     "seat " + std::to_string(labels.size()) + ": " + agent.error().message);
    if (auto plays = CheckAgentPlays(*MakeAgentFactory(*agent), **game); !plays)
      return ApiFail(400, "bad_request",
                     "seat " + std::to_string(labels.size()) + ": " + plays.error().message);
    labels.push_back(*agent);
  }
  auto table =
      NewTable(*game, std::move(labels), *options, seed->has_value() ? **seed : options_.random());
  if (!table) return tl::unexpected(table.error());
  Json summary = Summary(**table);
  summary["creator_token"] = (*table)->creator_token;
  return summary;
}

ApiResult<LocalHost::Table*> LocalHost::NewTable(std::shared_ptr<const Game> game,
                                                 std::vector<std::string> labels,
                                                 const server::TableOptions& options,
                                                 uint64_t seed) {
  if (tables_.size() >= options_.max_tables)
    return ApiFail(503, "too_many_tables",
                   "this device keeps " + std::to_string(options_.max_tables) +
                       " games at most: delete some in the lobby");
  auto session = Session::Create(game, labels, seed);
  if (!session) return tl::unexpected(FromError(session.error()));
  auto table = std::make_unique<Table>(std::move(*session));
  table->id = NewTableId();
  table->created = options_.unix_now();
  table->labels = std::move(labels);
  table->options = options;
  table->tokens.assign(table->labels.size(), "");
  table->names.assign(table->labels.size(), "");
  table->creator_token = NewToken();
  Table* made = table.get();
  tables_.emplace(made->id, std::move(table));
  Store(*made);
  ScheduleAgents(*made);
  return made;
}

ApiResult<Json> LocalHost::Remove(const Json& request) {
  if (auto ok = server::CheckFields(Body(request), {"id", "token"}, "a remove"); !ok)
    return tl::unexpected(ok.error());
  auto table = FindTable(request, "id");
  if (!table) return tl::unexpected(table.error());
  const std::string id = (*table)->id;
  Drop(id, "deleted");
  return Json{{"table", id}, {"deleted", true}};
}

// Forgets a table: its connections are told (`reason`), its thinking stops, the store forgets it.
void LocalHost::Drop(const std::string& id, const char* reason) {
  for (auto& [socket, connection] : sockets_)
    if (connection.table == id) {
      Send(socket, {{"type", "closed"}, {"table", id}, {"reason", reason}});
      connection = Connection();
    }
  tables_.erase(id);
  std::erase_if(out_, [&](const Json& o) { return o["to"] == "store" && o["table"] == id; });
  out_.push_back({{"to", "forget"}, {"table", id}});
  for (auto& [other_id, other] : tables_)
    if (other->rematch == id) other->rematch.clear();
}

ApiResult<Json> LocalHost::Rematch(const Json& request) {
  if (auto ok = server::CheckFields(Body(request), {"id"}, "a rematch"); !ok)
    return tl::unexpected(ok.error());
  auto found = FindTable(request, "id");
  if (!found) return tl::unexpected(found.error());
  Table& table = **found;
  if (!table.session.IsTerminal())
    return ApiFail(409, "not_finished", "the game is not over: a rematch follows its end");
  if (const auto it = tables_.find(table.rematch); !table.rematch.empty() && it != tables_.end())
    return Summary(*it->second);
  // The seats moved round by one, so another player starts.
  std::vector<std::string> labels(table.labels.size());
  for (size_t s = 0; s < labels.size(); ++s) labels[(s + 1) % labels.size()] = table.labels[s];
  auto made = NewTable(table.session.shared_game(), labels, table.options, options_.random());
  if (!made) return tl::unexpected(made.error());
  table.rematch = (*made)->id;
  Store(table);
  Broadcast(table, {}, -1);
  return Summary(**made);
}

ApiResult<Json> LocalHost::Review(const Json& request) {
  if (auto ok = server::CheckFields(Body(request), {"id", "viewer", "step"}, "a review"); !ok)
    return tl::unexpected(ok.error());
  auto found = FindTable(request, "id");
  if (!found) return tl::unexpected(found.error());
  const Table& table = **found;
  if (!table.session.IsTerminal())
    return ApiFail(409, "not_finished",
                   "the game is not over: its record and its review are published once it ends");
  server::ReviewQuery query;
  const Json viewer = request.value("viewer", Json());
  if (viewer.is_number_integer())
    query.viewer = std::to_string(viewer.get<int64_t>());
  else if (viewer.is_string() && viewer.get_ref<const std::string&>().size() <= 16)
    query.viewer = viewer.get<std::string>();
  else
    return ApiFail(400, "bad_request", "field 'viewer' must be a seat number or \"spectator\"");
  auto step = server::IntegerField(request, "step", 0, server::kMaxReviewStep);
  if (!step) return tl::unexpected(step.error());
  query.step = *step;
  return server::ReviewJson(table.id, table.session.shared_game(), table.session.record(), query);
}

// ---- Tables -----------------------------------------------------------------------------------

bool LocalHost::Playing(const Table& table) const {
  if (table.session.IsTerminal()) return false;
  if (!table.session.record().actions.empty()) return true;
  for (int s = 0; s < table.session.NumPlayers(); ++s)
    if (table.session.IsHuman(s) && table.tokens[size_t(s)].empty()) return false;
  return true;
}

std::string LocalHost::StatusName(const Table& table) const {
  if (table.session.IsTerminal()) return "finished";
  return Playing(table) ? "playing" : "waiting";
}

bool LocalHost::SeatConnected(const Table& table, int seat) const {
  for (const auto& [socket, connection] : sockets_)
    if (connection.table == table.id && connection.seated && connection.seat == seat) return true;
  return false;
}

Json LocalHost::SeatsJson(const Table& table) const {
  Json seats = Json::array();
  for (size_t s = 0; s < table.labels.size(); ++s) {
    Json j = {{"seat", s}};
    if (table.session.IsHuman(Player(s))) {
      j["player"] = "human";
      j["taken"] = !table.tokens[s].empty();
      j["name"] = table.names[s];
      j["connected"] = SeatConnected(table, int(s));
    } else {
      j["player"] = "agent";
      j["agent"] = table.labels[s];  // never the seeded spec: its seed comes from the deal's
    }
    seats.push_back(std::move(j));
  }
  return seats;
}

Json LocalHost::Summary(const Table& table) const {
  const Game& game = table.session.game();
  return {{"id", table.id},
          {"game", game.Spec()},
          {"name", game.name()},
          {"title", game.info().title},
          {"status", StatusName(table)},
          {"seats", SeatsJson(table)},
          {"options", table.options.ToJson()},
          {"actions", table.session.record().actions.size()},
          {"to_act", server::PlayersJson(table.session.PlayersToAct())},
          {"created", table.created},
          {"rematch", table.rematch.empty() ? Json() : Json(table.rematch)}};
}

Json LocalHost::StateMessage(const Table& table, Player viewer, Json log) const {
  const Session& session = table.session;
  Json message = {{"type", "state"},
                  {"table", table.id},
                  {"viewer", viewer == kSpectator ? Json("spectator") : Json(viewer)},
                  {"status", StatusName(table)},
                  {"actions", session.record().actions.size()},
                  {"to_act", server::PlayersJson(session.PlayersToAct())},
                  {"seats", SeatsJson(table)},
                  {"view", session.View(viewer)},
                  {"log", std::move(log)},
                  {"result", session.record().result},
                  {"rematch", table.rematch.empty() ? Json() : Json(table.rematch)}};
  if (viewer != kSpectator && Playing(table) && session.IsHuman(viewer) &&
      session.PlayersToAct().Contains(viewer)) {
    message["legal"] = session.LegalActions(viewer);
    message["legal_structured"] = session.StructuredLegalActions(viewer);
  }
  return message;
}

void LocalHost::SendFullState(int socket, const Table& table, Player viewer) {
  Send(socket,
       StateMessage(table, viewer, server::MoveLogJson(table.session, table.open_step, viewer)));
}

void LocalHost::Broadcast(const Table& table, const std::vector<int64_t>& now_public, int64_t own,
                          int skip) {
  const auto& actions = table.session.record().actions;
  for (const auto& [socket, connection] : sockets_) {
    if (connection.table != table.id || socket == skip) continue;
    const Player viewer = connection.seat;
    Json log = Json::array();
    for (int64_t i : now_public) {
      // The viewer saw its own sealed submissions when it made them.
      const bool seen = actions[size_t(i)].player == viewer && i != now_public.back();
      if (!seen) log.push_back(server::LogEntryJson(table.session, i, viewer));
    }
    if (own >= 0 && actions[size_t(own)].player == viewer)
      log.push_back(server::LogEntryJson(table.session, own, viewer));
    Send(socket, StateMessage(table, viewer, std::move(log)));
  }
}

void LocalHost::AfterAction(Table& table, Player seat, int64_t index, const Revealed& revealed) {
  std::vector<int64_t> now_public;
  int64_t own = -1;
  if (revealed.empty()) {
    if (table.open_step == kNoOpenStep) table.open_step = size_t(index);
    own = index;
  } else {
    const int64_t from = table.open_step == kNoOpenStep ? index : int64_t(table.open_step);
    for (int64_t i = from; i <= index; ++i) now_public.push_back(i);
    table.open_step = kNoOpenStep;
  }
  if (table.hint && table.hint->seat == seat)
    CancelHint(table, "the position changed before it was ready");
  Store(table);
  Broadcast(table, now_public, own);
  ScheduleAgents(table);
}

void LocalHost::ScheduleAgents(Table& table) {
  if (!Playing(table)) return;
  for (Player seat : table.session.AgentsToAct()) {
    if (table.thinking.count(seat) != 0) continue;
    Agent* agent = table.session.agent(seat);
    Pending pending;
    pending.decision = agent->Begin(table.session.state(), seat);
    // An agent with a time budget answers only once its time is spent, even when it decided at
    // once: how soon an AI seat answers tells nothing of its hand.
    pending.due =
        options_.now() + std::chrono::duration<double>(server::ThinkingTime(agent->Spec())).count();
    table.thinking.emplace(seat, std::move(pending));
  }
}

std::string LocalHost::NewToken() {
  std::string token;
  static constexpr char kHex[] = "0123456789abcdef";
  for (int i = 0; i < kTokenBytes / 8; ++i) {
    const uint64_t bits = options_.random();
    for (int k = 0; k < 16; ++k) token += kHex[(bits >> (4 * k)) & 15];
  }
  return token;
}

std::string LocalHost::NewTableId() {
  std::string id;
  do id = NewToken().substr(0, 12);
  while (tables_.count(id) != 0);
  return id;
}

}  // namespace savanna::local
