// `savanna serve --db postgresql://...`: the built program on a scratch PostgreSQL
// (scratch_postgres.h), killed with SIGKILL right after acknowledgements and started again: no
// acknowledged move is lost, and the game plays on to its end.
#include <gtest/gtest.h>
#include <signal.h>

#include "core/rng.h"
#include "games/registry.h"
#include "server/scratch_postgres.h"
#include "server/server_process.h"
#include "server/server_test_util.h"

namespace savanna::testing {
namespace {

// Reads states until the client's seat is asked to act (or the game ends); returns that state.
Json WaitForTurn(WsClient& client) {
  while (true) {
    const Json m = client.Receive(std::chrono::seconds(10));
    if (m.is_null() || m["type"] == "error") return m;
    if (m["type"] == "state" && (m.contains("legal") || m["status"] == "finished")) return m;
  }
}

TEST(PostgresServerTest, KillNineRightAfterAcksLosesNoAcknowledgedMove) {
  ScratchDatabase db;
  auto server = std::make_unique<ServerProcess>(db.url());
  ASSERT_NE(server->port(), 0) << server->first_line();
  EXPECT_NE(server->first_line().find("postgresql://"), std::string::npos) << server->first_line();
  const std::string id = Http(server->port(), "POST", "/api/tables",
                              Json{{"game", "kariba(players=2)"}, {"seats", {"human", "random"}}})
                             .json()["id"];
  Json token;
  std::vector<std::string> acked;  // seat 0's acknowledged actions, in order
  std::vector<int64_t> acked_index;
  Rng rng(7);
  Json state;
  for (int round = 0; round < 3; ++round) {
    WsClient a(server->port());
    if (round == 0)
      token = a.Request({{"type", "join"}, {"table", id}, {"seat", 0}}, "joined")["token"];
    else
      ASSERT_EQ(a.Request({{"type", "rejoin"}, {"table", id}, {"token", token}}, "joined")["seat"],
                0);
    state = WaitForTurn(a);
    ASSERT_TRUE(state.contains("legal")) << state.dump();
    EXPECT_EQ(state["actions"].get<size_t>() >= acked.size(), true);
    for (int move = 0; move < 3; ++move) {
      const std::vector<std::string> legal = state["legal"];
      const std::string action = legal[rng.Below(uint32_t(legal.size()))];
      const Json ack = a.Request({{"type", "act"}, {"action", action}}, "ack");
      ASSERT_EQ(ack["type"], "ack") << ack.dump();
      acked.push_back(action);
      acked_index.push_back(ack["index"]);
      if (move == 2) break;  // killed right after this acknowledgement
      state = WaitForTurn(a);
      ASSERT_TRUE(state.contains("legal")) << state.dump();
    }
    EXPECT_EQ(server->Kill(SIGKILL), SIGKILL);
    server = std::make_unique<ServerProcess>(db.url());
    ASSERT_NE(server->port(), 0) << server->first_line();
    EXPECT_NE(server->first_line().find("1 tables resumed"), std::string::npos)
        << server->first_line();
  }
  // Every acknowledged action is in the table, at the index its acknowledgement gave.
  const Json summary = Http(server->port(), "GET", "/api/tables/" + id).json();
  EXPECT_GT(summary["actions"].get<int64_t>(), acked_index.back());
  WsClient a(server->port());
  ASSERT_EQ(a.Request({{"type", "rejoin"}, {"table", id}, {"token", token}}, "joined")["seat"], 0);
  state = WaitForTurn(a);
  while (state["status"] != "finished") {
    ASSERT_TRUE(state.contains("legal")) << state.dump();
    const std::vector<std::string> legal = state["legal"];
    ASSERT_EQ(a.Request({{"type", "act"}, {"action", legal[rng.Below(uint32_t(legal.size()))]}},
                        "ack")["type"],
              "ack");
    state = WaitForTurn(a);
    ASSERT_FALSE(state.is_null());
  }
  const Json record = Http(server->port(), "GET", "/api/tables/" + id + "/record").json();
  ASSERT_TRUE(record.contains("actions")) << record.dump();
  for (size_t i = 0; i < acked.size(); ++i) {
    const Json& recorded = record["actions"][size_t(acked_index[i])];
    EXPECT_EQ(recorded["player"], 0) << i;
    EXPECT_EQ(recorded["action"], acked[i]) << "acknowledged move " << i;
  }
  EXPECT_GT(ExpectMessagesMatchReplay(Games(), record, 0, a.history()), 0);
  EXPECT_EQ(server->Kill(SIGTERM), 0);
}

}  // namespace
}  // namespace savanna::testing
