// The PostgreSQL TableStore: a writer thread with group commit over one pipelined connection,
// and a read connection of its own.
#include "server/postgres_store.h"

#include <mutex>
#include <utility>

#include "core/json_io.h"
#include "server/clock.h"
#include "server/group_commit.h"
#include "server/postgres_conn.h"
#include "server/postgres_schema.h"
#include "server/store_rows.h"

namespace savanna::server {
namespace {

using pg::Param;
using pg::PgResult;
using Step = pg::Connection::Step;

// The writer's statements, prepared on its connection by name.
constexpr std::pair<const char*, const char*> kWrites[] = {
    {"insert_table",
     "INSERT INTO tables(id, game, params, seed, options, created, creator_hash, updated) "
     "VALUES($1, $2, $3, $4, $5, $6, $7, $6)"},
    {"upsert_seat",
     "INSERT INTO seats(table_id, seat, player, label, name, token_hash) "
     "VALUES($1, $2, $3, $4, $5, $6) ON CONFLICT (table_id, seat) DO UPDATE SET "
     "player = excluded.player, label = excluded.label, name = excluded.name, "
     "token_hash = excluded.token_hash"},
    {"insert_action", "INSERT INTO actions(table_id, idx, player, action) VALUES($1, $2, $3, $4)"},
    {"touch", "UPDATE tables SET updated = $2 WHERE id = $1"},
    {"finish", "UPDATE tables SET finished = $2, updated = $2 WHERE id = $1"},
    {"delete_actions_from", "DELETE FROM actions WHERE table_id = $1 AND idx >= $2"},
    {"insert_takeback",
     "INSERT INTO takebacks(table_id, at, seat, from_idx, removed) VALUES($1, $2, $3, $4, $5)"},
    {"delete_takebacks", "DELETE FROM takebacks WHERE table_id = $1"},
    {"delete_actions", "DELETE FROM actions WHERE table_id = $1"},
    {"delete_seats", "DELETE FROM seats WHERE table_id = $1"},
    {"delete_lease", "DELETE FROM leases WHERE table_id = $1"},
    {"delete_table", "DELETE FROM tables WHERE id = $1"},
    {"delete_old_takebacks",
     "DELETE FROM takebacks WHERE table_id IN (SELECT id FROM tables WHERE finished < $1)"},
    {"delete_old_actions",
     "DELETE FROM actions WHERE table_id IN (SELECT id FROM tables WHERE finished < $1)"},
    {"delete_old_seats",
     "DELETE FROM seats WHERE table_id IN (SELECT id FROM tables WHERE finished < $1)"},
    {"delete_old_leases",
     "DELETE FROM leases WHERE table_id IN (SELECT id FROM tables WHERE finished < $1)"},
    {"delete_old_tables", "DELETE FROM tables WHERE finished < $1"},
    {"fence", "SELECT savanna_fence($1, $2)"},
    {"insert_lease", "INSERT INTO leases(table_id, node, epoch) VALUES($1, $2, 1)"},
};

// The reader's statements.
constexpr std::pair<const char*, const char*> kReads[] = {
    {"table",
     "SELECT id, game, params, seed, options, created, creator_hash, updated, finished "
     "FROM tables WHERE id = $1"},
    {"seats",
     "SELECT player, label, name, token_hash FROM seats WHERE table_id = $1 ORDER BY seat"},
    {"actions", "SELECT idx, player, action FROM actions WHERE table_id = $1 ORDER BY idx"},
    {"takebacks",
     "SELECT at, seat, from_idx, removed FROM takebacks WHERE table_id = $1 ORDER BY id"},
    {"open_ids",
     "SELECT id FROM tables WHERE finished IS NULL AND updated >= $1 ORDER BY created, id"},
};

Param Text(int64_t value) { return std::to_string(value); }

Result<void> PrepareAll(pg::Connection& conn, const auto& statements) {
  for (const auto& [name, sql] : statements)
    if (auto ok = conn.Prepare(name, sql); !ok) return ok;
  return {};
}

class PostgresStore final : public TableStore {
 public:
  ~PostgresStore() override { writer_.Stop(); }

  Result<void> Open(const std::string& url, const StoreOptions& options) {
    synchronous_commit_ = options.durability == Durability::kFull ? "on" : "off";
    node_ = options.node;
    if (auto ok = write_.Open(url); !ok) return ok;
    if (auto ok = pg::Migrate(write_); !ok) return ok;
    if (auto ok = SetUpWriter(); !ok) return ok;
    if (auto ok = read_.Open(url); !ok) return ok;
    if (auto ok = PrepareAll(read_, kReads); !ok) return ok;
    writer_.Start([this](const std::vector<const Write*>& batch) { return RunBatch(batch); });
    return {};
  }

