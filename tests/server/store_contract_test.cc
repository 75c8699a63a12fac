// The stores' contract (table_store.h), one suite run against every TableStore: memory, SQLite
// and PostgreSQL (a scratch server: scratch_postgres.h). Every operation; reading while writing
// and several writers at once (threads of one store, and two stores on one database, as two
// servers would be); and for the stores with a database: reopening, the schema version and its
// forward migrations, and a damaged, newer or foreign database refused and left unchanged.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>
#include <thread>

#include "server/memory_store.h"
#include "server/server_test_util.h"
#include "server/sqlite_schema.h"
#include "server/sqlite_store.h"
#ifdef SAVANNA_HAVE_POSTGRES
#include "server/postgres_schema.h"
#include "server/postgres_store.h"
#include "server/scratch_postgres.h"
#endif

namespace savanna::server {
namespace {

using testing::TempDir;

// One store's database for one test, and what the suite does below the store (to age, damage or
// inspect the database).
class Backend {
 public:
  virtual ~Backend() = default;
  // Opens the test's database (again): the same data each time when durable().
  virtual Result<std::unique_ptr<TableStore>> Open(Durability durability = Durability::kFull) = 0;
  // Whether what a store wrote is there when it is opened again (false: memory).
  virtual bool durable() const { return true; }
  // The schema version this program writes, and the database's (read below the store).
  virtual int current_version() const = 0;
  virtual int Version() = 0;
  // Makes an empty database at schema `version` with the store's own migrations.
  virtual void CreateAtVersion(int version) = 0;
  // Runs `sql` on the database below the store; "" or the error.
  virtual std::string Exec(const std::string& sql) = 0;
  // Everything the database holds, to compare before and after.
  virtual std::string Snapshot() = 0;
  // Damages the database (as this engine's database can be damaged), makes it newer than this
  // program, or makes it another program's database with a table called `tables`.
  virtual void Damage() = 0;
  virtual void MakeNewer() = 0;
  virtual void MakeForeign() = 0;
};

class MemoryBackend final : public Backend {
 public:
  Result<std::unique_ptr<TableStore>> Open(Durability) override { return MemoryStore(); }
  bool durable() const override { return false; }
  int current_version() const override { return 0; }
  int Version() override { return 0; }
  void CreateAtVersion(int) override {}
  std::string Exec(const std::string&) override { return "no database"; }
  std::string Snapshot() override { return ""; }
  void Damage() override {}
  void MakeNewer() override {}
  void MakeForeign() override {}
};

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

class SqliteBackend final : public Backend {
 public:
  Result<std::unique_ptr<TableStore>> Open(Durability durability) override {
    return OpenStore(path_, {durability, ""});
  }
  int current_version() const override { return kSchemaVersion; }
  int Version() override {
    sqlite3* db = Raw();
    const int version = SchemaVersion(db).value_or(-1);
    sqlite3_close(db);
    return version;
  }
  void CreateAtVersion(int version) override {
    sqlite3* db = Raw();
    EXPECT_TRUE(Migrate(db, version));
    sqlite3_close(db);
  }
  std::string Exec(const std::string& sql) override {
    sqlite3* db = Raw();
    auto ok = server::Exec(db, sql);
    sqlite3_close(db);
    return ok ? "" : ok.error().message;
  }
  std::string Snapshot() override {
    namespace fs = std::filesystem;
    return ReadBytes(path_) + (fs::exists(path_ + "-wal") ? "+wal" : "") +
           (fs::exists(path_ + "-shm") ? "+shm" : "");
  }
  void Damage() override {
    std::string bytes = ReadBytes(path_);
    for (size_t i = 4096 + 8; i < 4096 + 1000 && i < bytes.size(); ++i) bytes[i] = char(i);
    std::ofstream(path_, std::ios::binary | std::ios::trunc) << bytes;
  }
  void MakeNewer() override {
    EXPECT_EQ(Exec("PRAGMA user_version = " + std::to_string(kSchemaVersion + 1)), "");
  }
  void MakeForeign() override { EXPECT_EQ(Exec("CREATE TABLE tables(x)"), ""); }

