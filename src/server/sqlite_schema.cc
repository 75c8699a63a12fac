// The migrations, in order, and the read-only checks of a database file before it is opened
// for writing.
#include "server/sqlite_schema.h"

#include <filesystem>
#include <fstream>
#include <vector>

namespace savanna::server {
namespace {

// Migration N makes version N from version N-1. Never edit one that has shipped: add another.
constexpr const char* kMigrations[] = {
    // 1: the first release's schema (it had no version).
    R"sql(
CREATE TABLE tables(
  id TEXT PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL, seed TEXT NOT NULL,
  options TEXT NOT NULL, created INTEGER NOT NULL);
CREATE TABLE seats(
  table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, player TEXT NOT NULL,
  label TEXT NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL,
  PRIMARY KEY(table_id, seat)) WITHOUT ROWID;
CREATE TABLE actions(
  table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL, player INTEGER NOT NULL,
  action TEXT NOT NULL, PRIMARY KEY(table_id, idx)) WITHOUT ROWID;
)sql",
    // 2: the creator's token (to delete a waiting table), the time of the last change (to let
    // idle tables leave memory) and the time the game ended (finished tables are loaded on
    // demand and may be deleted after a retention period). Tables of version 1 count as changed
    // when they were created; whether they are finished is learned when they are replayed.
    R"sql(
ALTER TABLE tables ADD COLUMN creator_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN updated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN finished INTEGER;
UPDATE tables SET updated = created;
CREATE INDEX tables_by_finished ON tables(finished, updated);
)sql",
    // 3: take-backs against AI seats: the actions they removed (a JSON array of {player,
    // action}), from which index, for which seat and when. The actions table holds the game as
    // it stands; this one keeps what was taken back.
    R"sql(
CREATE TABLE takebacks(
  table_id TEXT NOT NULL REFERENCES tables(id), at INTEGER NOT NULL, seat INTEGER NOT NULL,
  from_idx INTEGER NOT NULL, removed TEXT NOT NULL);
CREATE INDEX takebacks_by_table ON takebacks(table_id);
)sql",
};
static_assert(std::size(kMigrations) == kSchemaVersion);

// One column of the first row of `sql`, or an error.
Result<std::string> QueryText(sqlite3* db, const char* sql) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) != SQLITE_OK)
    return Fail(ErrorCode::kIoError, sqlite3_errmsg(db));
  std::string text;
  const int rc = sqlite3_step(stmt);
  if (rc == SQLITE_ROW && sqlite3_column_text(stmt, 0) != nullptr)
    text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
  const std::string error = sqlite3_errmsg(db);
  sqlite3_finalize(stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return Fail(ErrorCode::kIoError, error);
  return text;
}

Result<int> CountTables(sqlite3* db, const char* where) {
  auto n = QueryText(
      db, (std::string("SELECT count(*) FROM sqlite_schema WHERE type = 'table'") + where).c_str());
  if (!n) return tl::unexpected(n.error());
  return std::stoi(*n);
}

}  // namespace

Result<void> Exec(sqlite3* db, const std::string& sql) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message) == SQLITE_OK) return {};
  std::string text = message ? message : sqlite3_errmsg(db);
  sqlite3_free(message);
  return Fail(ErrorCode::kIoError, text);
}

Result<int> SchemaVersion(sqlite3* db) {
  auto version = QueryText(db, "PRAGMA user_version");
  if (!version) return tl::unexpected(version.error());
  if (std::stoi(*version) > 0) return std::stoi(*version);
  auto ours = CountTables(db, " AND name IN ('tables', 'seats', 'actions')");
  if (!ours) return tl::unexpected(ours.error());
  return *ours == 3 ? 1 : 0;
}

Result<void> CheckDatabaseFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return {};
  const std::string bad = "database " + path + ": ";
  const std::string untouched = " (the file was not changed)";
  if (std::filesystem::file_size(path, ec) == 0)
    return Fail(ErrorCode::kBadData, bad + "the file is empty (0 bytes): not a Savanna database; " +
                                         "a truncated copy? Move it away to start afresh" +
                                         untouched);
  char header[16] = {};
  std::ifstream(path, std::ios::binary).read(header, sizeof header);
  if (std::string(header, sizeof header) != std::string("SQLite format 3\0", 16))
    return Fail(ErrorCode::kBadData, bad + "not a SQLite database" + untouched);

  // Reading a database in WAL mode makes its -wal and -shm files: those it made are removed.
  const bool had_wal = std::filesystem::exists(path + "-wal", ec);
  const bool had_shm = std::filesystem::exists(path + "-shm", ec);
  sqlite3* db = nullptr;
  Result<void> result;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    result = Fail(ErrorCode::kIoError, bad + sqlite3_errmsg(db) + untouched);
  } else if (auto check = QueryText(db, "PRAGMA quick_check(1)"); !check || *check != "ok") {
    result = Fail(ErrorCode::kBadData, bad + "the database is damaged (" +
                                           (check ? *check : check.error().message) +
                                           "); restore it from a backup" + untouched);
  } else if (auto version = SchemaVersion(db); !version) {
    result = Fail(ErrorCode::kBadData, bad + version.error().message + untouched);
  } else if (*version > kSchemaVersion) {
    result = Fail(ErrorCode::kBadData, bad + "written by a newer Savanna (schema version " +
                                           std::to_string(*version) + "; this one reads up to " +
                                           std::to_string(kSchemaVersion) + ")" + untouched);
  } else if (auto any = CountTables(db, ""); !any || (*version == 0 && *any > 0)) {
    result = Fail(ErrorCode::kBadData, bad + "a SQLite database, but not Savanna's" + untouched);
  }
  sqlite3_close_v2(db);
  if (!result) {
    if (!had_wal) std::filesystem::remove(path + "-wal", ec);
    if (!had_shm) std::filesystem::remove(path + "-shm", ec);
  }
  return result;
}

Result<void> Migrate(sqlite3* db, int target) {
  auto version = SchemaVersion(db);
  if (!version) return tl::unexpected(version.error());
  for (int v = *version + 1; v <= target; ++v) {
    const std::string sql = std::string("BEGIN IMMEDIATE;") + kMigrations[v - 1] +
                            "PRAGMA user_version = " + std::to_string(v) + "; COMMIT;";
    if (auto ok = Exec(db, sql); !ok) {
      Exec(db, "ROLLBACK");
      return Fail(ErrorCode::kIoError, "migrating the database to schema version " +
                                           std::to_string(v) + ": " + ok.error().message);
    }
  }
  return {};
}

}  // namespace savanna::server
