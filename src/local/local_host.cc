// The local host's tables: the server's lobby, tables and WebSocket conversation for one person on
// one device, driven by calls instead of a network and threads (local_host.h). The messages, the
// checks and their errors are the server's own (src/server's protocol library); what differs is
// said where it happens: no other people (one person seat at most, no chat), no store of its own
// (records go out to the caller), AI seats think only inside Think.
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
#include "server/catalog.h"
#include "server/hints.h"
#include "server/move_log.h"
#include "server/request_fields.h"
#include "server/review.h"

namespace savanna::local {

using server::ApiFail;
using server::ErrorJson;
using server::FromError;
using server::kNoOpenStep;

namespace {

constexpr int kTokenBytes = 32;
constexpr size_t kMaxTableIdSize = 64;
constexpr size_t kMaxActionSize = 1000;
// The stored form of a table on the device (StoredJson); a later version reads older ones.
constexpr int kStoredFormat = 1;

tl::unexpected<ApiError> UnknownTable() {
  return ApiFail(404, "unknown_table", "no table with that id");
}

bool IsTableId(std::string_view id) {
  return !id.empty() && id.size() <= 32 &&
         id.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

Json PlayersJson(PlayerSet players) {
  Json list = Json::array();
  for (Player p : players) list.push_back(p);
  return list;
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

// An AI seat's decision under way, and when its answer may be shown (its time budget spent).
struct Pending {
  std::unique_ptr<Decision> decision;
  double due = 0;
  bool decided = false;
  Action action = kInvalidAction;
};

// A hint under way for the seat at `socket`.
struct HintJob {
  int socket = 0;
  Json id;
  Player seat = 0;
  int64_t index = 0;
  std::unique_ptr<Decision> search;
  std::shared_ptr<const State> asked;  // the true state asked about, to name the actions
  server::HintEstimates estimates;
};

struct LocalHost::Table {
  std::string id;
  int64_t created = 0;
  Session session;
  std::vector<std::string> labels;  // per seat: "human" or the agent spec as shown
  server::TableOptions options;
  std::vector<std::string> tokens;  // per seat: the seat token, empty while free
  std::vector<std::string> names;
  std::string creator_token;
  Json takebacks = Json::array();
  std::string rematch;
  size_t open_step = kNoOpenStep;
  std::map<Player, Pending> thinking;
  std::optional<HintJob> hint;

  explicit Table(Session s) : session(std::move(s)) {}
  ~Table() {
    // Decisions use their seats' agents, which the session owns: they go first.
    hint.reset();
    thinking.clear();
  }
  std::optional<int> SeatOfToken(const std::string& token) const {
    if (token.empty()) return std::nullopt;
    for (size_t s = 0; s < tokens.size(); ++s)
      if (tokens[s] == token) return int(s);
    return std::nullopt;
  }
};

struct LocalHost::Connection {
  std::string table;  // followed, or empty
  Player seat = kSpectator;
  bool seated = false;
  std::string token;
};

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
  bool busy = false, computing = false;
  double first_due = 0;
  for (const auto& [id, table] : tables_) {
    if (table->hint) busy = computing = true;
    for (const auto& [seat, pending] : table->thinking) {
      busy = true;
      if (!pending.decided)
        computing = true;
      else if (first_due == 0 || pending.due < first_due)
        first_due = pending.due;
    }
  }
  wait_seconds = busy && !computing ? std::max(0.0, first_due - options_.now()) : 0;
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
    // Whatever was under way may be what failed: each table asks its agents again.
    for (auto& [id, table] : tables_) {
      table->hint.reset();
      table->thinking.clear();
    }
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
    // Whatever was under way is dropped; each table asks its agents again.
    for (auto& [id, table] : tables_) {
      table->hint.reset();
      table->thinking.clear();
    }
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
    if (now >= end) break;
    bool computing = false;
    for (auto& [id, table] : tables_) {
      computing = computing || table->hint.has_value();
      for (auto& [seat, pending] : table->thinking) computing = computing || !pending.decided;
    }
    if (!computing) break;
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

// ---- The stored form --------------------------------------------------------------------------

Json LocalHost::StoredJson(const Table& table) const {
  Json seats = Json::array();
  for (size_t s = 0; s < table.labels.size(); ++s)
    seats.push_back(
        {{"label", table.labels[s]}, {"token", table.tokens[s]}, {"name", table.names[s]}});
  return {{"local_format", kStoredFormat},
          {"created", table.created},
          {"options", table.options.ToJson()},
          {"seats", seats},
          {"creator_token", table.creator_token},
          {"takebacks", table.takebacks},
          {"rematch", table.rematch.empty() ? Json() : Json(table.rematch)},
          {"record", table.session.record().ToJson()}};
}

ApiResult<std::unique_ptr<LocalHost::Table>> LocalHost::FromStored(const std::string& id,
                                                                   const Json& stored) const {
  auto bad = [](const std::string& what) { return ApiFail(400, "bad_record", what); };
  if (!stored.is_object()) return bad("not an object");
  if (stored.value("local_format", Json()) != Json(kStoredFormat))
    return bad("field 'local_format' is not " + std::to_string(kStoredFormat) +
               " (stored by another version)");
  const auto record_json = stored.find("record");
  if (record_json == stored.end()) return bad("field 'record' is missing");
  auto record = GameRecord::FromJson(*record_json);
  if (!record) return bad("field 'record': " + record.error().message);
  size_t open_step = kNoOpenStep;
  auto session = Session::FromRecord(games_, *record, {}, server::TrackOpenStep(open_step));
  if (!session) return bad("the record does not replay: " + session.error().message);
  const Json seats = stored.value("seats", Json());
  if (!seats.is_array() || seats.size() != size_t(session->NumPlayers()))
    return bad("field 'seats' must have one entry per player");
  auto table = std::make_unique<Table>(std::move(*session));
  table->id = id;
  table->open_step = open_step;
  for (const Json& seat : seats) {
    if (!seat.is_object() || !seat.value("label", Json()).is_string() ||
        !seat.value("token", Json()).is_string() || !seat.value("name", Json()).is_string())
      return bad("field 'seats': each entry has the strings 'label', 'token' and 'name'");
    table->labels.push_back(seat["label"]);
    table->tokens.push_back(seat["token"]);
    table->names.push_back(seat["name"]);
  }
  for (size_t s = 0; s < table->labels.size(); ++s)
    if ((table->labels[s] == kHumanSeat) != table->session.IsHuman(Player(s)))
      return bad("seat " + std::to_string(s) + ": its label and the record's seat disagree");
  const Json created = stored.value("created", Json());
  if (!created.is_number_integer()) return bad("field 'created' must be an integer");
  table->created = created.get<int64_t>();
  auto options = server::TableOptions::FromJson(stored.value("options", Json()), options_.defaults,
                                                server::AgentLimits::Unlimited());
  if (!options) return bad("field 'options': " + options.error().message);
  table->options = *options;
  const Json creator = stored.value("creator_token", Json());
  table->creator_token = creator.is_string() ? creator.get<std::string>() : "";
  const Json takebacks = stored.value("takebacks", Json::array());
  if (!takebacks.is_array()) return bad("field 'takebacks' must be an array");
  table->takebacks = takebacks;
  const Json rematch = stored.value("rematch", Json());
  if (rematch.is_string() && IsTableId(rematch.get_ref<const std::string&>()))
    table->rematch = rematch.get<std::string>();
  return table;
}

Json LocalHost::Restore(const Json& request) {
  Json refused = Json::array();
  int restored = 0;
  const Json records = request.value("records", Json::array());
  for (const Json& entry : records.is_array() ? records : Json::array()) {
    const Json id = entry.is_object() ? entry.value("table", Json()) : Json();
    const std::string name = id.is_string() ? id.get<std::string>() : "";
    auto refuse = [&](const std::string& message) {
      refused.push_back(
          {{"table", ValidUtf8(CutToBytes(name, kMaxTableIdSize))}, {"message", message}});
    };
    if (!IsTableId(name)) {
      refuse("a table id is 1 to 32 lowercase hex digits");
      continue;
    }
    if (tables_.count(name) != 0) {
      refuse("a table with this id is here already");
      continue;
    }
    if (tables_.size() >= options_.max_tables) {
      refuse("this device keeps " + std::to_string(options_.max_tables) + " games at most");
      continue;
    }
    auto table = FromStored(name, entry.value("record", Json()));
    if (!table) {
      refuse(table.error().message);
      continue;
    }
    Table* made = table->get();
    tables_.emplace(name, std::move(*table));
    ++restored;
    ScheduleAgents(*made);
  }
  // A rematch link to a table that did not come back goes.
  for (auto& [id, table] : tables_)
    if (!table->rematch.empty() && tables_.count(table->rematch) == 0) table->rematch.clear();
  return {{"restored", restored}, {"refused", refused}};
}

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
  auto found = Seated(socket, "join or rejoin a seat to ask for hints");
  if (!found) return Send(socket, ErrorJson(found.error(), id));
  Table& table = **found;
  const Player seat = sockets_[socket].seat;
  if (!server::OnlyAgentsBeside(table.session.seats(), seat))
    return Send(socket, ErrorJson({409, "hints_unavailable",
                                   "hints are offered only at a table where every other seat is "
                                   "an AI"},
                                  id));
  if (!Playing(table))
    return Send(socket,
                ErrorJson({409, "not_playing", "hints are given while the game goes on"}, id));
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
  auto found = Seated(socket, "join or rejoin a seat to take a move back");
  if (!found) return Send(socket, ErrorJson(found.error(), id));
  Table& table = **found;
  const Player seat = sockets_[socket].seat;
  if (!server::OnlyAgentsBeside(table.session.seats(), seat))
    return Send(socket, ErrorJson({409, "takeback_unavailable",
                                   "a move can be taken back only at a table where every other "
                                   "seat is an AI, never where another person plays"},
                                  id));
  if (!Playing(table))
    return Send(
        socket,
        ErrorJson({409, "not_playing", "a move can be taken back while the game goes on"}, id));
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
          {"to_act", PlayersJson(table.session.PlayersToAct())},
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
                  {"to_act", PlayersJson(session.PlayersToAct())},
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