 private:
  sqlite3* Raw() {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    return db;
  }
  // A folder of its own (a test may make several backends).
  std::filesystem::path Folder() {
    static std::atomic<int> next{0};
    auto dir = std::filesystem::temp_directory_path() /
               ("savanna_store_" + std::to_string(getpid()) + "_" + std::to_string(next++));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
  }

 public:
  ~SqliteBackend() override {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

 private:
  const std::filesystem::path dir_ = Folder();
  const std::string path_ = (dir_ / "tables.db").string();
};

#ifdef SAVANNA_HAVE_POSTGRES
class PostgresBackend final : public Backend {
 public:
  Result<std::unique_ptr<TableStore>> Open(Durability durability) override {
    return OpenStore(db_.url(), {durability, ""});
  }
  int current_version() const override { return pg::kSchemaVersion; }
  int Version() override {
    const std::string v = testing::PostgresQuery(db_.url(), "SELECT version FROM savanna_schema");
    return v.starts_with("error") ? 0 : std::stoi(v);
  }
  void CreateAtVersion(int version) override {
    pg::Connection conn;
    ASSERT_TRUE(conn.Open(db_.url()));
    ASSERT_TRUE(pg::Migrate(conn, version));
  }
  std::string Exec(const std::string& sql) override {
    return testing::PostgresExec(db_.url(), sql);
  }
  std::string Snapshot() override {
    std::string all = testing::PostgresQuery(
        db_.url(),
        "SELECT table_name, column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = 'public' ORDER BY 1, 2");
    for (const char* table :
         {"savanna_schema", "tables", "seats", "actions", "takebacks", "nodes", "leases"})
      all +=
          std::string("\n") + table + ":\n" +
          testing::PostgresQuery(db_.url(), std::string("SELECT * FROM ") + table + " ORDER BY 1");
    return all;
  }
  void Damage() override { EXPECT_EQ(Exec("DROP TABLE takebacks"), ""); }
  void MakeNewer() override {
    EXPECT_EQ(Exec("UPDATE savanna_schema SET version = " + std::to_string(pg::kSchemaVersion + 1)),
              "");
  }
  void MakeForeign() override { EXPECT_EQ(Exec("CREATE TABLE tables(x INTEGER)"), ""); }

 private:
  testing::ScratchDatabase db_;
};
#endif

std::unique_ptr<Backend> MakeBackend(const std::string& name) {
  if (name == "memory") return std::make_unique<MemoryBackend>();
  if (name == "sqlite") return std::make_unique<SqliteBackend>();
#ifdef SAVANNA_HAVE_POSTGRES
  if (name == "postgres") return std::make_unique<PostgresBackend>();
#endif
  return nullptr;
}

// Runs a write and waits for its result.
template <class F>
Result<void> Wait(F write) {
  std::promise<Result<void>> done;
  write([&](Result<void> r) { done.set_value(r); });
  return done.get_future().get();
}

StoredTable SampleTable(const std::string& id, int64_t created = 1700000000) {
  StoredTable t;
  t.id = id;
  t.game = "kariba";
  t.params = {{"players", 2}};
  t.seed = 0xfedcba9876543210ULL;  // above 2^63: stored exactly
  t.options = {{"ai_seconds", 1.5}, {"note", "ünïcode ' \" \\ quotes"}};
  t.created = created;
  t.updated = created;
  t.creator_hash = "c0ffee";
  t.seats = {{"human", "human", "Ada 'quoted'", "abc"}, {"random(seed=5)", "random", "", ""}};
  return t;
}

class StoreContract : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    backend_ = MakeBackend(GetParam());
    ASSERT_TRUE(backend_) << GetParam() << " is not built in";
  }
  // Opens the store (again).
  void Reopen() {
    store_.reset();
    auto store = backend_->Open();
    ASSERT_TRUE(store) << store.error().message;
    store_ = std::move(*store);
  }
  // The store, opened on first use.
  TableStore& s() {
    if (!store_) Reopen();
    return *store_;
  }
  StoredTable MustLoad(const std::string& id) {
    auto t = s().Load(id);
    EXPECT_TRUE(t) << t.error().message;
    EXPECT_TRUE(t && *t) << id << " is not there";
    return t && *t ? **t : StoredTable();
  }

