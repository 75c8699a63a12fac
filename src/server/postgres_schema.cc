// The PostgreSQL migrations, in order, and the read-only checks before a database is written.
#include "server/postgres_schema.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace savanna::server::pg {
namespace {

// Migration N makes version N from version N-1. Never edit one that has shipped: add another.
constexpr const char* kMigrations[] = {
    // 1: tables, seats and actions, as in SQLite's first schema.
    R"sql(
CREATE TABLE tables(
  id TEXT PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL, seed TEXT NOT NULL,
  options TEXT NOT NULL, created BIGINT NOT NULL);
CREATE TABLE seats(
  table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, player TEXT NOT NULL,
  label TEXT NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL,
  PRIMARY KEY(table_id, seat));
CREATE TABLE actions(
  table_id TEXT NOT NULL REFERENCES tables(id), idx BIGINT NOT NULL, player INTEGER NOT NULL,
  action TEXT NOT NULL, PRIMARY KEY(table_id, idx));
)sql",
    // 2: the creator's token, the time of the last change and the time the game ended.
    R"sql(
ALTER TABLE tables ADD COLUMN creator_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN updated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN finished BIGINT;
UPDATE tables SET updated = created;
CREATE INDEX tables_by_finished ON tables(finished, updated);
)sql",
    // 3: take-backs against AI seats (their removed actions as a JSON array), in the order made.
    R"sql(
CREATE TABLE takebacks(
  id BIGSERIAL PRIMARY KEY, table_id TEXT NOT NULL REFERENCES tables(id), at BIGINT NOT NULL,
  seat INTEGER NOT NULL, from_idx BIGINT NOT NULL, removed TEXT NOT NULL);
CREATE INDEX takebacks_by_table ON takebacks(table_id);
)sql",
    // 4: several servers (nodes) on one database (cluster.h). A node is one running
    // server, alive while it renews `expires` (the database's clock). A lease says which node
    // runs a table; it holds while that node is alive, and `epoch` counts the hand-overs. Every
    // write of a table's change runs savanna_fence first: it fails unless the writer holds the
    // lease and is alive, and locks the lease row until the write commits, so a node taking the
    // table over waits for that commit and then reads it. Token buckets count what one client
    // may do across the nodes (savanna_take); the mailbox holds node-to-node messages too large
    // for a NOTIFY payload.
    R"sql(
CREATE TABLE nodes(
  id TEXT PRIMARY KEY, address TEXT NOT NULL, started TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires TIMESTAMPTZ NOT NULL);
CREATE TABLE leases(
  table_id TEXT PRIMARY KEY REFERENCES tables(id), node TEXT NOT NULL, epoch BIGINT NOT NULL);
CREATE INDEX leases_by_node ON leases(node);
CREATE TABLE buckets(
  kind TEXT NOT NULL, client TEXT NOT NULL, tokens DOUBLE PRECISION NOT NULL,
  at TIMESTAMPTZ NOT NULL, PRIMARY KEY(kind, client));
CREATE TABLE mailbox(id BIGSERIAL PRIMARY KEY, body TEXT NOT NULL);
CREATE FUNCTION savanna_fence(t TEXT, me TEXT) RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
  PERFORM 1 FROM leases l JOIN nodes n ON n.id = l.node
    WHERE l.table_id = t AND l.node = me AND n.expires > clock_timestamp() FOR SHARE OF l;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'table % is not leased to node %', t, me USING ERRCODE = 'SV001';
  END IF;
END $f$;
-- Refills bucket (k, c) at `rate` per second up to `burst`, then takes `amount` from it if it
-- holds that much: returns 0 when taken, else the seconds until it would be.
CREATE FUNCTION savanna_take(k TEXT, c TEXT, amount FLOAT8, rate FLOAT8, burst FLOAT8)
RETURNS FLOAT8 LANGUAGE plpgsql AS $f$
DECLARE left_now FLOAT8;
BEGIN
  INSERT INTO buckets VALUES(k, c, burst, clock_timestamp())
  ON CONFLICT (kind, client) DO UPDATE SET
    tokens = LEAST(burst, buckets.tokens +
                   rate * EXTRACT(EPOCH FROM clock_timestamp() - buckets.at)),
    at = clock_timestamp()
  RETURNING tokens INTO left_now;
  IF left_now >= amount THEN
    UPDATE buckets SET tokens = left_now - amount WHERE kind = k AND client = c;
    RETURN 0;
  END IF;
  RETURN CASE WHEN rate > 0 THEN (amount - left_now) / rate ELSE 1e9 END;
END $f$;
-- Refills bucket (k, c) the same way, then spends `amount` whatever it holds (it may go below
-- zero: time already used); returns what is left.
CREATE FUNCTION savanna_spend(k TEXT, c TEXT, amount FLOAT8, rate FLOAT8, burst FLOAT8)
RETURNS FLOAT8 LANGUAGE plpgsql AS $f$
DECLARE left_now FLOAT8;
BEGIN
  INSERT INTO buckets VALUES(k, c, burst - amount, clock_timestamp())
  ON CONFLICT (kind, client) DO UPDATE SET
    tokens = LEAST(burst, buckets.tokens +
                   rate * EXTRACT(EPOCH FROM clock_timestamp() - buckets.at)) - amount,
    at = clock_timestamp()
  RETURNING tokens INTO left_now;
  RETURN left_now;
END $f$;
)sql",
};
static_assert(std::size(kMigrations) == kSchemaVersion);