  Result<std::vector<StoredTable>> LoadOpen(int64_t changed_since) override {
    std::lock_guard lock(read_mutex_);
    if (auto ok = Begin(); !ok) return tl::unexpected(ok.error());
    PgResult ids = read_.RunPrepared("open_ids", {Text(changed_since)});
    if (!ids.ok()) return End(Fail(ErrorCode::kIoError, "database: " + ids.error()));
    std::vector<StoredTable> tables;
    for (int i = 0; i < ids.rows(); ++i) {
      auto table = Read(ids.text(i, 0));
      if (!table) return End(tl::unexpected(table.error()));
      if (*table) tables.push_back(std::move(**table));
    }
    return End(Result<std::vector<StoredTable>>(std::move(tables)));
  }

  Result<std::optional<StoredTable>> Load(const std::string& id) override {
    std::lock_guard lock(read_mutex_);
    if (auto ok = Begin(); !ok) return tl::unexpected(ok.error());
    return End(Read(id));
  }

  void CreateTable(const StoredTable& t, Done done) override {
    std::vector<Step> steps = {{"insert_table",
                                {t.id, t.game, JsonText(t.params), std::to_string(t.seed),
                                 JsonText(t.options), Text(t.created), t.creator_hash}}};
    for (size_t i = 0; i < t.seats.size(); ++i) steps.push_back(SeatStep(t.id, int(i), t.seats[i]));
    if (!node_.empty()) steps.push_back({"insert_lease", {t.id, node_}});
    Enqueue(std::move(steps), std::move(done));
  }

  void AppendAction(const std::string& table_id, int64_t index, const RecordedAction& action,
                    Done done) override {
    Enqueue(Fenced(table_id,
                   {{"insert_action", {table_id, Text(index), Text(action.player), action.action}},
                    TouchStep(table_id)}),
            std::move(done));
  }

  void TakeBack(const std::string& table_id, const StoredTakeBack& takeback, Done done) override {
    Enqueue(Fenced(table_id, {{"delete_actions_from", {table_id, Text(takeback.from)}},
                              {"insert_takeback",
                               {table_id, Text(takeback.at), Text(takeback.seat),
                                Text(takeback.from), RemovedActionsText(takeback.removed)}},
                              TouchStep(table_id)}),
            std::move(done));
  }

  void UpdateSeat(const std::string& table_id, int seat, const StoredSeat& stored,
                  Done done) override {
    Enqueue(Fenced(table_id, {SeatStep(table_id, seat, stored), TouchStep(table_id)}),
            std::move(done));
  }

  void MarkFinished(const std::string& table_id, int64_t when, Done done) override {
    Enqueue(Fenced(table_id, {{"finish", {table_id, Text(when)}}}), std::move(done));
  }

  void DeleteTable(const std::string& table_id, Done done) override {
    std::vector<Step> steps;
    for (const char* name :
         {"delete_takebacks", "delete_actions", "delete_seats", "delete_lease", "delete_table"})
      steps.push_back({name, {table_id}});
    Enqueue(Fenced(table_id, std::move(steps)), std::move(done));
  }

  void DeleteFinishedBefore(int64_t before, std::function<void(Result<int64_t>)> done) override {
    std::vector<Step> steps;
    for (const char* name :
         {"delete_old_takebacks", "delete_old_actions", "delete_old_seats", "delete_old_tables"})
      steps.push_back({name, {Text(before)}});
    auto count = std::make_shared<int64_t>(0);
    Enqueue(
        std::move(steps),
        [count, done = std::move(done)](Result<void> result) {
          if (!result) return done(tl::unexpected(result.error()));
          done(*count);
        },
        [count](const std::vector<PgResult>& results) { *count = results.back().affected(); });
  }

  void Flush() override { writer_.Flush(); }

 private:
  struct Write {
    std::vector<Step> steps;
    std::function<void(const std::vector<PgResult>&)> on_results;  // its steps' results
  };

  static Step SeatStep(const std::string& table_id, int seat, const StoredSeat& s) {
    return {"upsert_seat", {table_id, Text(seat), s.player, s.label, s.name, s.token_hash}};
  }
  // With several nodes, `steps` behind the fence of `table_id`'s lease (postgres_schema.cc).
  std::vector<Step> Fenced(const std::string& table_id, std::vector<Step> steps) const {
    if (!node_.empty()) steps.insert(steps.begin(), Step{"fence", {table_id, node_}});
    return steps;
  }
  static Step TouchStep(const std::string& table_id) {
    return {"touch", {table_id, Text(UnixNow())}};
  }

  Result<void> SetUpWriter() {
    if (auto ok = write_.Exec("SET synchronous_commit = " + synchronous_commit_); !ok) return ok;
    return PrepareAll(write_, kWrites);
  }

