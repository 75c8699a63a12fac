// The server database's schema: its version (SQLite's user_version), the migrations that bring
// an older database forward, and the checks a database must pass before anything writes to it.
// A database that fails a check is refused with a clear error and left exactly as it was.
#pragma once

#include <sqlite3.h>

#include <string>

#include "core/result.h"

namespace savanna::server {

// The schema this program writes. Version 1 is the unversioned schema of the first server
// release (user_version 0 with its three tables); every later version has a migration.
inline constexpr int kSchemaVersion = 3;

// Checks the file at `path` without writing to it: an existing file must be a SQLite database
// (not empty, the right header), pass `PRAGMA quick_check`, and be Savanna's (its tables, or
// none at all) at a version this program knows. A missing file passes (it will be created).
// Errors name the file and what is wrong.
Result<void> CheckDatabaseFile(const std::string& path);

// The schema version of the open database (1 for the unversioned first release, 0 for an empty
// database).
Result<int> SchemaVersion(sqlite3* db);

// Brings the open database to `target` (default kSchemaVersion), one migration per version, each
// in a transaction of its own that also sets user_version (a failed migration leaves the
// previous version).
Result<void> Migrate(sqlite3* db, int target = kSchemaVersion);

// Runs `sql` (no rows expected); the error carries SQLite's message.
Result<void> Exec(sqlite3* db, const std::string& sql);

}  // namespace savanna::server