// The columns of every table at each version (the version that added them).
struct Column {
  int version;
  const char* table;
  const char* column;
};
constexpr Column kColumns[] = {
    {1, "tables", "id"},           {1, "tables", "game"},
    {1, "tables", "params"},       {1, "tables", "seed"},
    {1, "tables", "options"},      {1, "tables", "created"},
    {1, "seats", "table_id"},      {1, "seats", "seat"},
    {1, "seats", "player"},        {1, "seats", "label"},
    {1, "seats", "name"},          {1, "seats", "token_hash"},
    {1, "actions", "table_id"},    {1, "actions", "idx"},
    {1, "actions", "player"},      {1, "actions", "action"},
    {2, "tables", "creator_hash"}, {2, "tables", "updated"},
    {2, "tables", "finished"},     {3, "takebacks", "id"},
    {3, "takebacks", "table_id"},  {3, "takebacks", "at"},
    {3, "takebacks", "seat"},      {3, "takebacks", "from_idx"},
    {3, "takebacks", "removed"},   {4, "nodes", "id"},
    {4, "nodes", "address"},       {4, "nodes", "started"},
    {4, "nodes", "expires"},       {4, "leases", "table_id"},
    {4, "leases", "node"},         {4, "leases", "epoch"},
    {4, "buckets", "kind"},        {4, "buckets", "client"},
    {4, "buckets", "tokens"},      {4, "buckets", "at"},
    {4, "mailbox", "id"},          {4, "mailbox", "body"},
};

constexpr long kMigrationLock = 0x5a7a11a;  // the advisory lock migrations take turns on

Result<std::set<std::pair<std::string, std::string>>> Columns(Connection& conn) {
  PgResult r = conn.Query(
      "SELECT table_name, column_name FROM information_schema.columns "
      "WHERE table_schema = current_schema()");
  if (!r.ok()) return Fail(ErrorCode::kIoError, r.error());
  std::set<std::pair<std::string, std::string>> columns;
  for (int i = 0; i < r.rows(); ++i) columns.emplace(r.text(i, 0), r.text(i, 1));
  return columns;
}

// The version row, read inside the current transaction (or none when the table is missing).
Result<int> ReadVersion(Connection& conn, bool has_table) {
  if (!has_table) return 0;
  PgResult r = conn.Query("SELECT version FROM savanna_schema");
  if (!r.ok()) return Fail(ErrorCode::kBadData, "its schema version is unreadable: " + r.error());
  if (r.rows() != 1 || r.null(0, 0))
    return Fail(ErrorCode::kBadData, "its schema version is damaged (savanna_schema holds " +
                                         std::to_string(r.rows()) + " rows, not 1)");
  return int(r.int64(0, 0));
}

}  // namespace

Result<int> CheckDatabase(Connection& conn) {
  const std::string bad = "database " + RedactDb(conn.url()) + ": ";
  const std::string untouched = " (the database was not changed)";
  auto columns = Columns(conn);
  if (!columns) return Fail(ErrorCode::kIoError, bad + columns.error().message);
  auto has = [&](const char* table, const char* column) {
    return columns->count({table, column}) != 0;
  };
  const bool has_version = has("savanna_schema", "version");
  auto version = ReadVersion(conn, has_version);
  if (!version) return Fail(version.error().code, bad + version.error().message + untouched);
  if (*version > kSchemaVersion)
    return Fail(ErrorCode::kBadData, bad + "written by a newer Savanna (schema version " +
                                         std::to_string(*version) + "; this one reads up to " +
                                         std::to_string(kSchemaVersion) + ")" + untouched);
  if (*version == 0) {
    for (const Column& c : kColumns)
      for (const auto& [table, column] : *columns)
        if (table == c.table)
          return Fail(ErrorCode::kBadData, bad + "it has a table '" + table +
                                               "' but no Savanna schema version: another "
                                               "program's database? Use an empty database" +
                                               untouched);
    return 0;
  }
  for (const Column& c : kColumns)
    if (c.version <= *version && !has(c.table, c.column))
      return Fail(ErrorCode::kBadData, bad + "the database is damaged: schema version " +
                                           std::to_string(*version) + " has " + c.table + "." +
                                           c.column +
                                           ", which is missing; restore it from a "
                                           "backup" +
                                           untouched);
  return *version;
}

Result<void> Migrate(Connection& conn, int target) {
  auto checked = CheckDatabase(conn);
  if (!checked) return tl::unexpected(checked.error());
  if (*checked >= target) return {};
  const std::string where = "database " + RedactDb(conn.url()) + ": ";
  if (auto ok =
          conn.Exec("BEGIN; SELECT pg_advisory_xact_lock(" + std::to_string(kMigrationLock) + ")");
      !ok)
    return Fail(ErrorCode::kIoError, where + ok.error().message);
  // Another server may have migrated while this one waited for the lock: read again.
  auto columns = Columns(conn);
  auto version = columns ? ReadVersion(conn, columns->count({"savanna_schema", "version"}) != 0)
                         : Result<int>(tl::unexpected(columns.error()));
  if (!version) {
    conn.Exec("ROLLBACK");
    return Fail(ErrorCode::kIoError, where + version.error().message);
  }
  std::string sql;
  if (*version == 0)
    sql +=
        "CREATE TABLE savanna_schema(version INTEGER NOT NULL);"
        "INSERT INTO savanna_schema VALUES(0);";
  for (int v = *version + 1; v <= target; ++v) sql += kMigrations[v - 1];
  sql += "UPDATE savanna_schema SET version = " + std::to_string(std::max(*version, target)) +
         "; COMMIT;";
  if (auto ok = conn.Exec(sql); !ok) {
    conn.Exec("ROLLBACK");
    return Fail(ErrorCode::kIoError, where + "migrating the database to schema version " +
                                         std::to_string(target) + ": " + ok.error().message);
  }
  return {};
}

}  // namespace savanna::server::pg