  // The read transaction: one snapshot for every statement of a Load or LoadOpen.
  Result<void> Begin() {
    if (!read_.healthy())
      if (auto ok = read_.Reset(); !ok || !(ok = PrepareAll(read_, kReads)))
        return Fail(ErrorCode::kIoError, ok.error().message);
    if (auto ok = read_.Exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); !ok)
      return Fail(ErrorCode::kIoError, "database: " + ok.error().message);
    return {};
  }
  template <class T>
  T End(T result) {
    read_.Exec("COMMIT");
    return result;
  }

  // One table (inside a read transaction); none when there is no such table.
  Result<std::optional<StoredTable>> Read(const std::string& id) {
    PgResult row = read_.RunPrepared("table", {id});
    if (!row.ok())
      return Fail(ErrorCode::kIoError, "database: cannot read table " + id + ": " + row.error());
    if (row.rows() == 0) return std::optional<StoredTable>();
    StoredTable table;
    table.id = row.text(0, 0);
    table.game = row.text(0, 1);
    table.params = Json::parse(row.text(0, 2), nullptr, false);
    table.options = Json::parse(row.text(0, 4), nullptr, false);
    table.created = row.int64(0, 5);
    table.creator_hash = row.text(0, 6);
    table.updated = row.int64(0, 7);
    if (!row.null(0, 8)) table.finished = row.int64(0, 8);
    const std::string bad = "database: table " + table.id + ": ";
    if (table.params.is_discarded() || table.options.is_discarded())
      return Fail(ErrorCode::kBadData, bad + "unreadable params or options");
    try {
      table.seed = std::stoull(row.text(0, 3));
    } catch (const std::exception&) {
      return Fail(ErrorCode::kBadData, bad + "unreadable seed");
    }
    PgResult seats = read_.RunPrepared("seats", {id});
    PgResult actions = read_.RunPrepared("actions", {id});
    PgResult takebacks = read_.RunPrepared("takebacks", {id});
    for (const PgResult* r : {&seats, &actions, &takebacks})
      if (!r->ok()) return Fail(ErrorCode::kIoError, bad + r->error());
    for (int i = 0; i < seats.rows(); ++i)
      table.seats.push_back(
          {seats.text(i, 0), seats.text(i, 1), seats.text(i, 2), seats.text(i, 3)});
    for (int i = 0; i < actions.rows(); ++i) {
      if (actions.int64(i, 0) != i)
        return Fail(ErrorCode::kBadData, bad + "actions are not numbered 0, 1, 2, ...");
      table.actions.push_back({Player(actions.int64(i, 1)), actions.text(i, 2)});
    }
    for (int i = 0; i < takebacks.rows(); ++i) {
      auto removed = ReadRemovedActions(takebacks.text(i, 3));
      if (!removed)
        return Fail(ErrorCode::kBadData, bad + "a take-back's removed actions are unreadable");
      table.takebacks.push_back({int(takebacks.int64(i, 1)), takebacks.int64(i, 0),
                                 takebacks.int64(i, 2), std::move(*removed)});
    }
    return std::optional<StoredTable>(std::move(table));
  }

  void Enqueue(std::vector<Step> steps, Done done,
               std::function<void(const std::vector<PgResult>&)> on_results = {}) {
    writer_.Push({std::move(steps), std::move(on_results)}, std::move(done));
  }

  // Runs `writes` in one pipeline (one transaction), on the writer thread.
  Result<void> RunBatch(const std::vector<const Write*>& writes) {
    if (!write_.healthy())
      if (auto ok = write_.Reset(); !ok || !(ok = SetUpWriter())) return ok;
    std::vector<Step> steps;
    for (const Write* w : writes) steps.insert(steps.end(), w->steps.begin(), w->steps.end());
    auto results = write_.Pipeline(steps);
    if (!results) return tl::unexpected(results.error());
    size_t at = 0;
    for (const Write* w : writes) {
      if (w->on_results)
        w->on_results(std::vector<PgResult>(results->begin() + ptrdiff_t(at),
                                            results->begin() + ptrdiff_t(at + w->steps.size())));
      at += w->steps.size();
    }
    return {};
  }

  std::string synchronous_commit_;
  std::string node_;
  pg::Connection write_;  // the writer thread's (and Open's)
  pg::Connection read_;
  std::mutex read_mutex_;  // Load and LoadOpen, one at a time
  GroupCommit<Write> writer_;
};

}  // namespace

Result<std::unique_ptr<TableStore>> OpenPostgresStore(const std::string& url,
                                                      const StoreOptions& options) {
  auto store = std::make_unique<PostgresStore>();
  if (auto ok = store->Open(url, options); !ok) return tl::unexpected(ok.error());
  return std::unique_ptr<TableStore>(std::move(store));
}

}  // namespace savanna::server
