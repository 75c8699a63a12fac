// A table's core: its pipeline (every change is checked, stored, and only then applied and
// announced, one at a time), its status and summary, and its life (idle eviction, deletion while
// waiting, closing). Seats, actions, messages and agents are in table_seats.cc,
// table_actions.cc, table_messages.cc and table_agents.cc.
#include "server/table.h"

#include <boost/asio/post.hpp>
#include <chrono>
#include <iostream>

#include "core/json_io.h"
#include "server/move_log.h"
#include "server/table_internal.h"
#include "server/tokens.h"

namespace savanna::server {
namespace asio = boost::asio;

namespace table_detail {

tl::unexpected<ApiError> TableClosed() {
  return ApiFail(410, "table_closed", "the table is gone (deleted, expired or the server stops)");
}

ApiError StorageError(const Error& error) {
  std::cerr << "savanna serve: storage error: " << error.message << "\n";
  return ApiError{500, "storage_error", "the server could not store the change; nothing changed"};
}

}  // namespace table_detail

using namespace table_detail;

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
             size_t open_step_start, std::string client)
    : id_(stored.id),
      created_(stored.created),
      client_(std::move(client)),
      context_(std::move(context)),
      options_(std::move(options)),
      stored_(std::move(stored)),
      session_(std::move(session)),
      open_step_start_(open_step_start) {
  stored_.actions.clear();  // the session's record holds them
  vacancy_timers_.resize(size_t(session_.NumPlayers()));
  chat_buckets_.resize(size_t(session_.NumPlayers()));
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

// ---- Status and summary -------------------------------------------------------------------------

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

namespace {

tl::unexpected<ApiError> NotFinished() {
  return ApiFail(409, "not_finished",
                 "the game is not over: its record and its review are published once it ends");
}

// The take-backs as the record lists them.
Json TakeBacksJson(const std::vector<StoredTakeBack>& takebacks) {
  Json list = Json::array();
  for (const StoredTakeBack& t : takebacks) {
    Json removed = Json::array();
    for (const RecordedAction& a : t.removed)
      removed.push_back({{"player", a.player}, {"action", a.action}});
    list.push_back({{"seat", t.seat}, {"at", t.at}, {"from", t.from}, {"removed", removed}});
  }
  return list;
}

}  // namespace

ApiResult<Json> Table::Record() const {
  Lock lock(mutex_);
  if (!session_.IsTerminal()) return NotFinished();
  Json record = session_.record().ToJson();
  record["takebacks"] = TakeBacksJson(stored_.takebacks);
  return record;
}

ApiResult<Table::Finished> Table::FinishedGame() const {
  Lock lock(mutex_);
  if (!session_.IsTerminal()) return NotFinished();
  return Finished{session_.shared_game(), session_.record()};
}

ApiResult<Json> Table::RematchRequest() const {
  Lock lock(mutex_);
  if (!session_.IsTerminal())
    return ApiFail(409, "not_finished", "a rematch can be made once the game is over");
  // The seats move round by one (seat s plays seat s + 1 of the rematch, the last seat the
  // first), so that who starts changes from game to game.
  const size_t n = stored_.seats.size();
  Json seats = Json::array();
  for (size_t s = 0; s < n; ++s) seats.push_back(stored_.seats[(s + n - 1) % n].label);
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

bool Table::IsUnplayed(bool need_unwatched, std::chrono::steady_clock::duration idle) const {
  Lock lock(mutex_);
  if (closed_ || session_.IsTerminal() || !session_.record().actions.empty() || busy_) return false;
  if (std::chrono::steady_clock::now() - last_change_ < idle) return false;
  if (need_unwatched)
    for (int s = 0; s < session_.NumPlayers(); ++s)
      if (SeatConnected(s)) return false;
  return true;
}

void Table::DeleteIfUnplayed(std::optional<std::string> creator_token, std::string reason,
                             std::function<void(ApiResult<void>)> reply) {
  Run([this, creator_token = std::move(creator_token), reason = std::move(reason), reply] {
    if (closed_) return reply(TableClosed());
    if (creator_token && !TokenMatches(*creator_token, stored_.creator_hash))
      return reply(ApiFail(403, "bad_token",
                           "only the table's creator (its creator_token) may "
                           "delete it"));
    if (session_.IsTerminal() || !session_.record().actions.empty())
      return reply(
          ApiFail(409, "game_started", "only a table nobody has moved in yet can be deleted"));
    Write([this](TableStore::Done done) { context_.store->DeleteTable(id_, std::move(done)); },
          [this, reason, reply](Result<void> stored) {
            if (!stored) return reply(tl::unexpected(StorageError(stored.error())));
            const auto message = std::make_shared<const std::string>(
                JsonText(Json{{"type", "closed"}, {"table", id_}, {"reason", reason}}));
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
