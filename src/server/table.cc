// A table's pipeline: every change is checked, stored, and only then applied and announced.
// Agents think on the worker pool on a copy of the state; their choices come back through the
// same pipeline. Views and legal actions come from the Session, never from rules of our own.
#include "server/table.h"

#include <boost/asio/post.hpp>
#include <chrono>
#include <iostream>
#include <map>

#include "agents/agent.h"
#include "core/check.h"
#include "server/clock.h"
#include "server/tokens.h"

namespace savanna::server {
namespace asio = boost::asio;
namespace {

constexpr size_t kNoStep = size_t(-1);
constexpr size_t kMaxNameSize = 40;

tl::unexpected<ApiError> TableClosed() {
  return ApiFail(410, "table_closed", "the table is gone (deleted, expired or the server stops)");
}

ApiError StorageError(const Error& error) {
  std::cerr << "savanna serve: storage error: " << error.message << "\n";
  return ApiError{500, "storage_error", "the server could not store the change; nothing changed"};
}

Json PlayersJson(PlayerSet players) {
  Json list = Json::array();
  for (Player p : players) list.push_back(p);
  return list;
}

}  // namespace

// ---- Options ------------------------------------------------------------------------------------

Json TableOptions::ToJson() const {
  return {
      {"ai_seconds", ai_seconds}, {"replace_after", replace_after}, {"replacement", replacement}};
}

ApiResult<TableOptions> TableOptions::FromJson(const Json& json, const TableOptions& defaults,
                                               const AgentLimits& limits) {
  TableOptions options = defaults;
  if (json.is_null()) return options;
  if (!json.is_object()) return ApiFail(400, "bad_request", "field 'options' must be an object");
  if (auto ok = CheckFields(json, {"ai_seconds", "replace_after", "replacement"}, "options"); !ok)
    return tl::unexpected(ok.error());
  if (json.contains("ai_seconds")) {
    auto v = NumberField(json, "ai_seconds", 0.001, 3600);
    if (!v) return tl::unexpected(v.error());
    options.ai_seconds = *v;
  }
  if (json.contains("replace_after")) {
    auto v = NumberField(json, "replace_after", 0, 7 * 86400);
    if (!v) return tl::unexpected(v.error());
    options.replace_after = *v;
  }
  if (json.contains("replacement")) {
    auto v = StringField(json, "replacement", 200);
    if (!v) return tl::unexpected(v.error());
    options.replacement = *v;
  }
  if (auto ok = CheckAiSeconds(options.ai_seconds, limits); !ok) return tl::unexpected(ok.error());
  if (auto spec = SeatSpec(options.replacement, options.ai_seconds, limits); !spec)
    return ApiFail(400, spec.error().code == "over_limit" ? "over_limit" : "bad_request",
                   "options.replacement: " + spec.error().message);
  return options;
}

std::string_view StatusName(TableStatus status) {
  switch (status) {
    case TableStatus::kWaiting:
      return "waiting";
    case TableStatus::kPlaying:
      return "playing";
    case TableStatus::kFinished:
      return "finished";
  }
  return "?";
}

// ---- The pipeline -------------------------------------------------------------------------------

Table::Table(TableContext context, StoredTable stored, Session session, TableOptions options,
             size_t open_step_start)
    : id_(stored.id),
      created_(stored.created),
      context_(std::move(context)),
      options_(std::move(options)),
      stored_(std::move(stored)),
      session_(std::move(session)),
      open_step_start_(open_step_start) {
  stored_.actions.clear();  // the session's record holds them
  vacancy_timers_.resize(size_t(session_.NumPlayers()));
}

void Table::Run(std::function<void()> op) {
  Lock lock(mutex_);
  if (busy_) {
    waiting_.push_back(std::move(op));
    return;
  }
  op();
  Drain();
}

void Table::Write(std::function<void(TableStore::Done)> write,
                  std::function<void(Result<void>)> then) {
  busy_ = true;
  auto self = shared_from_this();
  write([self, then = std::move(then)](Result<void> result) {
    asio::post(self->context_.net, [self, then, result] {
      Lock lock(self->mutex_);
      self->busy_ = false;
      then(result);
      self->Drain();
    });
  });
}

void Table::Drain() {
  while (!busy_ && !waiting_.empty()) {
    auto op = std::move(waiting_.front());
    waiting_.pop_front();
    op();
  }
}

// ---- Seats --------------------------------------------------------------------------------------

TableStatus Table::Status() const {
  Lock lock(mutex_);
  return StatusLocked();
}

TableStatus Table::StatusLocked() const {
  if (session_.IsTerminal()) return TableStatus::kFinished;
  if (!session_.record().actions.empty()) return TableStatus::kPlaying;
  for (size_t s = 0; s < stored_.seats.size(); ++s)
    if (session_.IsHuman(Player(s)) && stored_.seats[s].token_hash.empty())
      return TableStatus::kWaiting;
  return TableStatus::kPlaying;
}

bool Table::IsOpen() const {
  Lock lock(mutex_);
  if (session_.IsTerminal()) return false;
  for (size_t s = 0; s < stored_.seats.size(); ++s)
    if (session_.IsHuman(Player(s)) && stored_.seats[s].token_hash.empty()) return true;
  return false;
}

std::optional<int> Table::SeatOfToken(const std::string& token) const {
  std::optional<int> found;
  for (size_t s = 0; s < stored_.seats.size(); ++s)
    if (TokenMatches(token, stored_.seats[s].token_hash)) found = int(s);
  return found;
}

bool Table::SeatConnected(int seat) const {
  for (const Viewer& v : viewers_)
    if (v.seat == seat && !v.client.expired()) return true;
  return false;
}

Json Table::SeatsJson() const {
  Json seats = Json::array();
  for (size_t s = 0; s < stored_.seats.size(); ++s) {
    const StoredSeat& seat = stored_.seats[s];
    Json j = {{"seat", s}};
    if (session_.IsHuman(Player(s))) {
      j["player"] = "human";
      j["taken"] = !seat.token_hash.empty();
      j["name"] = seat.name;
      j["connected"] = SeatConnected(int(s));
    } else {
      j["player"] = "agent";
      j["agent"] = seat.label;  // never the full spec: an agent's seed is derived from the deal's
    }
    seats.push_back(std::move(j));
  }
  return seats;
}

Json Table::SummaryLocked() const {
  const Game& game = session_.game();
  return {{"id", id_},
          {"game", game.Spec()},
          {"name", game.name()},
          {"title", game.info().title},
          {"status", StatusName(StatusLocked())},
          {"seats", SeatsJson()},
          {"options", options_.ToJson()},
          {"actions", session_.record().actions.size()},
          {"to_act", PlayersJson(session_.PlayersToAct())},
          {"created", stored_.created},
          {"rematch", rematch_.empty() ? Json() : Json(rematch_)}};
}

Json Table::Summary() const {
  Lock lock(mutex_);
  return SummaryLocked();
}

ApiResult<Json> Table::Record() const {
  Lock lock(mutex_);
  if (!session_.IsTerminal())
    return ApiFail(409, "not_finished", "the record is published once the game is over");
  return session_.record().ToJson();
}

ApiResult<Json> Table::RematchRequest() const {
  Lock lock(mutex_);
  if (!session_.IsTerminal())
    return ApiFail(409, "not_finished", "a rematch can be made once the game is over");
  Json seats = Json::array();
  for (const StoredSeat& seat : stored_.seats) seats.push_back(seat.label);
  return Json{{"game", session_.game().Spec()}, {"seats", seats}, {"options", options_.ToJson()}};
}

std::string Table::rematch() const {
  Lock lock(mutex_);
  return rematch_;
}

void Table::SetRematch(const std::string& id) {
  Lock lock(mutex_);
  rematch_ = id;
  Broadcast({}, -1);
}

void Table::Join(std::optional<int> wanted, std::string name, std::shared_ptr<Client> client,
                 std::function<void(ApiResult<Joined>)> reply) {
  Run([this, wanted, name = std::move(name), client = std::move(client), reply] {
    if (closed_) return reply(TableClosed());
    if (session_.IsTerminal()) return reply(ApiFail(409, "game_over", "the game is over"));
    if (name.size() > kMaxNameSize)
      return reply(ApiFail(400, "bad_request",
                           "a name has at most " + std::to_string(kMaxNameSize) + " characters"));
    const int n = session_.NumPlayers();
    std::optional<int> seat;
    if (wanted) {
      if (*wanted < 0 || *wanted >= n)
        return reply(
            ApiFail(400, "bad_request",
                    "no seat " + std::to_string(*wanted) + " at a table of " + std::to_string(n)));
      if (!session_.IsHuman(*wanted))
        return reply(ApiFail(409, "seat_taken",
                             "seat " + std::to_string(*wanted) + " is played by an agent"));
      if (!stored_.seats[*wanted].token_hash.empty())
        return reply(ApiFail(409, "seat_taken", "seat " + std::to_string(*wanted) + " is taken"));
      seat = wanted;
    } else {
      for (int s = 0; s < n && !seat; ++s)
        if (session_.IsHuman(s) && stored_.seats[s].token_hash.empty()) seat = s;
      if (!seat) return reply(ApiFail(409, "no_free_seat", "no human seat is free"));
    }
    const std::string token = RandomHex(kTokenBytes);
    StoredSeat updated = stored_.seats[*seat];
    updated.token_hash = Sha256Hex(token);
    updated.name = name;
    const bool was_waiting = StatusLocked() == TableStatus::kWaiting;
    Write(
        [this, s = *seat, updated](TableStore::Done done) {
          context_.store->UpdateSeat(id_, s, updated, std::move(done));
        },
        [this, s = *seat, updated, token, client, reply, was_waiting](Result<void> stored) {
          if (!stored) return reply(tl::unexpected(StorageError(stored.error())));
          stored_.seats[s] = updated;
          Touch();
          reply(Joined{s, token});
          if (client) Attach(client, s);
          Broadcast({}, -1, client.get());
          if (was_waiting && StatusLocked() == TableStatus::kPlaying) ScheduleAgents();
          UpdateVacancyTimers();
        });
  });
}

void Table::Rejoin(const std::string& token, std::shared_ptr<Client> client,
                   std::function<void(ApiResult<int>)> reply) {
  Run([this, token, client = std::move(client), reply] {
    if (closed_) return reply(TableClosed());
    const std::optional<int> seat = SeatOfToken(token);
    if (!seat)
      return reply(ApiFail(403, "bad_token", "the token does not hold a seat at this table"));
    reply(*seat);
    Attach(client, *seat);
    UpdateVacancyTimers();
    Broadcast({}, -1, client.get());  // the others learn that the seat is connected
  });
}

void Table::Spectate(std::shared_ptr<Client> client, std::function<void(ApiResult<void>)> reply) {
  Run([this, client = std::move(client), reply] {
    if (closed_) return reply(TableClosed());
    reply({});
    Attach(client, kSpectator);
  });
}

void Table::Leave(const std::string& token, std::function<void(ApiResult<int>)> reply) {
  Run([this, token, reply] {
    if (closed_) return reply(TableClosed());
    const std::optional<int> seat = SeatOfToken(token);
    if (!seat)
      return reply(ApiFail(403, "bad_token", "the token does not hold a seat at this table"));
    StoredSeat updated = stored_.seats[*seat];
    updated.token_hash.clear();
    updated.name.clear();
    Write(
        [this, s = *seat, updated](TableStore::Done done) {
          context_.store->UpdateSeat(id_, s, updated, std::move(done));
        },
        [this, s = *seat, updated, reply](Result<void> stored) {
          if (!stored) return reply(tl::unexpected(StorageError(stored.error())));
          stored_.seats[s] = updated;
          Touch();
          std::erase_if(viewers_, [s](const Viewer& v) { return v.seat == s; });
          reply(s);
          Broadcast({}, -1);
          UpdateVacancyTimers();
        });
  });
}

void Table::Detach(const Client* client) {
  {
    Lock lock(mutex_);
    const size_t before = viewers_.size();
    std::erase_if(viewers_, [client](const Viewer& v) { return v.key == client; });
    if (viewers_.size() == before) return;
    Touch();
  }
  Run([this] {
    UpdateVacancyTimers();
    Broadcast({}, -1);
  });
}

// ---- Actions ------------------------------------------------------------------------------------

void Table::Act(int seat, const std::string& token, const std::string& action,
                std::function<void(ApiResult<int64_t>)> reply) {
  Run([this, seat, token, action, reply] {
    if (closed_) return reply(TableClosed());
    if (SeatOfToken(token) != seat)
      return reply(ApiFail(403, "bad_token", "your seat token no longer holds a seat here"));
    if (StatusLocked() == TableStatus::kWaiting)
      return reply(ApiFail(409, "not_started", "the game starts once every human seat is taken"));
    auto parsed = session_.state().ParseAction(seat, action);
    if (!parsed) return reply(tl::unexpected(FromError(parsed.error(), 409)));
    Commit(seat, *parsed, reply);
  });
}

void Table::Commit(Player seat, Action action, std::function<void(ApiResult<int64_t>)> reply) {
  const RecordedAction recorded{seat, session_.state().ActionToString(seat, action)};
  const int64_t index = int64_t(session_.record().actions.size());
  Write(
      [this, index, recorded](TableStore::Done done) {
        context_.store->AppendAction(id_, index, recorded, std::move(done));
      },
      [this, seat, action, index, recorded, reply](Result<void> stored) {
        if (!stored) {
          const ApiError error = StorageError(stored.error());
          if (reply) reply(tl::unexpected(error));
          return;
        }
        auto revealed = session_.IsHuman(seat) ? session_.Submit(seat, recorded.action)
                                               : session_.SubmitAgentAction(seat, action);
        SAVANNA_CHECK_MSG(revealed, "table " + id_ + ": a checked action failed: " +
                                        (revealed ? "" : revealed.error().message));
        if (reply) reply(index);
        AfterAction(seat, index, *revealed);
      });
}

void Table::AfterAction(Player seat, int64_t index, const Revealed& revealed) {
  std::vector<int64_t> now_public;
  int64_t own = -1;
  if (revealed.empty()) {
    if (open_step_start_ == kNoStep) open_step_start_ = size_t(index);
    own = index;
  } else {
    const int64_t from = open_step_start_ == kNoStep ? index : int64_t(open_step_start_);
    for (int64_t i = from; i <= index; ++i) now_public.push_back(i);
    open_step_start_ = kNoStep;
  }
  (void)seat;
  Touch();
  if (session_.IsTerminal())
    context_.store->MarkFinished(id_, UnixNow(), [id = id_](Result<void> done) {
      if (!done) std::cerr << "savanna serve: table " << id << ": " << done.error().message << "\n";
    });
  Broadcast(now_public, own);
  ScheduleAgents();
  UpdateVacancyTimers();
}

// ---- Messages -----------------------------------------------------------------------------------

Json Table::LogEntry(int64_t index, Player viewer) const {
  const RecordedAction& a = session_.record().actions[size_t(index)];
  // Another seat's action reads as its public text (State::PublicActionString), which names
  // nothing hidden from the viewer (a face-down counter's placement without its kind).
  return {{"index", index},
          {"player", a.player},
          {"action", a.player == viewer ? a.action : session_.PublicText(size_t(index))}};
}

Json Table::FullLog(Player viewer) const {
  Json log = Json::array();
  const auto& actions = session_.record().actions;
  for (size_t i = 0; i < actions.size(); ++i)
    if (open_step_start_ == kNoStep || i < open_step_start_ || actions[i].player == viewer)
      log.push_back(LogEntry(int64_t(i), viewer));
  return log;
}

std::string Table::StateMessage(Player viewer, const Json& log) const {
  const TableStatus status = StatusLocked();
  Json message = {{"type", "state"},
                  {"table", id_},
                  {"viewer", viewer == kSpectator ? Json("spectator") : Json(viewer)},
                  {"status", StatusName(status)},
                  {"actions", session_.record().actions.size()},
                  {"to_act", PlayersJson(session_.PlayersToAct())},
                  {"seats", SeatsJson()},
                  {"view", session_.View(viewer)},
                  {"log", log},
                  {"result", session_.record().result},
                  {"rematch", rematch_.empty() ? Json() : Json(rematch_)}};
  if (viewer != kSpectator && status == TableStatus::kPlaying && session_.IsHuman(viewer) &&
      session_.PlayersToAct().Contains(viewer))
    message["legal"] = session_.LegalActions(viewer);
  return message.dump();
}

void Table::SendFullState(const std::shared_ptr<Client>& client, Player viewer) const {
  client->Send(std::make_shared<const std::string>(StateMessage(viewer, FullLog(viewer))));
}

void Table::Attach(const std::shared_ptr<Client>& client, Player seat) {
  std::erase_if(viewers_, [&](const Viewer& v) { return v.key == client.get(); });
  viewers_.push_back({client, client.get(), seat});
  SendFullState(client, seat);
}

void Table::Broadcast(const std::vector<int64_t>& now_public, int64_t own, const Client* skip) {
  std::erase_if(viewers_, [](const Viewer& v) { return v.client.expired(); });
  std::map<Player, std::shared_ptr<const std::string>> messages;  // one per viewer kind
  for (const Viewer& v : viewers_) {
    auto client = v.client.lock();
    if (!client || client.get() == skip) continue;
    auto& message = messages[v.seat];
    if (!message) {
      Json log = Json::array();
      for (int64_t i : now_public) {
        // The viewer saw its own sealed submissions when it made them.
        const bool seen =
            session_.record().actions[size_t(i)].player == v.seat && i != now_public.back();
        if (!seen) log.push_back(LogEntry(i, v.seat));
      }
      if (own >= 0 && session_.record().actions[size_t(own)].player == v.seat)
        log.push_back(LogEntry(own, v.seat));
      message = std::make_shared<const std::string>(StateMessage(v.seat, log));
    }
    client->Send(message);
  }
}

// ---- Agents and vacant seats
// ----------------------------------------------------------------------

void Table::ScheduleAgents() {
  if (closed_ || StatusLocked() != TableStatus::kPlaying) return;
  for (Player seat : session_.AgentsToAct()) {
    if (thinking_.Contains(seat)) continue;
    thinking_.Insert(seat);
    auto self = shared_from_this();
    Agent* agent = session_.agent(seat);
    const auto due = std::chrono::steady_clock::now() + ThinkingTime(agent->Spec());
    context_.agents->Submit(
        this, agent->Begin(session_.state(), seat), [self, seat, due](Action action) {
          asio::post(self->context_.net,
                     [self, seat, action, due] { self->PublishAgentChoice(seat, action, due); });
        });
  }
}

// An agent with a time budget answers only once its time is spent, even when it decided at once
// (a single legal action): how soon an AI seat answers must not tell anything of its hand.
void Table::PublishAgentChoice(Player seat, Action action,
                               std::chrono::steady_clock::time_point due) {
  auto self = shared_from_this();
  if (std::chrono::steady_clock::now() >= due)
    return Run([self, seat, action] { self->OnAgentChoice(seat, action); });
  auto timer = std::make_shared<asio::steady_timer>(context_.net, due);
  timer->async_wait([self, seat, action, timer](const boost::system::error_code&) {
    self->Run([self, seat, action] { self->OnAgentChoice(seat, action); });
  });
}

void Table::OnAgentChoice(Player seat, Action action) {
  thinking_.Erase(seat);
  if (closed_) return;
  // A choice made on a state that has moved on since is dropped and the agent asked again.
  if (!session_.AgentsToAct().Contains(seat) || !session_.state().IsLegal(seat, action))
    return ScheduleAgents();
  Commit(seat, action, nullptr);
}

void Table::UpdateVacancyTimers() {
  for (int s = 0; s < int(vacancy_timers_.size()); ++s) {
    const bool vacant = !closed_ && options_.replace_after > 0 &&
                        StatusLocked() == TableStatus::kPlaying && session_.IsHuman(s) &&
                        !SeatConnected(s);
    auto& timer = vacancy_timers_[size_t(s)];
    if (!vacant) {
      if (timer) timer->cancel();
      timer.reset();
      continue;
    }
    if (timer) continue;
    timer = std::make_unique<asio::steady_timer>(context_.net);
    timer->expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(options_.replace_after)));
    std::weak_ptr<Table> weak = weak_from_this();
    timer->async_wait([weak, s](const boost::system::error_code& ec) {
      if (ec) return;
      if (auto self = weak.lock()) self->Run([self, s] { self->ReplaceVacantSeat(s); });
    });
  }
}

