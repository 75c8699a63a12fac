// The SQLite table store's own parts (WAL mode, an unusable path) and the server's secrets
// (SHA-256, tokens). The stores' common contract is store_contract_test.cc.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <future>
#include <set>

#include "server/server_test_util.h"
#include "server/sqlite_store.h"
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

// What every store does is in store_contract_test.cc; here what only SQLite's does.
TEST(SqliteStoreTest, WritesGoThroughTheWriteAheadLog) {
  TempDir dir;
  const std::string path = dir.Path("t.db");
  auto store = OpenSqliteStore(path);
  ASSERT_TRUE(store) << store.error().message;
  StoredTable t;
  t.id = "t1";
  t.game = "kariba";
  t.params = Json::object();
  t.options = Json::object();
  ASSERT_TRUE(Wait([&](auto done) { (*store)->CreateTable(t, done); }));
  EXPECT_TRUE(std::filesystem::exists(path + "-wal")) << "WAL mode";
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* mode = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &mode, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(mode), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(mode, 0)), "wal");
  sqlite3_finalize(mode);
  sqlite3_close(db);
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