  std::unique_ptr<Backend> backend_;
  std::unique_ptr<TableStore> store_;
};

TEST_P(StoreContract, ATableItsSeatsAndActionsComeBackAsWritten) {
  ASSERT_TRUE(Wait([&](auto done) { s().CreateTable(SampleTable("t1"), done); }));
  ASSERT_TRUE(Wait([&](auto done) { s().AppendAction("t1", 0, {0, "play 1 zebra"}, done); }));
  ASSERT_TRUE(Wait([&](auto done) { s().AppendAction("t1", 1, {1, "play 2 mouse"}, done); }));
  const StoredSeat left{"human", "human", "", ""};
  ASSERT_TRUE(Wait([&](auto done) { s().UpdateSeat("t1", 0, left, done); }));
  for (bool reopened : {false, true}) {
    if (reopened) {
      if (!backend_->durable()) break;
      Reopen();
    }
    const StoredTable t = MustLoad("t1");
    const StoredTable want = SampleTable("t1");
    EXPECT_EQ(t.id, "t1");
    EXPECT_EQ(t.game, want.game);
    EXPECT_EQ(t.params, want.params);
    EXPECT_EQ(t.seed, want.seed);
    EXPECT_EQ(t.options, want.options);
    EXPECT_EQ(t.created, want.created);
    EXPECT_EQ(t.creator_hash, want.creator_hash);
    EXPECT_FALSE(t.finished);
    ASSERT_EQ(t.seats.size(), 2u);
    EXPECT_EQ(t.seats[0], left);
    EXPECT_EQ(t.seats[1], want.seats[1]);
    ASSERT_EQ(t.actions.size(), 2u);
    EXPECT_EQ(t.actions[0], (RecordedAction{0, "play 1 zebra"}));
    EXPECT_EQ(t.actions[1], (RecordedAction{1, "play 2 mouse"}));
    EXPECT_TRUE(t.takebacks.empty());
  }
}

TEST_P(StoreContract, ATakeBackCutsTheActionsIsKeptAndIsDeletedWithItsTable) {
  ASSERT_TRUE(Wait([&](auto done) { s().CreateTable(SampleTable("t1"), done); }));
  for (int i = 0; i < 4; ++i)
    ASSERT_TRUE(Wait([&](auto done) { s().AppendAction("t1", i, {i % 2, "x"}, done); }));
  const std::vector<RecordedAction> removed = {{0, "x"}, {1, "x"}};
  ASSERT_TRUE(Wait([&](auto done) { s().TakeBack("t1", {0, 1700000050, 2, removed}, done); }));
  ASSERT_TRUE(Wait([&](auto done) {
    s().AppendAction("t1", 2, {0, "y"}, done);
  })) << "the next action takes the first free index again";
  ASSERT_TRUE(Wait([&](auto done) { s().TakeBack("t1", {1, 1700000060, 2, {{0, "y"}}}, done); }));
  if (backend_->durable()) Reopen();
  const StoredTable t = MustLoad("t1");
  ASSERT_EQ(t.takebacks.size(), 2u);
  EXPECT_EQ(t.takebacks[0], (StoredTakeBack{0, 1700000050, 2, removed})) << "oldest first";
  EXPECT_EQ(t.takebacks[1], (StoredTakeBack{1, 1700000060, 2, {{0, "y"}}}));
  ASSERT_EQ(t.actions.size(), 2u);
  ASSERT_TRUE(Wait([&](auto done) { s().DeleteTable("t1", done); }));
  auto gone = s().Load("t1");
  ASSERT_TRUE(gone);
  EXPECT_FALSE(*gone);
  EXPECT_TRUE(Wait([&](auto done) { s().CreateTable(SampleTable("t1"), done); }))
      << "nothing of the deleted table is left in the way";
  EXPECT_TRUE(MustLoad("t1").takebacks.empty());
}

TEST_P(StoreContract, ABadWriteFailsAloneAndChangesNothing) {
  ASSERT_TRUE(Wait([&](auto done) { s().CreateTable(SampleTable("t1"), done); }));
  // Queued together: the duplicate index fails, the writes around it succeed.
  std::vector<std::promise<Result<void>>> results(4);
  s().AppendAction("t1", 0, {0, "a"}, [&](Result<void> r) { results[0].set_value(r); });
  s().AppendAction("t1", 0, {0, "b"}, [&](Result<void> r) { results[1].set_value(r); });
  s().AppendAction("t1", 1, {1, "c"}, [&](Result<void> r) { results[2].set_value(r); });
  s().AppendAction("nope", 0, {1, "d"}, [&](Result<void> r) { results[3].set_value(r); });
  s().Flush();
  EXPECT_TRUE(results[0].get_future().get());
  EXPECT_FALSE(results[1].get_future().get()) << "an index taken already";
  EXPECT_TRUE(results[2].get_future().get());
  EXPECT_FALSE(results[3].get_future().get()) << "no such table";
  EXPECT_FALSE(Wait([&](auto done) { s().CreateTable(SampleTable("t1"), done); })) << "same id";
  const StoredTable t = MustLoad("t1");
  ASSERT_EQ(t.actions.size(), 2u);
  EXPECT_EQ(t.actions[0].action, "a");
  EXPECT_EQ(t.actions[1].action, "c");
  EXPECT_EQ(t.seats, SampleTable("t1").seats) << "the refused creation changed nothing";
}

TEST_P(StoreContract, FinishedDeletedAndIdleTablesAreFoundOnlyWhereTheyShouldBe) {
  for (const char* id : {"a", "b", "c", "d"})
    ASSERT_TRUE(Wait([&](auto done) { s().CreateTable(SampleTable(id), done); }));
  ASSERT_TRUE(Wait([&](auto done) { s().AppendAction("b", 0, {0, "play 1 zebra"}, done); }));
  ASSERT_TRUE(Wait([&](auto done) { s().MarkFinished("c", 1700000100, done); }));
  ASSERT_TRUE(Wait([&](auto done) { s().MarkFinished("d", 1800000000, done); }));
  // Open tables changed since 1700000050: only b (its action touched it just now).
  auto open = s().LoadOpen(1700000050);
  ASSERT_TRUE(open) << open.error().message;
  ASSERT_EQ(open->size(), 1u);
  EXPECT_EQ((*open)[0].id, "b");
  EXPECT_GT((*open)[0].updated, 1700000050);
  EXPECT_EQ((*open)[0].actions.size(), 1u);
  auto all = s().LoadOpen(0);
  ASSERT_TRUE(all);
  ASSERT_EQ(all->size(), 2u) << "a and b; c and d are finished";
  EXPECT_EQ((*all)[0].id, "a") << "oldest first (then by id)";
  // Any table by id, finished or not.
  const StoredTable c = MustLoad("c");
  EXPECT_EQ(c.finished, 1700000100);
  EXPECT_EQ(c.seats.size(), 2u);
  EXPECT_FALSE(*s().Load("nope"));
  ASSERT_TRUE(Wait([&](auto done) { s().DeleteTable("a", done); }));
  EXPECT_FALSE(*s().Load("a"));
  std::promise<Result<int64_t>> deleted;
  s().DeleteFinishedBefore(1750000000, [&](Result<int64_t> n) { deleted.set_value(n); });
  EXPECT_EQ(deleted.get_future().get().value(), 1) << "c ended before; d after";
  EXPECT_FALSE(*s().Load("c"));
  EXPECT_TRUE(*s().Load("d"));
}

TEST_P(StoreContract, FlushReturnsOnceEveryWriteIsDone) {
  ASSERT_TRUE(Wait([&](auto done) { s().CreateTable(SampleTable("t"), done); }));
  std::atomic<int> done{0};
  for (int i = 0; i < 300; ++i)
    s().AppendAction("t", i, {0, "x"}, [&](Result<void> r) {
      EXPECT_TRUE(r);
      ++done;
    });
  s().Flush();
  EXPECT_EQ(done, 300);
  EXPECT_EQ(MustLoad("t").actions.size(), 300u);
}

TEST_P(StoreContract, LoadReadsWhileWritesGoOnAndNeverGoesBack) {
  ASSERT_TRUE(Wait([&](auto done) { s().CreateTable(SampleTable("t"), done); }));
  std::atomic<bool> writing{true};
  std::thread writer([&] {
    for (int i = 0; i < 200; ++i)
      EXPECT_TRUE(Wait([&](auto done) { s().AppendAction("t", i, {0, "x"}, done); }));
    writing = false;
  });
  size_t last = 0;
  while (writing) {
    auto t = s().Load("t");
    ASSERT_TRUE(t && *t) << (t ? "" : t.error().message);
    EXPECT_GE((*t)->actions.size(), last) << "never goes back";
    last = (*t)->actions.size();
  }
  writer.join();
  EXPECT_EQ(MustLoad("t").actions.size(), 200u) << "every committed action is seen";
}

TEST_P(StoreContract, ManyThreadsWriteTheirTablesAtOnce) {
  constexpr int kThreads = 8, kActions = 40;
  s();  // opened before the threads share it
  std::vector<std::thread> threads;
  for (int k = 0; k < kThreads; ++k)
    threads.emplace_back([&, k] {
      const std::string id = "w" + std::to_string(k);
      EXPECT_TRUE(Wait([&](auto done) { s().CreateTable(SampleTable(id), done); }));
      for (int i = 0; i < kActions; ++i)
        EXPECT_TRUE(Wait([&](auto done) {
          s().AppendAction(id, i, {i % 2, id + ":" + std::to_string(i)}, done);
        }));
    });
  for (auto& t : threads) t.join();
  for (int k = 0; k < kThreads; ++k) {
    const std::string id = "w" + std::to_string(k);
    const StoredTable t = MustLoad(id);
    ASSERT_EQ(t.actions.size(), size_t(kActions));
    for (int i = 0; i < kActions; ++i)
      EXPECT_EQ(t.actions[size_t(i)].action, id + ":" + std::to_string(i));
  }
}

// Two stores on one database, as two servers (or a server and its successor) would be: both
// write at once, neither loses a write, and each reads the other's.
TEST_P(StoreContract, TwoStoresOnOneDatabaseWriteAtOnce) {
  if (!backend_->durable()) GTEST_SKIP() << GetParam() << " keeps nothing between openings";
  TableStore& first = s();
  auto second = backend_->Open();
  ASSERT_TRUE(second) << second.error().message;
  TableStore* stores[2] = {&first, second->get()};
  constexpr int kActions = 60;
  std::vector<std::thread> threads;
  for (int k = 0; k < 2; ++k)
    threads.emplace_back([&, k] {
      const std::string id = "s" + std::to_string(k);
      EXPECT_TRUE(Wait([&](auto done) { stores[k]->CreateTable(SampleTable(id), done); }));
      for (int i = 0; i < kActions; ++i)
        EXPECT_TRUE(Wait([&](auto done) { stores[k]->AppendAction(id, i, {0, "x"}, done); }));
    });
  for (auto& t : threads) t.join();
  for (TableStore* store : stores)
    for (const char* id : {"s0", "s1"}) {
      auto t = store->Load(id);
      ASSERT_TRUE(t && *t);
      EXPECT_EQ((*t)->actions.size(), size_t(kActions));
    }
  // The same index from both: one wins.
  Result<void> a = Wait([&](auto done) {
    stores[0]->AppendAction("s0", kActions, {0, "a"}, done);
  });
  Result<void> b = Wait([&](auto done) {
    stores[1]->AppendAction("s0", kActions, {0, "b"}, done);
  });
  EXPECT_TRUE(a);
  EXPECT_FALSE(b);
}

TEST_P(StoreContract, EitherDurabilityKeepsWhatWasAcknowledged) {
  if (!backend_->durable()) GTEST_SKIP() << GetParam() << " keeps nothing between openings";
  {
    auto relaxed = backend_->Open(Durability::kNormal);
    ASSERT_TRUE(relaxed) << relaxed.error().message;
    ASSERT_TRUE(Wait([&](auto done) { (*relaxed)->CreateTable(SampleTable("n"), done); }));
    ASSERT_TRUE(Wait([&](auto done) { (*relaxed)->AppendAction("n", 0, {0, "x"}, done); }));
  }
  Reopen();
  EXPECT_EQ(MustLoad("n").actions.size(), 1u);
}

TEST_P(StoreContract, ANewDatabaseHasTheCurrentSchemaVersion) {
  if (!backend_->durable()) GTEST_SKIP() << GetParam() << " keeps nothing between openings";
  s();
  EXPECT_EQ(backend_->Version(), backend_->current_version());
  Reopen();
  EXPECT_EQ(backend_->Version(), backend_->current_version()) << "opening again changes nothing";
}

// A database of the first schema (the tables of the first release), with a game in it, is
// brought to the current version by the forward migrations and reads back whole.
TEST_P(StoreContract, AnOldDatabaseIsMigratedForwardWithItsTables) {
  if (!backend_->durable()) GTEST_SKIP() << GetParam() << " keeps nothing between openings";
  backend_->CreateAtVersion(1);
  ASSERT_EQ(backend_->Version(), 1);
  ASSERT_EQ(
      backend_->Exec("INSERT INTO tables(id, game, params, seed, options, created) VALUES('old1', "
                     "'kariba', '{\"players\":2}', '18364758544493064720', '{\"ai_seconds\":1.5}', "
                     "1700000000);"
                     "INSERT INTO seats VALUES('old1', 0, 'human', 'human', 'Ada', 'abc');"
                     "INSERT INTO seats VALUES('old1', 1, 'random(seed=5)', 'random', '', '');"
                     "INSERT INTO actions VALUES('old1', 0, 0, 'play 1 zebra');"),
      "");
  Reopen();
  EXPECT_EQ(backend_->Version(), backend_->current_version());
  StoredTable t = MustLoad("old1");
  EXPECT_EQ(t.seed, 18364758544493064720ULL);
  EXPECT_EQ(t.params, (Json{{"players", 2}}));
  EXPECT_EQ(t.updated, 1700000000) << "a first-release table counts as changed when created";
  EXPECT_EQ(t.creator_hash, "");
  EXPECT_FALSE(t.finished);
  ASSERT_EQ(t.seats.size(), 2u);
  EXPECT_EQ(t.seats[0].name, "Ada");
  ASSERT_EQ(t.actions.size(), 1u);
  ASSERT_TRUE(Wait([&](auto done) { s().AppendAction("old1", 1, {1, "play 2 mouse"}, done); }));
  ASSERT_TRUE(Wait([&](auto done) { s().TakeBack("old1", {0, 1700000009, 1, {}}, done); }));
  t = MustLoad("old1");
  EXPECT_EQ(t.takebacks.size(), 1u) << "the later versions' tables work";
  auto open = s().LoadOpen(0);
  ASSERT_TRUE(open);
  EXPECT_EQ(open->size(), 1u);
}

// Each refusal names the problem and leaves the database exactly as it was.
TEST_P(StoreContract, ADamagedNewerOrForeignDatabaseIsRefusedAndNeverOverwritten) {
  if (!backend_->durable()) GTEST_SKIP() << GetParam() << " keeps nothing between openings";
  struct Case {
    const char* name;
    void (Backend::*make)();
    const char* says;
  };
  for (const Case& c :
       {Case{"newer", &Backend::MakeNewer, "newer"}, Case{"damaged", &Backend::Damage, "damaged"},
        Case{"foreign", &Backend::MakeForeign, "was not changed"}}) {
    SCOPED_TRACE(c.name);
    auto backend = MakeBackend(GetParam());
    if (c.make != &Backend::MakeForeign) {  // a database with Savanna's tables and a game
      auto store = backend->Open();
      ASSERT_TRUE(store) << store.error().message;
      ASSERT_TRUE(Wait([&](auto done) { (*store)->CreateTable(SampleTable("t1"), done); }));
    }
    ((*backend).*c.make)();
    const std::string before = backend->Snapshot();
    for (int attempt = 0; attempt < 2; ++attempt) {
      auto store = backend->Open();
      ASSERT_FALSE(store) << "opened";
      EXPECT_NE(store.error().message.find(c.says), std::string::npos) << store.error().message;
      EXPECT_NE(store.error().message.find("was not changed"), std::string::npos)
          << store.error().message;
    }
    EXPECT_EQ(backend->Snapshot(), before) << "the database was changed";
  }
}

std::vector<std::string> Stores() {
  std::vector<std::string> stores = {"memory", "sqlite"};
#ifdef SAVANNA_HAVE_POSTGRES
  stores.push_back("postgres");
#endif
  return stores;
}

INSTANTIATE_TEST_SUITE_P(Stores, StoreContract, ::testing::ValuesIn(Stores()),
                         [](const auto& param_info) { return param_info.param; });

TEST(StoreFactoryTest, TheDbArgumentPicksTheStore) {
  EXPECT_TRUE(IsPostgresUrl("postgresql://u@h:5432/db"));
  EXPECT_TRUE(IsPostgresUrl("postgres:///db?host=/tmp"));
  EXPECT_FALSE(IsPostgresUrl("savanna.db"));
  EXPECT_FALSE(IsPostgresUrl("./postgresql://x"));
  // What messages show of it: never a password.
  EXPECT_EQ(RedactDb("tables.db"), "tables.db");
  EXPECT_EQ(RedactDb("postgresql://ada:s3cr%40t@db:5432/savanna?sslmode=require"),
            "postgresql://ada:***@db:5432/savanna?sslmode=require");
  EXPECT_EQ(RedactDb("postgresql://ada@db/savanna"), "postgresql://ada@db/savanna");
  EXPECT_EQ(RedactDb("postgres:///savanna?host=/run&password=s3cret&user=ada"),
            "postgres:///savanna?host=/run&password=***&user=ada");
  EXPECT_EQ(RedactDb("postgresql://db/x?password=s3cret"), "postgresql://db/x?password=***");
  TempDir dir;
  auto sqlite = OpenStore(dir.Path("t.db"));
  ASSERT_TRUE(sqlite) << sqlite.error().message;
  EXPECT_TRUE(std::filesystem::exists(dir.Path("t.db"))) << "a path is a SQLite file";
  // A server that is not there: an error that names it, without the password.
  auto none = OpenStore("postgresql://ada:secret@127.0.0.1:1/savanna?connect_timeout=2");
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().message.find("secret"), std::string::npos) << none.error().message;
  EXPECT_NE(none.error().message.find("127.0.0.1"), std::string::npos) << none.error().message;
}