void Table::ReplaceVacantSeat(int seat) {
  vacancy_timers_[size_t(seat)].reset();
  if (closed_ || StatusLocked() != TableStatus::kPlaying || !session_.IsHuman(seat) ||
      SeatConnected(seat))
    return;
  auto spec = SeatSpec(options_.replacement, options_.ai_seconds, context_.limits);
  if (!spec) {
    std::cerr << "savanna serve: table " << id_ << ": " << spec.error().message << "\n";
    return;
  }
  const std::string label = *spec;
  // Applied first so that the stored spec is the agent's full one; nothing is announced, and no
  // other change runs, before the write is done; a failed write puts the human seat back.
  if (auto replaced = session_.ReplaceSeat(seat, label); !replaced) {
    std::cerr << "savanna serve: table " << id_ << ": " << replaced.error().message << "\n";
    return;
  }
  const StoredSeat updated{session_.seats()[size_t(seat)], label, "", ""};
  Write(
      [this, seat, updated](TableStore::Done done) {
        context_.store->UpdateSeat(id_, seat, updated, std::move(done));
      },
      [this, seat, updated](Result<void> stored) {
        if (!stored) {
          StorageError(stored.error());
          SAVANNA_CHECK(session_.ReplaceSeat(seat, std::string(kHumanSeat)));
          return;
        }
        stored_.seats[size_t(seat)] = updated;
        Touch();
        std::erase_if(viewers_, [seat](const Viewer& v) { return v.seat == seat; });
        Broadcast({}, -1);
        ScheduleAgents();
      });
}

