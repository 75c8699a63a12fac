// `savanna serve --db postgresql://...`: the built program on a scratch PostgreSQL
// (scratch_postgres.h), killed with SIGKILL right after acknowledgements and started again: no
// acknowledged move is lost, and the game plays on to its end. The new process is a new node
// (cluster.h): it takes the table over once the killed node's lease has lapsed (3 s by default),
// so the client rejoins until then, and the test measures how long that takes.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <memory>
#include <thread>

#include "core/rng.h"
#include "games/registry.h"
#include "server/scratch_postgres.h"
#include "server/server_process.h"
#include "server/server_test_util.h"

namespace savanna::testing {
namespace {

using SteadyClock = std::chrono::steady_clock;

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
  // Rejoins seat 0 on the restarted server, again until the table is taken over; the seconds
  // that took go to `waits`.
  std::vector<double> waits;
  auto rejoin = [&](SteadyClock::time_point restarted) {
    auto client = std::make_unique<WsClient>(server->port());
    while (client->Request({{"type", "rejoin"}, {"table", id}, {"token", token}},
                           "joined")["seat"] != 0 &&
           SteadyClock::now() - restarted < std::chrono::seconds(10)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      client = std::make_unique<WsClient>(server->port());
    }
    waits.push_back(std::chrono::duration<double>(SteadyClock::now() - restarted).count());
    return client;
  };
  SteadyClock::time_point restarted;
  for (int round = 0; round < 3; ++round) {
    std::unique_ptr<WsClient> client;
    if (round == 0) {
      client = std::make_unique<WsClient>(server->port());
      token = client->Request({{"type", "join"}, {"table", id}, {"seat", 0}}, "joined")["token"];
    } else {
      client = rejoin(restarted);
    }
    WsClient& a = *client;
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
    restarted = SteadyClock::now();
    ASSERT_NE(server->port(), 0) << server->first_line();
  }
  auto client = rejoin(restarted);
  WsClient& a = *client;
  // Every acknowledged action is in the table, at the index its acknowledgement gave.
  const Json summary = Http(server->port(), "GET", "/api/tables/" + id).json();
  EXPECT_GT(summary["actions"].get<int64_t>(), acked_index.back());
  // The takeover: within the lease (3 s) and a scan, under the 5 s of the target.
  for (double wait : waits) EXPECT_LT(wait, 5.0) << "seconds until the restarted server took over";
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
