// One table of the server: a Session (the rules live there), its seats with their tokens, the
// connections watching it, AI seats thinking on the shared scheduler, and the pipeline that
// stores every change before anyone is told of it. Knows no network: connections are Clients.
// Its members are defined by concern in table.cc (pipeline, status, life), table_seats.cc,
// table_actions.cc, table_messages.cc, table_agents.cc, table_hints.cc and table_takeback.cc.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/agent_limits.h"
#include "server/agent_scheduler.h"
#include "server/api_error.h"
#include "server/table_options.h"
#include "server/table_store.h"
#include "session/session.h"

namespace savanna::server {

// A connection as a table sees it. Send must not block and must not call back into the table
// (tables call it with their lock held).
class Client {
 public:
  virtual ~Client() = default;
  virtual void Send(std::shared_ptr<const std::string> message) = 0;
};

// What a table shares with the others: the store, the executors and the limits.
struct TableContext {
  TableStore* store = nullptr;
  boost::asio::any_io_executor net;  // runs table work (short) and timers
  AgentScheduler* agents = nullptr;  // runs the AI seats' decisions, fairly between clients
  AgentLimits limits;
  size_t max_takebacks = 100;  // take-backs one game may have
};

enum class TableStatus { kWaiting, kPlaying, kFinished };
std::string_view StatusName(TableStatus status);

class Table : public std::enable_shared_from_this<Table> {
 public:
  // open_step_start when no simultaneous step is open.
  static constexpr size_t kNoStep = size_t(-1);

  // `stored` must describe `session` (the lobby builds both); `open_step_start` is the record
  // index of the first sealed submission of the simultaneous step still open, or kNoStep.
  // `client` is who made the table (client_limits.h): its AI time and hints are charged to that
  // client's share of the scheduler; empty (a table resumed from the store) makes the table a
  // client of its own.
  Table(TableContext context, StoredTable stored, Session session, TableOptions options,
        size_t open_step_start, std::string client = {});

  const std::string& id() const { return id_; }
  const std::string& client() const { return client_; }

  // A Session::ReplayStep that follows the open simultaneous step while a record is replayed:
  // `open_step_start` ends as the record index of its first sealed submission, or kNoStep.
  static Session::ReplayStep OpenStepTracker(size_t& open_step_start);

  // The callbacks run on the net executor once the change is stored (or was refused).
  struct Joined {
    int seat = 0;
    std::string token;  // the seat token: shown once, stored only as its digest
  };
  // Takes a free human seat (`seat`, or the first free one) for a player called `name`;
  // `client` (optional) is attached to it at once.
  void Join(std::optional<int> seat, std::string name, std::shared_ptr<Client> client,
            std::function<void(ApiResult<Joined>)> reply);
  // Attaches `client` to the seat that `token` belongs to (after a disconnect). No write.
  void Rejoin(const std::string& token, std::shared_ptr<Client> client,
              std::function<void(ApiResult<int>)> reply);
  void Spectate(std::shared_ptr<Client> client, std::function<void(ApiResult<void>)> reply);
  // Gives the seat of `token` up: the token stops working and the seat is free again.
  void Leave(const std::string& token, std::function<void(ApiResult<int>)> reply);
  // A human seat's action (its text). `reply` gets the action's index once it is stored.
  void Act(int seat, const std::string& token, const std::string& action,
           std::function<void(ApiResult<int64_t>)> reply);
  // Hints for human seat `seat` (hints.h): its turn, every other seat an AI. `reply` gets
  // {"index": the actions recorded when asked, "hints": HintsJson} once the search is done.
  // One hint at a time per table, take-backs included. The search is cancelled as soon as it is
  // superseded: the seat moves, a move is taken back, the seat's last connection leaves or the
  // table closes (`reply` then gets hint_cancelled or table_closed). Errors: bad_token,
  // hints_unavailable, not_playing, not_your_turn, hint_busy, hint_cancelled, table_closed.
  void Hint(int seat, const std::string& token, std::function<void(ApiResult<Json>)> reply);
  // Takes back human seat `seat`'s last move at a table where every other seat is an AI: the
  // game is replayed from its record without that move and the moves after it (the AI seats'
  // answers), the take-back is stored, and every connection gets a full state. `reply` gets the
  // number of actions left. The AI seats' decisions and the hint under way are cancelled at once.
  // At most TableContext::max_takebacks per game. Errors: bad_token, takeback_unavailable,
  // not_playing, nothing_to_take_back, takeback_limit, storage_error, table_closed.
  void TakeBack(int seat, const std::string& token, std::function<void(ApiResult<int64_t>)> reply);
  // A line of chat from human seat `seat` (a person): cleaned (cut to kChatMaxChars characters,
  // between characters; control characters as spaces; not UTF-8 as U+FFFD), then sent as
  // {"type": "chat", "table", "messages": [{"seat", "name", "text", "at"}]} to every connection
  // of a human seat, never to a spectator; an AI seat never sees it. In memory only: the last
  // kChatKept lines go to a seat that (re)joins. Per seat kChatBurst lines at once, then one
  // every kChatSecondsPerLine seconds. Errors: bad_token, bad_request (nothing to say),
  // rate_limited, table_closed.
  static constexpr size_t kChatMaxChars = 280;
  static constexpr size_t kChatKept = 50;
  static constexpr int kChatBurst = 5;
  static constexpr double kChatSecondsPerLine = 2;
  void Chat(int seat, const std::string& token, std::string_view text,
            std::function<void(ApiResult<void>)> reply);
  // `client` closed or moved to another table.
  void Detach(const Client* client);