// ---- Lifecycle ----------------------------------------------------------------------------------

bool Table::CloseIfIdle(TableStatus status, std::chrono::steady_clock::duration idle,
                        bool need_quiet) {
  Lock lock(mutex_);
  if (closed_ || StatusLocked() != status || busy_ ||
      std::chrono::steady_clock::now() - last_change_ < idle)
    return false;
  for (const Viewer& v : viewers_)
    if (!v.client.expired()) return false;
  if (need_quiet) {
    if (!thinking_.Empty()) return false;
    for (const auto& timer : vacancy_timers_)
      if (timer) return false;
  }
  CloseLocked();
  return true;
}

bool Table::closed() const {
  Lock lock(mutex_);
  return closed_;
}

void Table::DeleteIfWaiting(std::optional<std::string> creator_token, std::string reason,
                            std::function<void(ApiResult<void>)> reply) {
  Run([this, creator_token = std::move(creator_token), reason = std::move(reason), reply] {
    if (closed_) return reply(TableClosed());
    if (creator_token && !TokenMatches(*creator_token, stored_.creator_hash))
      return reply(ApiFail(403, "bad_token",
                           "only the table's creator (its creator_token) may "
                           "delete it"));
    if (StatusLocked() != TableStatus::kWaiting)
      return reply(
          ApiFail(409, "not_waiting", "only a table still waiting for its players can be deleted"));
    Write([this](TableStore::Done done) { context_.store->DeleteTable(id_, std::move(done)); },
          [this, reason, reply](Result<void> stored) {
            if (!stored) return reply(tl::unexpected(StorageError(stored.error())));
            const auto message = std::make_shared<const std::string>(
                Json{{"type", "closed"}, {"table", id_}, {"reason", reason}}.dump());
            for (const Viewer& v : viewers_)
              if (auto client = v.client.lock()) client->Send(message);
            viewers_.clear();
            CloseLocked();
            reply({});
          });
  });
}

void Table::Start() {
  Lock lock(mutex_);
  ScheduleAgents();
  UpdateVacancyTimers();
}

void Table::Close() {
  Lock lock(mutex_);
  CloseLocked();
}

void Table::CloseLocked() {
  closed_ = true;
  context_.agents->Cancel(this);
  for (auto& timer : vacancy_timers_) {
    if (timer) timer->cancel();
    timer.reset();
  }
}

}  // namespace savanna::server
