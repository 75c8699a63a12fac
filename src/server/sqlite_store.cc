// The SQLite TableStore: WAL journal, one writer thread with group commit, prepared statements,
// and a read connection of its own for tables loaded on demand (WAL lets it read while the
// writer commits).
#include "server/sqlite_store.h"

#include <sqlite3.h>

#include <chrono>
#include <mutex>
#include <optional>
#include <utility>

#include "core/json_io.h"
#include "server/clock.h"
#include "server/group_commit.h"
#include "server/sqlite_schema.h"
#include "server/store_rows.h"

namespace savanna::server {
namespace {

// A prepared statement, finalized on destruction.
class Statement {
 public:
  Statement() = default;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement() { sqlite3_finalize(stmt_); }

  Result<void> Prepare(sqlite3* db, const char* sql) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK)
      return Fail(ErrorCode::kIoError, std::string("database: ") + sqlite3_errmsg(db));
    return {};
  }
  sqlite3_stmt* get() const { return stmt_; }
  void Bind(int i, const std::string& text) {
    sqlite3_bind_text(stmt_, i, text.data(), int(text.size()), SQLITE_TRANSIENT);
  }
  void Bind(int i, int64_t value) { sqlite3_bind_int64(stmt_, i, value); }
  void Reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  // Runs a statement that returns no rows, then resets it for the next use.
  bool Run() {
    const int rc = sqlite3_step(stmt_);
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    return rc == SQLITE_DONE;
  }
  std::string Text(int column) const {
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
    return text ? std::string(text, size_t(sqlite3_column_bytes(stmt_, column))) : std::string();
  }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

class SqliteStore final : public TableStore {
 public:
  ~SqliteStore() override {
    writer_.Stop();
    // close_v2 waits for the prepared statements, finalized after this body, to close the file.
    sqlite3_close_v2(db_);
    sqlite3_close_v2(read_db_);
  }

