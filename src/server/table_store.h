// Where tables live between restarts: the TableStore interface (tables, seats and every accepted
// action) and OpenStore, the factory that picks the implementation from the operator's --db: a
// SQLite file (sqlite_store.h, the embedded default) or a PostgreSQL server (postgres_store.h).
// Every implementation passes the one contract suite (tests/server/store_contract_test.cc).
// Tables not in the server's memory (finished, or idle for long) are read back from here.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/record.h"
#include "core/result.h"

namespace savanna::server {

struct StoredSeat {
  std::string player;      // kHumanSeat or the agent's full spec (its seed included)
  std::string label;       // what others are shown: "human" or the agent spec without its seed
  std::string name;        // a human's display name ("" when none or free)
  std::string token_hash;  // SHA-256 of the seat token; "" while the seat is free
  bool operator==(const StoredSeat&) const = default;
};

// A take-back against AI seats (Table::TakeBack): `seat` took its move back at `at` (Unix time),
// and the actions from index `from` on (`removed`: that move and the AI seats' answers) left
// the table's actions.
struct StoredTakeBack {
  int seat = 0;
  int64_t at = 0;
  int64_t from = 0;
  std::vector<RecordedAction> removed;
  bool operator==(const StoredTakeBack&) const = default;
};

struct StoredTable {
  std::string id;
  std::string game;  // the registered name
  Json params;       // resolved parameters, as in a record
  uint64_t seed = 0;
  Json options;                     // the table's options (TableOptions::ToJson)
  int64_t created = 0;              // Unix time in seconds
  std::string creator_hash;         // SHA-256 of the creator's token; "" when there is none
  int64_t updated = 0;              // Unix time of the last stored change
  std::optional<int64_t> finished;  // Unix time the game ended; none while it goes on
  std::vector<StoredSeat> seats;
  std::vector<RecordedAction> actions;    // every accepted action, in order (after take-backs)
  std::vector<StoredTakeBack> takebacks;  // the table's take-backs, oldest first
};

// Writes are queued and applied in the order submitted; `done` runs on the store's own thread
// once the write is durable (committed) or has failed. Callers acknowledge nothing before that.
class TableStore {
 public:
  using Done = std::function<void(Result<void>)>;
  virtual ~TableStore() = default;

  // The tables not known to be finished and changed at or after `changed_since` (Unix time),
  // with their seats and actions, oldest first (at start-up, before any write).
  virtual Result<std::vector<StoredTable>> LoadOpen(int64_t changed_since) = 0;
  // One table by id, finished or not; none when there is no such table. Safe on any thread
  // while writes go on (it sees every write whose `done` has run).
  virtual Result<std::optional<StoredTable>> Load(const std::string& id) = 0;
  // A new table with its seats (its actions must be empty).
  virtual void CreateTable(const StoredTable& table, Done done) = 0;
  // Action `index` (0-based, the next one) of a table; the table counts as changed now.
  virtual void AppendAction(const std::string& table_id, int64_t index,
                            const RecordedAction& action, Done done) = 0;
  // A take-back: actions `takeback.from` and after leave the table's actions, and the take-back
  // is kept (its seat, time and removed actions); the table counts as changed now.
  virtual void TakeBack(const std::string& table_id, const StoredTakeBack& takeback, Done done) = 0;
  // Replaces what is stored for one seat; the table counts as changed now.
  virtual void UpdateSeat(const std::string& table_id, int seat, const StoredSeat& stored,
                          Done done) = 0;
  // Records that the table's game ended at `when` (Unix time).
  virtual void MarkFinished(const std::string& table_id, int64_t when, Done done) = 0;
  // Removes a table with its seats and actions.
  virtual void DeleteTable(const std::string& table_id, Done done) = 0;
  // Removes every table whose game ended before `before` (Unix time); `done` gets how many.
  virtual void DeleteFinishedBefore(int64_t before, std::function<void(Result<int64_t>)> done) = 0;
  // Returns once every write submitted so far is done.
  virtual void Flush() = 0;
};

// What `done` promises about a write. kFull: the write is committed durably before `done` runs;
// it survives a kill -9 of the server and a power loss (SQLite: synchronous=FULL; PostgreSQL:
// synchronous_commit=on). kNormal: it survives a kill -9 of the server, but the last commits may
// be lost on a power loss (SQLite: synchronous=NORMAL) or a crash of the database server
// (PostgreSQL: synchronous_commit=off).
enum class Durability { kNormal, kFull };

struct StoreOptions {
  Durability durability = Durability::kFull;
  // PostgreSQL with several nodes (cluster.h): this node's id. A table made here is leased to it,
  // and every change of a table is written only while this node holds its lease (else the write
  // fails). "": no leases (one server alone).
  std::string node;
};

// Whether `db` names a PostgreSQL server ("postgresql://..." or "postgres://...", libpq's
// connection URIs) rather than a SQLite file.
bool IsPostgresUrl(std::string_view db);

// `db` as messages may show it: a URL's password (in its user-info part or a `password=`
// parameter) replaced by "***"; a file path unchanged.
std::string RedactDb(std::string_view db);

// The store `db` names: a PostgreSQL URL (IsPostgresUrl) or else the path of a SQLite file
// (created if missing). Opening checks the database (a damaged, foreign or newer one is refused
// and left unchanged) and migrates it to the current schema. Errors name the database (a URL
// without its password).
Result<std::unique_ptr<TableStore>> OpenStore(const std::string& db,
                                              const StoreOptions& options = {});

}  // namespace savanna::server