  // {"id", "game", "title", "status", "seats": [...], "options", "actions", "created",
  // "rematch"} ("rematch": the id of the rematch table, or null).
  Json Summary() const;
  bool IsOpen() const;  // not finished, with a free human seat
  TableStatus Status() const;
  // The whole record, once the game is over (it holds every secret of the deal), with the
  // table's take-backs: "takebacks": [{"seat", "at", "from", "removed": [{"player", "action"}]}].
  ApiResult<Json> Record() const;
  // The game and its record once the game is over (a copy, for the review to replay without
  // holding the table), else not_finished.
  struct Finished {
    std::shared_ptr<const Game> game;
    GameRecord record;
  };
  ApiResult<Finished> FinishedGame() const;

  // A rematch, once the game is over: the POST /api/tables request for a new table like this
  // one (the same game spec, the seats as shown moved round by one: seat s here is seat s + 1
  // there, the last seat the first; the same options; a new deal).
  ApiResult<Json> RematchRequest() const;
  // The id of this table's rematch ("" while there is none). Setting it tells every connection
  // (a state message with "rematch"). Kept in memory only: it is lost on a restart.
  std::string rematch() const;
  void SetRematch(const std::string& id);

  // ---- Lifecycle (the lobby's housekeeping) ----
  int64_t created() const { return created_; }
  // Closes the table (it leaves the server's memory; the store keeps it) if its status is
  // `status`, no connection follows it, it has not changed for `idle`, and (with `need_quiet`)
  // no agent thinks and no vacancy timer runs. True when it closed.
  bool CloseIfIdle(TableStatus status, std::chrono::steady_clock::duration idle, bool need_quiet);
  bool closed() const;
  // Whether nobody has moved yet in a game that is not over (waiting for its players, or every
  // seat taken and no move made), and no seated person is connected now (`need_unwatched`);
  // with `idle`, also that nothing changed for that long.
  bool IsUnplayed(bool need_unwatched, std::chrono::steady_clock::duration idle = {}) const;
  // Deletes the table from the store if nobody has moved in it yet and, when `creator_token` is
  // given, that is the token returned at creation; then tells every connection ({"type":
  // "closed", "reason": `reason`}) and closes. Errors: bad_token, game_started, table_closed,
  // storage_error; nothing changes then.
  void DeleteIfUnplayed(std::optional<std::string> creator_token, std::string reason,
                        std::function<void(ApiResult<void>)> reply);

  // After construction (and after resuming): starts agents and vacancy timers as needed.
  void Start();
  // Stops timers and drops the agents' decisions; every later request gets table_closed.
  void Close();

 private:
  struct Viewer {
    std::weak_ptr<Client> client;
    const Client* key = nullptr;
    Player seat = kSpectator;
  };
  using Lock = std::unique_lock<std::mutex>;

  // The pipeline: `op` runs (lock held) now, or after the store writes already in flight.
  void Run(std::function<void()> op);
  // Starts a store write; `then` runs (lock held, on net) once it is done, then queued ops.
  void Write(std::function<void(TableStore::Done)> write, std::function<void(Result<void>)> then);
  void Drain();