  Result<void> Open(const std::string& path, Durability durability) {
    if (auto ok = CheckDatabaseFile(path); !ok) return ok;
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK)
      return Fail(ErrorCode::kIoError, "database " + path + ": " + sqlite3_errmsg(db_));
    const std::string setup = std::string("PRAGMA journal_mode=WAL; PRAGMA synchronous=") +
                              (durability == Durability::kFull ? "FULL" : "NORMAL") +
                              "; PRAGMA busy_timeout=5000; PRAGMA foreign_keys=ON;";
    if (auto ok = Exec(db_, setup); !ok) return WithContext(ok, "database " + path + ": ");
    // journal_mode=WAL fails silently on a file system without shared memory: check it took.
    Statement mode;
    if (auto ok = mode.Prepare(db_, "PRAGMA journal_mode"); !ok) return ok;
    if (sqlite3_step(mode.get()) != SQLITE_ROW || mode.Text(0) != "wal")
      return Fail(ErrorCode::kIoError, "database " + path + ": cannot use WAL mode");
    mode.Reset();
    if (auto ok = Migrate(db_); !ok) return WithContext(ok, "database " + path + ": ");
    for (auto [stmt, sql] : {
             std::pair{&insert_table_,
                       "INSERT INTO tables(id, game, params, seed, options, created, "
                       "creator_hash, updated) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?6)"},
             std::pair{&upsert_seat_,
                       "INSERT OR REPLACE INTO seats(table_id, seat, player, label, name, "
                       "token_hash) VALUES(?1, ?2, ?3, ?4, ?5, ?6)"},
             std::pair{&insert_action_,
                       "INSERT INTO actions(table_id, idx, player, action) "
                       "VALUES(?1, ?2, ?3, ?4)"},
             std::pair{&touch_, "UPDATE tables SET updated = ?2 WHERE id = ?1"},
             std::pair{&finish_, "UPDATE tables SET finished = ?2, updated = ?2 WHERE id = ?1"},
             std::pair{&delete_actions_, "DELETE FROM actions WHERE table_id = ?1"},
             std::pair{&delete_actions_from_,
                       "DELETE FROM actions WHERE table_id = ?1 AND idx >= ?2"},
             std::pair{&insert_takeback_,
                       "INSERT INTO takebacks(table_id, at, seat, from_idx, removed) "
                       "VALUES(?1, ?2, ?3, ?4, ?5)"},
             std::pair{&delete_takebacks_, "DELETE FROM takebacks WHERE table_id = ?1"},
             std::pair{&delete_seats_, "DELETE FROM seats WHERE table_id = ?1"},
             std::pair{&delete_table_, "DELETE FROM tables WHERE id = ?1"},
             std::pair{&finished_before_, "SELECT id FROM tables WHERE finished < ?1"},
         })
      if (auto ok = stmt->Prepare(db_, sql); !ok) return ok;
    if (sqlite3_open_v2(path.c_str(), &read_db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
      return Fail(ErrorCode::kIoError, "database " + path + ": " + sqlite3_errmsg(read_db_));
    sqlite3_busy_timeout(read_db_, 5000);
    if (auto ok = PrepareReads(db_, load_); !ok) return ok;
    if (auto ok = PrepareReads(read_db_, read_); !ok) return ok;
    writer_.Start([this](const std::vector<const Write*>& batch) { return Commit(batch); });
    return {};
  }

  Result<std::vector<StoredTable>> LoadOpen(int64_t changed_since) override {
    std::lock_guard db_lock(db_mutex_);
    Statement open;
    if (auto ok = open.Prepare(db_,
                               "SELECT id FROM tables WHERE finished IS NULL AND updated >= ?1 "
                               "ORDER BY created, id");
        !ok)
      return tl::unexpected(ok.error());
    open.Bind(1, changed_since);
    std::vector<std::string> ids;
    while (sqlite3_step(open.get()) == SQLITE_ROW) ids.push_back(open.Text(0));
    std::vector<StoredTable> tables;
    for (const std::string& id : ids) {
      auto table = Read(load_, id);
      if (!table) return tl::unexpected(table.error());
      if (*table) tables.push_back(std::move(**table));
    }
    return tables;
  }

  Result<std::optional<StoredTable>> Load(const std::string& id) override {
    std::lock_guard read_lock(read_mutex_);
    return Read(read_, id);
  }

  void CreateTable(const StoredTable& table, Done done) override {
    Enqueue(
        [this, table] {
          insert_table_.Bind(1, table.id);
          insert_table_.Bind(2, table.game);
          insert_table_.Bind(3, JsonText(table.params));
          insert_table_.Bind(4, std::to_string(table.seed));
          insert_table_.Bind(5, JsonText(table.options));
          insert_table_.Bind(6, table.created);
          insert_table_.Bind(7, table.creator_hash);
          if (!insert_table_.Run()) return false;
          for (size_t i = 0; i < table.seats.size(); ++i)
            if (!WriteSeat(table.id, int(i), table.seats[i])) return false;
          return true;
        },
        std::move(done));
  }

  void AppendAction(const std::string& table_id, int64_t index, const RecordedAction& action,
                    Done done) override {
    Enqueue(
        [this, table_id, index, action] {
          insert_action_.Bind(1, table_id);
          insert_action_.Bind(2, index);
          insert_action_.Bind(3, int64_t(action.player));
          insert_action_.Bind(4, action.action);
          return insert_action_.Run() && Touch(table_id);
        },
        std::move(done));
  }

  void TakeBack(const std::string& table_id, const StoredTakeBack& takeback, Done done) override {
    Enqueue(
        [this, table_id, takeback, text = RemovedActionsText(takeback.removed)] {
          delete_actions_from_.Bind(1, table_id);
          delete_actions_from_.Bind(2, takeback.from);
          if (!delete_actions_from_.Run()) return false;
          insert_takeback_.Bind(1, table_id);
          insert_takeback_.Bind(2, takeback.at);
          insert_takeback_.Bind(3, int64_t(takeback.seat));
          insert_takeback_.Bind(4, takeback.from);
          insert_takeback_.Bind(5, text);
          return insert_takeback_.Run() && Touch(table_id);
        },
        std::move(done));
  }

  void UpdateSeat(const std::string& table_id, int seat, const StoredSeat& stored,
                  Done done) override {
    Enqueue([this, table_id, seat,
             stored] { return WriteSeat(table_id, seat, stored) && Touch(table_id); },
            std::move(done));
  }

  void MarkFinished(const std::string& table_id, int64_t when, Done done) override {
    Enqueue(
        [this, table_id, when] {
          finish_.Bind(1, table_id);
          finish_.Bind(2, when);
          return finish_.Run();
        },
        std::move(done));
  }

  void DeleteTable(const std::string& table_id, Done done) override {
    Enqueue([this, table_id] { return Delete(table_id); }, std::move(done));
  }

  void DeleteFinishedBefore(int64_t before, std::function<void(Result<int64_t>)> done) override {
    auto count = std::make_shared<int64_t>(0);
    Enqueue(
        [this, before, count] {
          std::vector<std::string> ids;
          finished_before_.Bind(1, before);
          while (sqlite3_step(finished_before_.get()) == SQLITE_ROW)
            ids.push_back(finished_before_.Text(0));
          finished_before_.Reset();
          for (const std::string& id : ids)
            if (!Delete(id)) return false;
          *count = int64_t(ids.size());
          return true;
        },
        [count, done = std::move(done)](Result<void> result) {
          if (!result) return done(tl::unexpected(result.error()));
          done(*count);
        });
  }

  void Flush() override { writer_.Flush(); }

 private:
  using Write = std::function<bool()>;  // runs a write's statements; false: one failed

  // The statements that read one table (one set per connection).
  struct Reads {
    Statement table, seats, actions, takebacks;
  };
  static Result<void> PrepareReads(sqlite3* db, Reads& r) {
    if (auto ok = r.table.Prepare(db,
                                  "SELECT id, game, params, seed, options, created, creator_hash, "
                                  "updated, finished FROM tables WHERE id = ?1");
        !ok)
      return ok;
    if (auto ok = r.seats.Prepare(db,
                                  "SELECT player, label, name, token_hash FROM seats WHERE "
                                  "table_id = ?1 ORDER BY seat");
        !ok)
      return ok;
    if (auto ok = r.takebacks.Prepare(db,
                                      "SELECT at, seat, from_idx, removed FROM takebacks WHERE "
                                      "table_id = ?1 ORDER BY rowid");
        !ok)
      return ok;
    return r.actions.Prepare(
        db, "SELECT idx, player, action FROM actions WHERE table_id = ?1 ORDER BY idx");
  }

  // One table through `r`; none when there is no such table.
  static Result<std::optional<StoredTable>> Read(Reads& r, const std::string& id) {
    r.table.Bind(1, id);
    const int rc = sqlite3_step(r.table.get());
    if (rc != SQLITE_ROW) {
      r.table.Reset();
      if (rc == SQLITE_DONE) return std::optional<StoredTable>();
      return Fail(ErrorCode::kIoError, "database: cannot read table " + id);
    }
    StoredTable table;
    table.id = r.table.Text(0);
    table.game = r.table.Text(1);
    table.params = Json::parse(r.table.Text(2), nullptr, false);
    table.options = Json::parse(r.table.Text(4), nullptr, false);
    table.created = sqlite3_column_int64(r.table.get(), 5);
    table.creator_hash = r.table.Text(6);
    table.updated = sqlite3_column_int64(r.table.get(), 7);
    if (sqlite3_column_type(r.table.get(), 8) != SQLITE_NULL)
      table.finished = sqlite3_column_int64(r.table.get(), 8);
    const std::string seed = r.table.Text(3);
    r.table.Reset();
    const std::string bad = "database: table " + table.id + ": ";
    if (table.params.is_discarded() || table.options.is_discarded())
      return Fail(ErrorCode::kBadData, bad + "unreadable params or options");
    try {
      table.seed = std::stoull(seed);
    } catch (const std::exception&) {
      return Fail(ErrorCode::kBadData, bad + "unreadable seed");
    }
    r.seats.Bind(1, table.id);
    while (sqlite3_step(r.seats.get()) == SQLITE_ROW)
      table.seats.push_back({r.seats.Text(0), r.seats.Text(1), r.seats.Text(2), r.seats.Text(3)});
    r.seats.Reset();
    r.actions.Bind(1, table.id);
    bool numbered = true;
    while (sqlite3_step(r.actions.get()) == SQLITE_ROW) {
      numbered =
          numbered && sqlite3_column_int64(r.actions.get(), 0) == int64_t(table.actions.size());
      table.actions.push_back({Player(sqlite3_column_int(r.actions.get(), 1)), r.actions.Text(2)});
    }
    r.actions.Reset();
    r.takebacks.Bind(1, table.id);
    bool readable = true;
    while (sqlite3_step(r.takebacks.get()) == SQLITE_ROW) {
      auto removed = ReadRemovedActions(r.takebacks.Text(3));
      readable = readable && removed.has_value();
      table.takebacks.push_back({sqlite3_column_int(r.takebacks.get(), 1),
                                 sqlite3_column_int64(r.takebacks.get(), 0),
                                 sqlite3_column_int64(r.takebacks.get(), 2),
                                 removed.value_or(std::vector<RecordedAction>())});
    }
    r.takebacks.Reset();
    if (!numbered) return Fail(ErrorCode::kBadData, bad + "actions are not numbered 0, 1, 2, ...");
    if (!readable)
      return Fail(ErrorCode::kBadData, bad + "a take-back's removed actions are unreadable");
    return std::optional<StoredTable>(std::move(table));
  }

  bool Touch(const std::string& table_id) {
    touch_.Bind(1, table_id);
    touch_.Bind(2, UnixNow());
    return touch_.Run();
  }

  bool Delete(const std::string& table_id) {
    for (Statement* stmt : {&delete_takebacks_, &delete_actions_, &delete_seats_, &delete_table_}) {
      stmt->Bind(1, table_id);
      if (!stmt->Run()) return false;
    }
    return true;
  }

  bool WriteSeat(const std::string& table_id, int seat, const StoredSeat& stored) {
    upsert_seat_.Bind(1, table_id);
    upsert_seat_.Bind(2, int64_t(seat));
    upsert_seat_.Bind(3, stored.player);
    upsert_seat_.Bind(4, stored.label);
    upsert_seat_.Bind(5, stored.name);
    upsert_seat_.Bind(6, stored.token_hash);
    return upsert_seat_.Run();
  }

  void Enqueue(Write run, Done done) { writer_.Push(std::move(run), std::move(done)); }

  // Runs `batch` in one transaction (on the writer thread), LoadOpen waiting meanwhile.
  Result<void> Commit(const std::vector<const Write*>& batch) {
    std::lock_guard db_lock(db_mutex_);
    auto refused = [this] {
      std::string why = sqlite3_errmsg(db_);  // before the rollback resets it
      Exec(db_, "ROLLBACK");
      return Fail(ErrorCode::kIoError, std::move(why));
    };
    if (!Exec(db_, "BEGIN IMMEDIATE")) return Fail(ErrorCode::kIoError, sqlite3_errmsg(db_));
    for (const Write* w : batch)
      if (!(*w)()) return refused();
    if (Exec(db_, "COMMIT")) return {};
    return refused();
  }

  sqlite3* db_ = nullptr;
  std::mutex db_mutex_;  // LoadOpen against the writer
  Statement insert_table_, upsert_seat_, insert_action_, touch_, finish_;
  Statement delete_actions_, delete_seats_, delete_table_, finished_before_;
  Statement delete_actions_from_, insert_takeback_, delete_takebacks_;
  Reads load_;  // on db_, at start-up
  sqlite3* read_db_ = nullptr;
  std::mutex read_mutex_;  // Load calls, one at a time
  Reads read_;             // on read_db_

  GroupCommit<Write> writer_;
};

}  // namespace

Result<std::unique_ptr<TableStore>> OpenSqliteStore(const std::string& path,
                                                    Durability durability) {
  auto store = std::make_unique<SqliteStore>();
  if (auto ok = store->Open(path, durability); !ok) return tl::unexpected(ok.error());
  return std::unique_ptr<TableStore>(std::move(store));
}

}  // namespace savanna::server