#ifdef SAVANNA_HAVE_POSTGRES
// The WAL flushes PostgreSQL has counted (pg_stat_wal.wal_sync, every session's), read afresh.
int64_t WalSyncs(const std::string& url) {
  const std::string n = testing::PostgresQuery(
      url, "SET stats_fetch_consistency = none; SELECT wal_sync FROM pg_stat_wal");
  return n.starts_with("error") ? -1 : std::stoll(n);
}

// --sync full on PostgreSQL: each acknowledged write's commit was flushed to the server's disk
// before its acknowledgement (synchronous_commit=on), so the log was flushed at least once per
// write acknowledged one after the other. (With synchronous_commit=off the WAL writer flushes a
// few times a second whatever the number of commits, and this fails.)
TEST(PostgresStoreTest, FullDurabilityFlushesTheLogBeforeEachAcknowledgement) {
  testing::ScratchDatabase db;
  constexpr int kWrites = 30;
  const int64_t before = WalSyncs(db.url());
  ASSERT_GE(before, 0);
  {
    auto store = OpenStore(db.url(), {Durability::kFull, ""});
    ASSERT_TRUE(store) << store.error().message;
    ASSERT_TRUE(Wait([&](auto done) { (*store)->CreateTable(SampleTable("t"), done); }));
    for (int i = 0; i < kWrites; ++i)
      ASSERT_TRUE(Wait([&](auto done) { (*store)->AppendAction("t", i, {0, "x"}, done); }));
  }
  // A session reports its counts when it is idle or ends: wait for the store's to come in.
  int64_t syncs = 0;
  for (int wait = 0; wait < 50 && syncs < kWrites; ++wait) {
    syncs = WalSyncs(db.url()) - before;
    if (syncs < kWrites) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_GE(syncs, kWrites);
}
#endif

}  // namespace
}  // namespace savanna::server
