// The lobby: every table of the server by id, table creation (checking the game spec, the seats
// and the options) and deletion by its creator, resuming the stored tables at start-up, loading
// a table that left memory back from the store on demand, and the housekeeping that keeps the
// lobby from filling up for good (lobby_housekeeping.cc).
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/registry.h"
#include "server/table.h"

namespace savanna::server {

struct LobbyOptions {
  TableOptions defaults;      // options of a table whose request leaves them out
  size_t max_tables = 10000;  // unfinished tables in memory at once; more are refused
  // Seconds a table may wait for its players before it is deleted (0: forever).
  double waiting_expiry = 3600;
  // Seconds a table whose seats are all taken but where nobody has moved yet may stay unchanged,
  // with no seated person connected, before it is deleted like a waiting one (0: forever).
  double unplayed_expiry = 900;
  // Seconds a finished table nobody watches stays in memory (it is then read from the store).
  double finished_in_memory = 300;
  // Seconds a playing table with no connection, no change and nothing under way stays in memory.
  double dormant_after = 86400;
  // Days a finished table is kept in the store (0: for ever).
  double retention_days = 0;
  // How often the housekeeping runs, in seconds.
  double sweep_seconds = 10;
};

class Lobby {
 public:
  Lobby(const GameRegistry& games, TableContext context, LobbyOptions options);

  // Loads the stored tables that are not finished and not dormant, and replays each record;
  // returns how many. A table whose record no longer replays (e.g. a game whose rules changed)
  // is skipped with a message on stderr; one whose game turns out to be over is marked finished
  // in the store and left there.
  // With `only`, loads those tables alone (several nodes: the tables this node holds).
  Result<size_t> Resume(const std::optional<std::vector<std::string>>& only = std::nullopt);
  // Starts the housekeeping timer (expiry, eviction, retention).
  void StartHousekeeping();

  // Asked once a creation request is found valid: 0 when it may go on, else the seconds to wait
  // (the client's creation rate).
  using Admit = std::function<double()>;
  // POST /api/tables: {"game": SPEC, "seats": [...], "options": {...}} (read by
  // ReadTableRequest) from `client` (whose share of the AI scheduler the table's AI time and
  // hints use); replies with the new table's summary and its "creator_token" (shown once) once
  // it is stored.
  void Create(const Json& request, std::function<void(ApiResult<Json>)> reply,
              const Admit& admit = {}, const std::string& client = {});
  // DELETE /api/tables/ID: the table's creator deletes it while nobody has moved in it.
  void Delete(const std::string& id, const std::string& creator_token,
              std::function<void(ApiResult<void>)> reply);
  // The table `id`: in memory, or read back from the store (replayed; it stays in memory until
  // the housekeeping evicts it again). Null when there is none (or `id` is not an id).
  std::shared_ptr<Table> Find(std::string_view id);
  // POST /api/tables/ID/rematch: a finished table's rematch (Table::RematchRequest), created by
  // the first request (asked through `admit`, as a creation is, and charged to `client`); every
  // later request, and those made while it is being created, get the same table's summary.
  void Rematch(const std::shared_ptr<Table>& table, std::function<void(ApiResult<Json>)> reply,
               const Admit& admit = {}, const std::string& client = {});
  // {"tables": [summary, ...]}: the tables in memory that are not finished, oldest first.
  Json List() const;
  // Tables in memory (for tests and monitoring).
  size_t InMemory() const;
  const GameRegistry& games() const { return games_; }
  void CloseAll();

  // ---- Several nodes (cluster.h) ----
  // Loads and starts the tables this node has just taken over (their AI seats think again);
  // returns how many it loaded.
  size_t Adopt(const std::vector<std::string>& ids);
  // The ids of the tables in memory.
  std::vector<std::string> Ids() const;
  // Closes and forgets tables this node no longer holds (their connections are told nothing:
  // their clients' next request reaches the node that holds them now).
  void Release(const std::vector<std::string>& ids);
  // Counts the unfinished tables of every node for the max_tables limit (none: this lobby's).
  void SetUnfinishedCounter(std::function<std::optional<size_t>()> count) {
    unfinished_counter_ = std::move(count);
  }

 private:
  // A table rebuilt from the store by replaying its record; `finished_now` is set when the
  // replay ends the game and the store did not know it yet.
  Result<std::shared_ptr<Table>> Revive(StoredTable stored, bool& finished_now);
  void Forget(const std::string& id);
  // lobby_housekeeping.cc
  void ScheduleSweep();
  void Sweep();

  const GameRegistry& games_;
  TableContext context_;
  LobbyOptions options_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Table>, std::less<>> tables_;
  size_t creating_ = 0;  // creations whose write is in flight (they count against the limit)
  // Replies waiting for a rematch being created, by the finished table's id.
  std::map<std::string, std::vector<std::function<void(ApiResult<Json>)>>, std::less<>>
      rematch_replies_;
  boost::asio::steady_timer sweep_timer_;
  std::optional<std::chrono::steady_clock::time_point> last_retention_;
  bool closing_ = false;
  std::function<std::optional<size_t>()> unfinished_counter_;
};

}  // namespace savanna::server
