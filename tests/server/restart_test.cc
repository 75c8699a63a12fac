// Restart recovery: the built `savanna serve` is killed with SIGKILL in the middle of a game and
// started again on the same database; every table resumes exactly where it was, seat tokens
// still work, and the game plays on to its end.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <thread>

#include "core/rng.h"
#include "games/registry.h"
#include "server/server_process.h"
#include "server/server_test_util.h"

namespace savanna::testing {
namespace {

// Reads states until seat `client` is asked to act (or the game ends); returns that state.
Json WaitForTurn(WsClient& client) {
  while (true) {
    const Json m = client.Receive(std::chrono::seconds(10));
    if (m.is_null() || m["type"] == "error") return m;
    if (m["type"] == "state" && (m.contains("legal") || m["status"] == "finished")) return m;
  }
}

TEST(RestartTest, KillNineMidGameThenEveryTableResumesExactly) {
  TempDir dir;
  const std::string db = dir.Path("tables.db");
  auto server = std::make_unique<ServerProcess>(db);
  ASSERT_NE(server->port(), 0) << server->first_line();
  EXPECT_NE(server->first_line().find("0 tables resumed"), std::string::npos);

  // Two tables: one mid-game (a human and an agent), one waiting for its second human.
  const Json created =
      Http(server->port(), "POST", "/api/tables",
           Json{{"game", "kariba(players=3)"}, {"seats", {"human", "random", "random"}}})
          .json();
  const std::string id = created["id"];
  const std::string waiting =
      Http(server->port(), "POST", "/api/tables",
           Json{{"game", "kilimanjaro(players=2)"}, {"seats", {"human", "human"}}})
          .json()["id"];
  Json token;
  Json before;
  Rng rng(5);
  {
    WsClient a(server->port());
    token = a.Request({{"type", "join"}, {"table", id}, {"seat", 0}}, "joined")["token"];
    ASSERT_TRUE(token.is_string());
    for (int turn = 0; turn < 6; ++turn) {
      const Json state = WaitForTurn(a);
      ASSERT_TRUE(state.contains("legal")) << state.dump();
      const std::vector<std::string> legal = state["legal"];
      ASSERT_EQ(a.Request({{"type", "act"}, {"action", legal[rng.Below(uint32_t(legal.size()))]}},
                          "ack")["type"],
                "ack");
    }
    before = WaitForTurn(a);  // the agents have answered; seat 0 must act: the table is idle
    ASSERT_TRUE(before.contains("legal"));
    EXPECT_EQ(server->Kill(SIGKILL), SIGKILL) << "killed, not stopped";
  }

  server = std::make_unique<ServerProcess>(db);
  ASSERT_NE(server->port(), 0) << server->first_line();
  EXPECT_NE(server->first_line().find("2 tables resumed"), std::string::npos)
      << server->first_line();
  const Json summary = Http(server->port(), "GET", "/api/tables/" + id).json();
  EXPECT_EQ(summary["actions"], before["actions"]);
  EXPECT_EQ(Http(server->port(), "GET", "/api/tables/" + waiting).json()["status"], "waiting");

  WsClient a(server->port());
  const Json rejoined = a.Request({{"type", "rejoin"}, {"table", id}, {"token", token}}, "joined");
  ASSERT_EQ(rejoined["seat"], 0) << rejoined.dump();
  const Json after = WaitForTurn(a);
  EXPECT_EQ(after["view"], before["view"]) << "the same position";
  EXPECT_EQ(after["legal"], before["legal"]);
  EXPECT_EQ(after["actions"], before["actions"]);
  // The log after the restart is the whole log of seat 0 so far.
  size_t logged = 0;
  for (const Json& e : after["log"]) EXPECT_EQ(e["index"], logged++);
  EXPECT_EQ(logged, before["actions"].get<size_t>());

  // Play on to the end; the record replays.
  Json state = after;
  while (state["status"] != "finished") {
    ASSERT_TRUE(state.contains("legal")) << state.dump();
    const std::vector<std::string> legal = state["legal"];
    ASSERT_EQ(a.Request({{"type", "act"}, {"action", legal[rng.Below(uint32_t(legal.size()))]}},
                        "ack")["type"],
              "ack");
    state = WaitForTurn(a);
    ASSERT_FALSE(state.is_null());
  }
  const HttpReply record = Http(server->port(), "GET", "/api/tables/" + id + "/record");
  ASSERT_EQ(record.status, 200);
  EXPECT_GT(ExpectMessagesMatchReplay(Games(), record.json(), 0, a.history()), 0);
  EXPECT_EQ(server->Kill(SIGTERM), 0) << "SIGTERM stops the server cleanly";
}

TEST(RestartTest, ATakeBackIsStoredAndSurvivesAKillNine) {
  TempDir dir;
  const std::string db = dir.Path("tables.db");
  auto server = std::make_unique<ServerProcess>(db);
  ASSERT_NE(server->port(), 0) << server->first_line();
  const std::string id = Http(server->port(), "POST", "/api/tables",
                              Json{{"game", "kariba(players=3)"},
                                   {"seats", {"human", "random", "random"}},
                                   {"options", {{"ai_seconds", 0.05}}}})
                             .json()["id"];
  Json token, before;
  {
    WsClient a(server->port());
    token = a.Request({{"type", "join"}, {"table", id}, {"seat", 0}}, "joined")["token"];
    before = WaitForTurn(a);
    ASSERT_TRUE(before.contains("legal")) << before.dump();
    ASSERT_EQ(a.Request({{"type", "act"}, {"action", before["legal"][0]}}, "ack")["type"], "ack");
    ASSERT_TRUE(WaitForTurn(a).contains("legal"));
    const Json taken = a.Request({{"type", "takeback"}}, "taken_back");
    ASSERT_EQ(taken["actions"], before["actions"]) << taken.dump();
    EXPECT_EQ(server->Kill(SIGKILL), SIGKILL);
  }
  server = std::make_unique<ServerProcess>(db);
  ASSERT_NE(server->port(), 0) << server->first_line();
  EXPECT_EQ(Http(server->port(), "GET", "/api/tables/" + id).json()["actions"], before["actions"]);
  WsClient a(server->port());
  ASSERT_EQ(a.Request({{"type", "rejoin"}, {"table", id}, {"token", token}}, "joined")["seat"], 0);
  Json after = WaitForTurn(a);
  EXPECT_EQ(after["view"], before["view"]) << "the position before the move taken back";
  EXPECT_EQ(after["legal"], before["legal"]);
  // Played to the end, the record lists the take-back, read back from the database.
  while (after.contains("legal")) {
    ASSERT_EQ(a.Request({{"type", "act"}, {"action", after["legal"].back()}}, "ack")["type"],
              "ack");
    after = WaitForTurn(a);
  }
  ASSERT_EQ(after["status"], "finished") << after.dump();
  const Json record = Http(server->port(), "GET", "/api/tables/" + id + "/record").json();
  ASSERT_EQ(record["takebacks"].size(), 1u) << record.dump();
  const Json& takeback = record["takebacks"][0];
  EXPECT_EQ(takeback["seat"], 0);
  EXPECT_EQ(takeback["from"], before["actions"]);
  EXPECT_GT(takeback["at"].get<int64_t>(), 1700000000);
  ASSERT_GE(takeback["removed"].size(), 3u) << "the move and both agents' answers";
  EXPECT_EQ(takeback["removed"][0], (Json{{"player", 0}, {"action", before["legal"][0]}}));
  EXPECT_EQ(record["actions"][before["actions"].get<size_t>()],
            (Json{{"player", 0}, {"action", before["legal"].back()}}))
      << "the record is the game as played after the take-back";
  EXPECT_GT(ExpectMessagesMatchReplay(Games(), record, 0, a.history()), 0);
}

}  // namespace
}  // namespace savanna::testing
