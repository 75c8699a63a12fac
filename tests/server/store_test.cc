// The SQLite table store (round trips, durability across reopening, WAL mode, a failed write
// that leaves the others of its batch alone) and the server's secrets (SHA-256, tokens).
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <filesystem>
#include <future>
#include <set>
#include <thread>

#include "server/server_test_util.h"
#include "server/table_store.h"
#include "server/tokens.h"

namespace savanna::server {
namespace {

using testing::TempDir;

// Runs a write and waits for its result.
template <class F>
Result<void> Wait(F write) {
  std::promise<Result<void>> done;
  write([&](Result<void> r) { done.set_value(r); });
  return done.get_future().get();
}

StoredTable SampleTable(const std::string& id) {
  StoredTable t;
  t.id = id;
  t.game = "kariba";
  t.params = {{"players", 2}};
  t.seed = 0xfedcba9876543210ULL;  // above 2^63: stored exactly
  t.options = {{"ai_seconds", 1.5}};
  t.created = 1700000000;
  t.seats = {{"human", "human", "Ada", "abc"}, {"random(seed=5)", "random", "", ""}};
  return t;
}

TEST(SqliteStoreTest, TablesSeatsAndActionsSurviveReopening) {
  TempDir dir;
  const std::string path = dir.Path("t.db");
  {
    auto store = OpenSqliteStore(path);
    ASSERT_TRUE(store) << store.error().message;
    TableStore& s = **store;
    ASSERT_TRUE(Wait([&](auto done) { s.CreateTable(SampleTable("t1"), done); }));
    ASSERT_TRUE(Wait([&](auto done) { s.AppendAction("t1", 0, {0, "play 1 zebra"}, done); }));
    ASSERT_TRUE(Wait([&](auto done) { s.AppendAction("t1", 1, {1, "play 2 mouse"}, done); }));
    ASSERT_TRUE(Wait([&](auto done) { s.UpdateSeat("t1", 0, {"human", "human", "", ""}, done); }));
    EXPECT_TRUE(std::filesystem::exists(path + "-wal")) << "WAL mode";
  }
  auto store = OpenSqliteStore(path);
  ASSERT_TRUE(store);
  auto tables = (*store)->LoadOpen(0);
  ASSERT_TRUE(tables) << tables.error().message;
  ASSERT_EQ(tables->size(), 1u);
  const StoredTable& t = (*tables)[0];
  const StoredTable want = SampleTable("t1");
  EXPECT_EQ(t.id, "t1");
  EXPECT_EQ(t.game, want.game);
  EXPECT_EQ(t.params, want.params);
  EXPECT_EQ(t.seed, want.seed);
  EXPECT_EQ(t.options, want.options);
  EXPECT_EQ(t.created, want.created);
  ASSERT_EQ(t.seats.size(), 2u);
  EXPECT_EQ(t.seats[0], (StoredSeat{"human", "human", "", ""}));
  EXPECT_EQ(t.seats[1], want.seats[1]);
  ASSERT_EQ(t.actions.size(), 2u);
  EXPECT_EQ(t.actions[1], (RecordedAction{1, "play 2 mouse"}));
}

TEST(SqliteStoreTest, ATakeBackCutsTheActionsIsKeptAndIsDeletedWithItsTable) {
  TempDir dir;
  const std::string path = dir.Path("t.db");
  {
    auto store = OpenSqliteStore(path);
    ASSERT_TRUE(store) << store.error().message;
    TableStore& s = **store;
    ASSERT_TRUE(Wait([&](auto done) { s.CreateTable(SampleTable("t1"), done); }));
    for (int i = 0; i < 4; ++i)
      ASSERT_TRUE(Wait([&](auto done) { s.AppendAction("t1", i, {i % 2, "x"}, done); }));
    const std::vector<RecordedAction> removed = {{0, "x"}, {1, "x"}};
    ASSERT_TRUE(Wait([&](auto done) { s.TakeBack("t1", {0, 1700000050, 2, removed}, done); }));
    // The next action takes the first free index again.
    ASSERT_TRUE(Wait([&](auto done) { s.AppendAction("t1", 2, {0, "y"}, done); }));
  }
  auto store = OpenSqliteStore(path);
  ASSERT_TRUE(store);
  auto t = (*store)->Load("t1");
  ASSERT_TRUE(t && *t);
  ASSERT_EQ((*t)->takebacks.size(), 1u);
  EXPECT_EQ((*t)->takebacks[0], (StoredTakeBack{0, 1700000050, 2, {{0, "x"}, {1, "x"}}}))
      << "who, when, from where and what was removed";
  ASSERT_EQ((*t)->actions.size(), 3u);
  EXPECT_EQ((*t)->actions[2], (RecordedAction{0, "y"}));
  // A take-back whose removed actions are damaged makes the table unreadable, never half read.
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    sqlite3_exec(db, "UPDATE takebacks SET removed = '[{\"player\": 0}]'", nullptr, nullptr,
                 nullptr);
    sqlite3_close(db);
  }
  const auto damaged = (*store)->Load("t1");
  ASSERT_FALSE(damaged);
  EXPECT_NE(damaged.error().message.find("take-back"), std::string::npos)
      << damaged.error().message;
  ASSERT_TRUE(Wait([&](auto done) { (*store)->DeleteTable("t1", done); }));
  EXPECT_FALSE(*(*store)->Load("t1"));
}

TEST(SqliteStoreTest, ABadWriteFailsAloneInItsBatch) {
  TempDir dir;
  auto store = OpenSqliteStore(dir.Path("t.db"), SyncMode::kNormal);
  ASSERT_TRUE(store);
  TableStore& s = **store;
  ASSERT_TRUE(Wait([&](auto done) { s.CreateTable(SampleTable("t1"), done); }));
  // Queued together: the duplicate index fails, the writes around it succeed.
  std::vector<std::promise<Result<void>>> results(3);
  s.AppendAction("t1", 0, {0, "a"}, [&](Result<void> r) { results[0].set_value(r); });
  s.AppendAction("t1", 0, {0, "b"}, [&](Result<void> r) { results[1].set_value(r); });
  s.AppendAction("t1", 1, {1, "c"}, [&](Result<void> r) { results[2].set_value(r); });
  s.Flush();
  EXPECT_TRUE(results[0].get_future().get());
  EXPECT_FALSE(results[1].get_future().get());
  EXPECT_TRUE(results[2].get_future().get());
  EXPECT_FALSE(Wait([&](auto done) { s.CreateTable(SampleTable("t1"), done); })) << "same id";
  auto tables = s.LoadOpen(0);
  ASSERT_TRUE(tables);
  ASSERT_EQ((*tables)[0].actions.size(), 2u);
  EXPECT_EQ((*tables)[0].actions[0].action, "a");
}

TEST(SqliteStoreTest, FinishedDeletedAndIdleTablesAreFoundOnlyWhereTheyShouldBe) {
  TempDir dir;
  auto store = OpenSqliteStore(dir.Path("t.db"), SyncMode::kNormal);
  ASSERT_TRUE(store);
  TableStore& s = **store;
  for (const char* id : {"a", "b", "c", "d"})
    ASSERT_TRUE(Wait([&](auto done) { s.CreateTable(SampleTable(id), done); }));
  ASSERT_TRUE(Wait([&](auto done) { s.AppendAction("b", 0, {0, "play 1 zebra"}, done); }));
  ASSERT_TRUE(Wait([&](auto done) { s.MarkFinished("c", 1700000100, done); }));
  ASSERT_TRUE(Wait([&](auto done) { s.MarkFinished("d", 1800000000, done); }));
  // Open tables changed since 1700000050: only b (its action touched it just now).
  auto open = s.LoadOpen(1700000050);
  ASSERT_TRUE(open);
  ASSERT_EQ(open->size(), 1u);
  EXPECT_EQ((*open)[0].id, "b");
  EXPECT_GT((*open)[0].updated, 1700000050);
  EXPECT_EQ(s.LoadOpen(0)->size(), 2u) << "a and b; c and d are finished";
  // Any table by id, finished or not.
  auto c = s.Load("c");
  ASSERT_TRUE(c && *c);
  EXPECT_EQ((*c)->finished, 1700000100);
  EXPECT_EQ((*c)->seats.size(), 2u);
  EXPECT_FALSE(*s.Load("nope"));
  ASSERT_TRUE(Wait([&](auto done) { s.DeleteTable("a", done); }));
  EXPECT_FALSE(*s.Load("a"));
  std::promise<Result<int64_t>> deleted;
  s.DeleteFinishedBefore(1750000000, [&](Result<int64_t> n) { deleted.set_value(n); });
  EXPECT_EQ(deleted.get_future().get().value(), 1) << "c ended before; d after";
  EXPECT_FALSE(*s.Load("c"));
  EXPECT_TRUE(*s.Load("d"));
}

TEST(SqliteStoreTest, LoadReadsWhileTheWriterCommits) {
  TempDir dir;
  auto store = OpenSqliteStore(dir.Path("t.db"));
  ASSERT_TRUE(store);
  TableStore& s = **store;
  ASSERT_TRUE(Wait([&](auto done) { s.CreateTable(SampleTable("t"), done); }));
  std::atomic<bool> writing{true};
  std::thread writer([&] {
    for (int i = 0; i < 200; ++i)
      ASSERT_TRUE(Wait([&](auto done) { s.AppendAction("t", i, {0, "x"}, done); }));
    writing = false;
  });
  size_t last = 0;
  while (writing) {
    auto t = s.Load("t");
    ASSERT_TRUE(t && *t) << (t ? "" : t.error().message);
    EXPECT_GE((*t)->actions.size(), last) << "never goes back";
    last = (*t)->actions.size();
  }
  writer.join();
  EXPECT_EQ((*s.Load("t"))->actions.size(), 200u) << "every committed action is seen";
}

TEST(SqliteStoreTest, UnusableFileIsAnError) {
  TempDir dir;
  auto store = OpenSqliteStore(dir.Path("missing/dir/t.db"));
  ASSERT_FALSE(store);
  EXPECT_NE(store.error().message.find("missing/dir/t.db"), std::string::npos);
}

TEST(TokensTest, Sha256KnownAnswers) {
  EXPECT_EQ(Sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(Sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(Sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(Sha256Hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(TokensTest, TokensAreLongRandomAndDistinct) {
  std::set<std::string> seen;
  for (int i = 0; i < 100; ++i) {
    const std::string token = RandomHex(kTokenBytes);
    EXPECT_EQ(token.size(), 64u);
    EXPECT_EQ(token.find_first_not_of("0123456789abcdef"), std::string::npos);
    seen.insert(token);
  }
  EXPECT_EQ(seen.size(), 100u);
  EXPECT_GE(kTokenBytes * 8, 128);
  EXPECT_NE(RandomSeed(), RandomSeed());
  EXPECT_TRUE(ConstantTimeEquals("abc", "abc"));
  EXPECT_FALSE(ConstantTimeEquals("abc", "abd"));
  EXPECT_FALSE(ConstantTimeEquals("abc", "ab"));
  const std::string token = RandomHex(kTokenBytes);
  EXPECT_TRUE(TokenMatches(token, Sha256Hex(token)));
  EXPECT_FALSE(TokenMatches(token + "0", Sha256Hex(token)));
  EXPECT_FALSE(TokenMatches("", "")) << "a free seat's empty digest matches nothing";
}

}  // namespace
}  // namespace savanna::server
