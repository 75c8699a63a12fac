// The SQLite TableStore: WAL journal, one writer thread with group commit, prepared statements.
// Reads happen only at start-up (LoadAll), before the writer has anything to do.
#include <sqlite3.h>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

#include "server/table_store.h"

namespace savanna::server {
namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS tables(
  id TEXT PRIMARY KEY, game TEXT NOT NULL, params TEXT NOT NULL, seed TEXT NOT NULL,
  options TEXT NOT NULL, created INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS seats(
  table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, player TEXT NOT NULL,
  label TEXT NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL,
  PRIMARY KEY(table_id, seat)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS actions(
  table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL, player INTEGER NOT NULL,
  action TEXT NOT NULL, PRIMARY KEY(table_id, idx)) WITHOUT ROWID;
)sql";

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
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    if (writer_.joinable()) writer_.join();
    // close_v2 waits for the prepared statements, finalized after this body, to close the file.
    sqlite3_close_v2(db_);
  }

  Result<void> Open(const std::string& path, SyncMode sync) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK)
      return Fail(ErrorCode::kIoError, "database " + path + ": " + sqlite3_errmsg(db_));
    const std::string setup = std::string("PRAGMA journal_mode=WAL; PRAGMA synchronous=") +
                              (sync == SyncMode::kFull ? "FULL" : "NORMAL") +
                              "; PRAGMA busy_timeout=5000; PRAGMA foreign_keys=ON;" + kSchema;
    if (auto ok = Exec(setup); !ok) return WithContext(ok, "database " + path + ": ");
    // journal_mode=WAL fails silently on a file system without shared memory: check it took.
    Statement mode;
    if (auto ok = mode.Prepare(db_, "PRAGMA journal_mode"); !ok) return ok;
    if (sqlite3_step(mode.get()) != SQLITE_ROW || mode.Text(0) != "wal")
      return Fail(ErrorCode::kIoError, "database " + path + ": cannot use WAL mode");
    for (auto [stmt, sql] : {
             std::pair{&insert_table_,
                       "INSERT INTO tables(id, game, params, seed, options, created) "
                       "VALUES(?1, ?2, ?3, ?4, ?5, ?6)"},
             std::pair{&upsert_seat_,
                       "INSERT OR REPLACE INTO seats(table_id, seat, player, label, name, "
                       "token_hash) VALUES(?1, ?2, ?3, ?4, ?5, ?6)"},
             std::pair{&insert_action_,
                       "INSERT INTO actions(table_id, idx, player, action) "
                       "VALUES(?1, ?2, ?3, ?4)"},
         })
      if (auto ok = stmt->Prepare(db_, sql); !ok) return ok;
    writer_ = std::thread([this] { WriterLoop(); });
    return {};
  }

  Result<std::vector<StoredTable>> LoadAll() override {
    std::lock_guard db_lock(db_mutex_);
    std::vector<StoredTable> tables;
    Statement t, s, a;
    if (auto ok = t.Prepare(db_,
                            "SELECT id, game, params, seed, options, created FROM tables "
                            "ORDER BY created, id");
        !ok)
      return tl::unexpected(ok.error());
    if (auto ok = s.Prepare(db_,
                            "SELECT player, label, name, token_hash FROM seats WHERE table_id = ?1 "
                            "ORDER BY seat");
        !ok)
      return tl::unexpected(ok.error());
    if (auto ok = a.Prepare(db_,
                            "SELECT idx, player, action FROM actions WHERE table_id = ?1 ORDER BY "
                            "idx");
        !ok)
      return tl::unexpected(ok.error());
    while (sqlite3_step(t.get()) == SQLITE_ROW) {
      StoredTable table;
      table.id = t.Text(0);
      table.game = t.Text(1);
      table.params = Json::parse(t.Text(2), nullptr, false);
      table.options = Json::parse(t.Text(4), nullptr, false);
      table.created = sqlite3_column_int64(t.get(), 5);
      const std::string bad = "database: table " + table.id + ": ";
      if (table.params.is_discarded() || table.options.is_discarded())
        return Fail(ErrorCode::kBadData, bad + "unreadable params or options");
      try {
        table.seed = std::stoull(t.Text(3));
      } catch (const std::exception&) {
        return Fail(ErrorCode::kBadData, bad + "unreadable seed");
      }
      s.Bind(1, table.id);
      while (sqlite3_step(s.get()) == SQLITE_ROW)
        table.seats.push_back({s.Text(0), s.Text(1), s.Text(2), s.Text(3)});
      sqlite3_reset(s.get());
      a.Bind(1, table.id);
      while (sqlite3_step(a.get()) == SQLITE_ROW) {
        if (sqlite3_column_int64(a.get(), 0) != int64_t(table.actions.size()))
          return Fail(ErrorCode::kBadData, bad + "actions are not numbered 0, 1, 2, ...");
        table.actions.push_back({Player(sqlite3_column_int(a.get(), 1)), a.Text(2)});
      }
      sqlite3_reset(a.get());
      tables.push_back(std::move(table));
    }
    return tables;
  }

  void CreateTable(const StoredTable& table, Done done) override {
    Enqueue(
        [this, table] {
          insert_table_.Bind(1, table.id);
          insert_table_.Bind(2, table.game);
          insert_table_.Bind(3, table.params.dump());
          insert_table_.Bind(4, std::to_string(table.seed));
          insert_table_.Bind(5, table.options.dump());
          insert_table_.Bind(6, table.created);
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
          return insert_action_.Run();
        },
        std::move(done));
  }

  void UpdateSeat(const std::string& table_id, int seat, const StoredSeat& stored,
                  Done done) override {
    Enqueue([this, table_id, seat, stored] { return WriteSeat(table_id, seat, stored); },
            std::move(done));
  }

  void Flush() override {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return queue_.empty() && !writing_; });
  }

 private:
  struct Write {
    std::function<bool()> run;  // false: the statement failed
    Done done;
  };

  bool WriteSeat(const std::string& table_id, int seat, const StoredSeat& stored) {
    upsert_seat_.Bind(1, table_id);
    upsert_seat_.Bind(2, int64_t(seat));
    upsert_seat_.Bind(3, stored.player);
    upsert_seat_.Bind(4, stored.label);
    upsert_seat_.Bind(5, stored.name);
    upsert_seat_.Bind(6, stored.token_hash);
    return upsert_seat_.Run();
  }

  Result<void> Exec(const std::string& sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) == SQLITE_OK) return {};
    std::string text = message ? message : sqlite3_errmsg(db_);
    sqlite3_free(message);
    return Fail(ErrorCode::kIoError, text);
  }

  void Enqueue(std::function<bool()> run, Done done) {
    {
      std::lock_guard lock(mutex_);
      queue_.push_back({std::move(run), std::move(done)});
    }
    wake_.notify_one();
  }

  // Runs `batch` in one transaction; true when it committed.
  bool RunBatch(const std::vector<Write>& batch) {
    if (!Exec("BEGIN IMMEDIATE")) return false;
    for (const Write& w : batch)
      if (!w.run()) {
        Exec("ROLLBACK");
        return false;
      }
    if (Exec("COMMIT")) return true;
    Exec("ROLLBACK");
    return false;
  }

  // Group commit: every write queued while the previous batch committed goes into the next.
  // If a batch fails, its writes are retried one per transaction so that one bad write cannot
  // fail the others.
  void WriterLoop() {
    while (true) {
      std::vector<Write> batch;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;
        batch.assign(std::make_move_iterator(queue_.begin()),
                     std::make_move_iterator(queue_.end()));
        queue_.clear();
        writing_ = true;
      }
      std::vector<Result<void>> results(batch.size());
      {
        std::lock_guard db_lock(db_mutex_);
        if (!RunBatch(batch)) {
          for (size_t i = 0; i < batch.size(); ++i)
            if (!RunBatch({batch[i]}))
              results[i] =
                  Fail(ErrorCode::kIoError,
                       std::string("the database refused the write: ") + sqlite3_errmsg(db_));
        }
      }
      for (size_t i = 0; i < batch.size(); ++i)
        if (batch[i].done) batch[i].done(results[i]);
      // The callbacks (and what they hold) go before Flush() can return.
      batch.clear();
      {
        std::lock_guard lock(mutex_);
        writing_ = false;
      }
      idle_.notify_all();
    }
  }

  sqlite3* db_ = nullptr;
  std::mutex db_mutex_;  // LoadAll against the writer
  Statement insert_table_, upsert_seat_, insert_action_;

  std::mutex mutex_;  // guards the queue and the flags below
  std::condition_variable wake_, idle_;
  std::deque<Write> queue_;
  bool writing_ = false;
  bool stopping_ = false;
  std::thread writer_;
};

}  // namespace

Result<std::unique_ptr<TableStore>> OpenSqliteStore(const std::string& path, SyncMode sync) {
  auto store = std::make_unique<SqliteStore>();
  if (auto ok = store->Open(path, sync); !ok) return tl::unexpected(ok.error());
  return std::unique_ptr<TableStore>(std::move(store));
}

}  // namespace savanna::server
