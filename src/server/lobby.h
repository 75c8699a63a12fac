// The lobby: every table of the server by id, table creation (checking the game spec, the seats
// and the options), and resuming every stored table at start-up by replaying its record.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/registry.h"
#include "server/table.h"

namespace savanna::server {

struct LobbyOptions {
  TableOptions defaults;      // options of a table whose request leaves them out
  size_t max_tables = 10000;  // unfinished tables at once; more are refused
};

class Lobby {
 public:
  Lobby(const GameRegistry& games, TableContext context, LobbyOptions options);

  // Loads every stored table and replays its record; returns how many. A table whose record
  // no longer replays (e.g. a game whose rules changed) is skipped with a message on stderr.
  Result<size_t> Resume();

  // POST /api/tables: {"game": SPEC, "seats": [...], "options": {...}}; replies with the new
  // table's summary once it is stored.
  void Create(const Json& request, std::function<void(ApiResult<Json>)> reply);
  std::shared_ptr<Table> Find(std::string_view id) const;
  // POST /api/tables/ID/rematch: a finished table's rematch (Table::RematchRequest), created by
  // the first request; every later request, and those made while it is being created, get the
  // same table's summary.
  void Rematch(const std::shared_ptr<Table>& table, std::function<void(ApiResult<Json>)> reply);
  // {"tables": [summary, ...]}: the tables not finished, oldest first.
  Json List() const;
  // GET /api/games and /api/agents.
  Json GamesJson() const;
  static Json AgentsJson();
  void CloseAll();

 private:
  ApiResult<std::shared_ptr<const Game>> CheckGame(const std::string& spec) const;

  const GameRegistry& games_;
  TableContext context_;
  LobbyOptions options_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Table>, std::less<>> tables_;
  size_t creating_ = 0;  // creations whose write is in flight (they count against the limit)
  // Replies waiting for a rematch being created, by the finished table's id.
  std::map<std::string, std::vector<std::function<void(ApiResult<Json>)>>, std::less<>>
      rematch_replies_;
};

}  // namespace savanna::server