  TableStatus StatusLocked() const;
  void Touch() { last_change_ = std::chrono::steady_clock::now(); }
  Json SummaryLocked() const;
  Json SeatsJson() const;
  std::optional<int> SeatOfToken(const std::string& token) const;
  // The coach's common refusals (hints and take-backs; lock held): the table closed, `token`
  // not holding `seat`, another seat not an AI (`unavailable`: its code and message), or the
  // game not going on (`not_playing`'s message). Empty when the request may go ahead.
  std::optional<ApiError> CoachRefusal(int seat, const std::string& token,
                                       const ApiError& unavailable,
                                       const std::string& not_playing) const;
  bool SeatConnected(int seat) const;

  // Stores and applies one action (a human's text or an agent's choice, already checked).
  void Commit(Player seat, Action action, std::function<void(ApiResult<int64_t>)> reply);
  void AfterAction(Player seat, int64_t index, const Revealed& revealed);

  // Per-viewer messages (table_messages.cc). A state message carries `log`: the full log when a
  // viewer attaches, else only what the change made readable to that viewer.
  std::string StateMessage(Player viewer, const Json& log) const;
  Json LogEntry(int64_t index, Player viewer) const;
  Json FullLog(Player viewer) const;
  void SendFullState(const std::shared_ptr<Client>& client, Player viewer) const;
  // Sends every viewer but `skip` (one just sent its full state) its state message, one message
  // per kind of viewer. `now_public`: the record indices the change made public (a sequential
  // action, or every submission of a simultaneous step that just resolved); a seat is not sent
  // its own earlier sealed submissions again. `own`: the index of a sealed submission that only
  // its own seat may read now (-1: none). Broadcast({}, -1) sends an empty log: a seat, a
  // connection or the rematch changed.
  void Broadcast(const std::vector<int64_t>& now_public, int64_t own, const Client* skip = nullptr);
  void Attach(const std::shared_ptr<Client>& client, Player seat);
  // The chat kept so far, to a seat's connection that attaches (table_chat.cc).
  void SendChatLog(const std::shared_ptr<Client>& client, Player viewer) const;

  void ScheduleAgents();
  // Cancels the hint under way, if any (its reply says so).
  void CancelHint();
  void PublishAgentChoice(Player seat, Action action, std::chrono::steady_clock::time_point due,
                          uint64_t epoch);
  void OnAgentChoice(Player seat, Action action, uint64_t epoch);
  // An agent decision of `epoch` has answered (its decision is gone): a session retired by a
  // take-back is freed once none of its decisions is left.
  void SettleDecision(uint64_t epoch);
  void UpdateVacancyTimers();
  void ReplaceVacantSeat(int seat);
  void CloseLocked();

  const std::string id_;
  const int64_t created_;
  const std::string client_;
  TableContext context_;
  TableOptions options_;

  mutable std::mutex mutex_;  // guards everything below
  StoredTable stored_;        // what the store holds (seats, created; actions are in session_)
  Session session_;
  size_t open_step_start_;  // the first sealed action of the open step, or kNoStep
  bool busy_ = false;       // a store write is in flight
  std::deque<std::function<void()>> waiting_;
  std::vector<Viewer> viewers_;
  PlayerSet thinking_;  // agent seats whose Choose is running on the pool
  // The hint search queued or running (its scheduler ticket) and the seat it is for.
  std::optional<AgentScheduler::Ticket> hint_;
  Player hint_seat_ = kSpectator;
  uint64_t epoch_ = 0;  // bumped by a take-back: answers computed before it are dropped
  std::map<uint64_t, int> in_flight_;  // per epoch: agent decisions submitted and not answered
  // Sessions replaced by a take-back while their agents still think, with their epoch.
  std::vector<std::pair<uint64_t, std::unique_ptr<Session>>> retired_;
  std::vector<std::unique_ptr<boost::asio::steady_timer>> vacancy_timers_;  // per seat
  bool closed_ = false;
  std::string rematch_;  // the id of the rematch table, once one was made
  // The chat (table_chat.cc): the last lines, and per seat a token bucket.
  struct ChatBucket {
    double tokens = kChatBurst;
    std::chrono::steady_clock::time_point refilled = std::chrono::steady_clock::now();
  };
  std::deque<Json> chat_;
  std::vector<ChatBucket> chat_buckets_;
  std::chrono::steady_clock::time_point last_change_ = std::chrono::steady_clock::now();
};

}  // namespace savanna::server
