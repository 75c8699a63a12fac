// The PostgreSQL store's schema: its version (the one row of savanna_schema), the migrations that
// bring an older database forward, and the checks a database must pass before anything writes to
// it. A database that fails a check is refused with a clear error and left exactly as it was.
#pragma once

#include "core/result.h"
#include "server/postgres_conn.h"

namespace savanna::server::pg {

// The schema this program writes. Versions 1 to 3 hold what SQLite's versions 1 to 3 hold
// (sqlite_schema.h), in PostgreSQL's types; version 4 adds what several servers sharing the
// database need (cluster.h): nodes, leases, the limits' buckets, the relay's mailbox.
inline constexpr int kSchemaVersion = 4;

// The schema version of the database: 0 when it has none of Savanna's tables. Refuses, without
// writing: a version newer than kSchemaVersion, a version row that is missing or unreadable,
// Savanna's table names without a version (another program's tables), and a table or column that
// the version promises but the database lacks (a damaged database).
Result<int> CheckDatabase(Connection& conn);

// Brings the database to `target` (default kSchemaVersion), one migration per version in one
// transaction that also sets the version; several servers starting at once take turns (an
// advisory lock), and each migration is applied once.
Result<void> Migrate(Connection& conn, int target = kSchemaVersion);

}  // namespace savanna::server::pg
