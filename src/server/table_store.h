// Where tables live between restarts: the TableStore interface (tables, seats and every accepted
// action) and its SQLite implementation. A PostgreSQL backend would implement the same interface.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
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

struct StoredTable {
  std::string id;
  std::string game;  // the registered name
  Json params;       // resolved parameters, as in a record
  uint64_t seed = 0;
  Json options;         // the table's options (server.h TableOptions::ToJson)
  int64_t created = 0;  // Unix time in seconds
  std::vector<StoredSeat> seats;
  std::vector<RecordedAction> actions;  // every accepted action, in order
};

// Writes are queued and applied in the order submitted; `done` runs on the store's own thread
// once the write is durable (committed) or has failed. Callers acknowledge nothing before that.
class TableStore {
 public:
  using Done = std::function<void(Result<void>)>;
  virtual ~TableStore() = default;

  // Every stored table with its seats and actions (at start-up, before any write).
  virtual Result<std::vector<StoredTable>> LoadAll() = 0;
  // A new table with its seats (its actions must be empty).
  virtual void CreateTable(const StoredTable& table, Done done) = 0;
  // Action `index` (0-based, the next one) of a table.
  virtual void AppendAction(const std::string& table_id, int64_t index,
                            const RecordedAction& action, Done done) = 0;
  // Replaces what is stored for one seat.
  virtual void UpdateSeat(const std::string& table_id, int seat, const StoredSeat& stored,
                          Done done) = 0;
  // Returns once every write submitted so far is done.
  virtual void Flush() = 0;
};

enum class SyncMode { kNormal, kFull };

// SQLite in WAL mode. One writer thread applies queued writes in batches, one transaction per
// batch (group commit), so many tables share each commit. With SyncMode::kFull (the default) a
// commit is on disk before `done` runs: it survives a kill -9 and a power loss; kNormal
// survives a kill -9 of the server but may lose the last commits on a power loss.
Result<std::unique_ptr<TableStore>> OpenSqliteStore(const std::string& path,
                                                    SyncMode sync = SyncMode::kFull);

}  // namespace savanna::server
