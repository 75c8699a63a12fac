// The SQLite TableStore, the embedded default of `savanna serve --db FILE`.
#pragma once

#include <memory>
#include <string>

#include "server/table_store.h"

namespace savanna::server {

// SQLite in WAL mode. One writer thread applies queued writes in batches, one transaction per
// batch (group commit), so many tables share each commit. Durability::kFull is synchronous=FULL:
// a commit is on disk before `done` runs; kNormal is synchronous=NORMAL (the WAL is synced at
// checkpoints only). Opening checks the file (sqlite_schema.h CheckDatabaseFile: a damaged or
// foreign database is refused and left unchanged) and migrates it to the current schema. Load
// reads on a connection of its own. Several processes may open one file (SQLite's own locking
// serializes their writers; busy_timeout waits up to 5 s for the lock).
Result<std::unique_ptr<TableStore>> OpenSqliteStore(const std::string& path,
                                                    Durability durability = Durability::kFull);

}  // namespace savanna::server
