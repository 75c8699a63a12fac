// The database's schema version and migrations: a database written by the first server release
// (tests/server/fixtures, made with that release's program) opens in this one with every table,
// seat, token and action; a damaged, truncated, empty, foreign or newer database is refused at
// start with a clear error and left byte for byte as it was.
#include <sqlite3.h>

#include <fstream>
#include <sstream>

#include "games/registry.h"
#include "server/server_test_util.h"
#include "server/sqlite_schema.h"
#include "server/sqlite_store.h"

namespace savanna::testing {
namespace {

const std::string kFixture = std::string(SAVANNA_FIXTURES) + "/release_2026_11_23";

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

int UserVersion(const std::string& path) {
  sqlite3* db = nullptr;
  sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* stmt = nullptr;
  sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &stmt, nullptr);
  const int version = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int(stmt, 0) : -1;
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return version;
}

class SchemaTest : public ServerTest {
 protected:
  // A copy of the fixture database in this test's folder.
  std::string CopyFixture() {
    const std::string path = dir_.Path("old.db");
    WriteBytes(path, ReadBytes(kFixture + ".db"));
    return path;
  }
  // Starts a server on `db`; the error message when it refuses to.
  std::string StartError(const std::string& db) {
    server::ServerOptions options;
    options.db_path = db;
    options.port = 0;
    auto started = server::Server::Start(Games(), options);
    return started ? "" : started.error().message;
  }
};

TEST_F(SchemaTest, ADatabaseOfTheFirstReleaseOpensWithEverythingInIt) {
  const Json expected = Json::parse(std::ifstream(kFixture + ".json"));
  const std::string db = CopyFixture();
  EXPECT_EQ(UserVersion(db), 0) << "the fixture predates schema versions";
  server::ServerOptions options;
  options.db_path = db;
  options.lobby.waiting_expiry = 0;  // its waiting table is older than any expiry
  StartServer(options);
  EXPECT_EQ(UserVersion(db), server::kSchemaVersion) << "migrated";

  for (const auto& [id, table] : expected["tables"].items()) {
    const HttpReply summary = Http(port(), "GET", "/api/tables/" + id);
    ASSERT_EQ(summary.status, 200) << id;
    EXPECT_EQ(summary.json()["status"], table["status"]) << id;
    EXPECT_EQ(summary.json()["actions"], table["actions"]) << id;
    EXPECT_EQ(summary.json()["name"], table["game"]) << id;
    if (table.contains("seats"))
      for (const auto& [seat, held] : table["seats"].items()) {
        EXPECT_EQ(summary.json()["seats"][std::stoi(seat)]["name"], held["name"]);
        // The token handed out by the first release still holds the seat.
        WsClient client(port());
        const Json joined =
            client.Request({{"type", "rejoin"}, {"table", id}, {"token", held["token"]}}, "joined");
        EXPECT_EQ(joined.value("type", ""), "joined") << id << " " << joined.dump();
        EXPECT_EQ(joined["seat"], std::stoi(seat));
        const Json state = client.ReceiveType("state");
        EXPECT_EQ(state["actions"], table["actions"]);
      }
    if (table.contains("record")) {
      const HttpReply record = Http(port(), "GET", "/api/tables/" + id + "/record");
      ASSERT_EQ(record.status, 200);
      Json served = record.json();
      EXPECT_EQ(served["takebacks"], Json::array()) << "the first release had no take-backs";
      served.erase("takebacks");
      EXPECT_EQ(served, table["record"]) << "the finished game's record, unchanged";
    }
  }
  // The sealed bid of the Kap bis Kairo table is still sealed for seat 0, which owes its own.
  WsClient bidder(port());
  bidder.Request({{"type", "rejoin"},
                  {"table", "ef0800c1a3fe"},
                  {"token", expected["tables"]["ef0800c1a3fe"]["seats"]["0"]["token"]}},
                 "joined");
  const Json state = bidder.ReceiveType("state");
  EXPECT_TRUE(state.contains("legal"));
  EXPECT_EQ(state["log"].size(), 0u) << "the agent's sealed bid is not in seat 0's log";

  // Stopped and started again: the migrated database opens as it is.
  server_->Stop();
  server_.reset();
  StartServer(options);
  EXPECT_EQ(Http(port(), "GET", "/api/tables/405d5c8e51e6").json()["status"], "finished");
}

TEST_F(SchemaTest, ADamagedDatabaseIsRefusedAndLeftUnchanged) {
  const std::string original = ReadBytes(kFixture + ".db");
  struct Case {
    std::string name;
    std::string bytes;
    std::string says;
  };
  std::string newer = original;  // user_version is bytes 60-63 of the header, big-endian
  newer[63] = 99;
  std::string foreign;
  {
    const std::string path = dir_.Path("foreign.db");
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_exec(db, "CREATE TABLE notes(x); INSERT INTO notes VALUES (1);", nullptr, nullptr,
                 nullptr);
    sqlite3_close(db);
    foreign = ReadBytes(path);
  }
  std::string scrambled = original;  // a page of the tables' b-tree overwritten
  for (size_t i = 4096 + 8; i < 4096 + 1000 && i < scrambled.size(); ++i) scrambled[i] = char(i);
  const std::vector<Case> cases = {
      {"empty", "", "empty"},
      {"truncated", original.substr(0, original.size() / 2), "damaged"},
      {"scrambled", scrambled, "damaged"},
      {"not sqlite", "this is not a database, just text" + std::string(200, '.'), "not a SQLite"},
      {"newer", newer, "newer"},
      {"foreign", foreign, "not Savanna"},
  };
  for (const Case& c : cases) {
    const std::string path = dir_.Path("case.db");
    WriteBytes(path, c.bytes);
    const std::string error = StartError(path);
    EXPECT_NE(error.find(c.says), std::string::npos) << c.name << ": " << error;
    EXPECT_NE(error.find(path), std::string::npos) << c.name << ": the file is named";
    EXPECT_EQ(ReadBytes(path), c.bytes) << c.name << ": the file was changed";
    EXPECT_FALSE(std::filesystem::exists(path + "-wal")) << c.name << ": nothing left beside it";
    EXPECT_FALSE(std::filesystem::exists(path + "-shm")) << c.name;
    std::filesystem::remove(path);
  }
}

TEST_F(SchemaTest, ANewDatabaseGetsTheCurrentSchemaThroughEveryMigration) {
  const std::string db = dir_.Path("new.db");
  auto store = server::OpenSqliteStore(db);
  ASSERT_TRUE(store) << store.error().message;
  store->reset();
  EXPECT_EQ(UserVersion(db), server::kSchemaVersion);
}

}  // namespace
}  // namespace savanna::testing
