// Hostile clients, class 3: locking the lobby. Waiting tables expire, a creator (and only the
// creator) deletes a waiting table, finished and idle tables leave memory and come back from the
// store when asked for, finished tables past the retention period are deleted, and the table
// limit is not full for good after a restart.
#include <chrono>
#include <thread>

#include "server/server_test_util.h"

namespace savanna::testing {
namespace {

using std::chrono::milliseconds;

class HostileLobbyTest : public ServerTest {
 protected:
  // Housekeeping every 50 ms.
  static server::ServerOptions Quick() {
    server::ServerOptions options;
    options.lobby.sweep_seconds = 0.05;
    return options;
  }
  // Waits (up to 10 s) until `done`; false on timeout.
  template <class F>
  static bool Eventually(F done) {
    for (int i = 0; i < 200; ++i) {
      if (done()) return true;
      std::this_thread::sleep_for(milliseconds(50));
    }
    return done();
  }
  // A table of agents only, played to its end; returns its id.
  std::string FinishedTable() {
    const std::string id =
        CreateTable("kalimambo(players=3)", {"random", "random", "random"})["id"];
    EXPECT_TRUE(Eventually(
        [&] { return Http(port(), "GET", "/api/tables/" + id).json()["status"] == "finished"; }));
    return id;
  }
  // Takes `seat` of `id` on `client` and plays until the table has a move (its own, or an
  // agent's that came first).
  void JoinAndMove(WsClient& client, const std::string& id, int seat) {
    ASSERT_EQ(JoinSeat(client, id, seat).value("type", ""), "joined");
    if (client.last_state().is_null()) client.ReceiveType("state");
    for (int i = 0; i < 20 && client.last_state().value("actions", 0) == 0; ++i) {
      if (client.last_state().contains("legal")) {
        const std::string action = client.last_state()["legal"][0];
        ASSERT_EQ(client.Request({{"type", "act"}, {"action", action}}, "ack").value("type", ""),
                  "ack");
      }
      client.ReceiveType("state");
    }
    ASSERT_GT(client.last_state().value("actions", 0), 0) << "no move was made";
  }
};

TEST_F(HostileLobbyTest, WaitingTablesExpireAndTheirWatchersAreTold) {
  server::ServerOptions options = Quick();
  options.lobby.waiting_expiry = 1;
  StartServer(options);
  const std::string waiting = CreateTable("kariba(players=2)", {"human", "human"})["id"];
  const std::string started = CreateTable("kariba(players=2)", {"human", "random"})["id"];
  Http(port(), "POST", "/api/tables/" + started + "/join", Json::object());
  WsClient watcher(port());
  watcher.Request({{"type", "spectate"}, {"table", waiting}}, "spectating");
  const Json closed = watcher.ReceiveType("closed", true, milliseconds(5000));
  EXPECT_EQ(closed.value("reason", ""), "expired") << closed.dump();
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + waiting).status, 404);
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + started).status, 200) << "a started table stays";
  // The watcher's connection still works for another table.
  EXPECT_EQ(watcher.Request({{"type", "spectate"}, {"table", started}}, "spectating")["type"],
            "spectating");
}

TEST_F(HostileLobbyTest, OnlyTheCreatorDeletesAWaitingTable) {
  StartServer();
  const Json created = CreateTable("kariba(players=3)", {"human", "human", "random"});
  const std::string id = created["id"];
  const std::string creator = created["creator_token"];
  ASSERT_EQ(creator.size(), 64u);
  EXPECT_FALSE(Http(port(), "GET", "/api/tables/" + id).json().contains("creator_token"))
      << "shown once";
  const std::string seat_token =
      Http(port(), "POST", "/api/tables/" + id + "/join", Json::object()).json()["token"];
  WsClient watcher(port());
  watcher.Request({{"type", "spectate"}, {"table", id}}, "spectating");

  for (const std::string& wrong : {std::string(64, '0'), seat_token, std::string("x")}) {
    const HttpReply refused = Http(port(), "DELETE", "/api/tables/" + id, Json{{"token", wrong}});
    EXPECT_EQ(refused.status, 403);
    EXPECT_EQ(refused.code(), "bad_token");
  }
  EXPECT_EQ(Http(port(), "DELETE", "/api/tables/" + id, Json::object()).code(), "bad_request");
  EXPECT_EQ(Http(port(), "DELETE", "/api/tables/" + id, std::string("{\"token\": 5}")).code(),
            "bad_request");
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + id).status, 200) << "still there";

  const HttpReply deleted = Http(port(), "DELETE", "/api/tables/" + id, Json{{"token", creator}});
  EXPECT_EQ(deleted.status, 200) << deleted.body;
  EXPECT_EQ(watcher.ReceiveType("closed").value("reason", ""), "deleted");
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + id).status, 404);
  EXPECT_EQ(Http(port(), "DELETE", "/api/tables/" + id, Json{{"token", creator}}).code(),
            "unknown_table");

  // A table where somebody has moved cannot be deleted, even by its creator.
  const Json playing = CreateTable("kariba(players=2)", {"human", "random"});
  WsClient player(port());
  JoinAndMove(player, playing["id"], 0);
  const HttpReply late = Http(port(), "DELETE", "/api/tables/" + playing["id"].get<std::string>(),
                              Json{{"token", playing["creator_token"]}});
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(late.code(), "game_started");
}

// Every seat taken, nobody has moved: not yet a game, so its creator may still close it (the
// lobby lockout of a table joined and abandoned at once).
TEST_F(HostileLobbyTest, TheCreatorClosesAJoinedTableNobodyHasMovedIn) {
  StartServer();
  const Json created = CreateTable("kariba(players=2)", {"human", "human"});
  const std::string id = created["id"];
  for (int seat = 0; seat < 2; ++seat)
    Http(port(), "POST", "/api/tables/" + id + "/join", Json{{"seat", seat}});
  ASSERT_EQ(Http(port(), "GET", "/api/tables/" + id).json()["status"], "playing");
  const HttpReply deleted =
      Http(port(), "DELETE", "/api/tables/" + id, Json{{"token", created["creator_token"]}});
  EXPECT_EQ(deleted.status, 200) << deleted.body;
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + id).status, 404);
}

// A table whose seats were all taken but where nobody moves expires like a waiting one once no
// seated person is connected, counted from its last change; one where somebody is connected, or
// where a move was made, stays.
TEST_F(HostileLobbyTest, AJoinedTableNobodyMovesInExpiresOnceNobodyIsConnected) {
  server::ServerOptions options = Quick();
  options.lobby.unplayed_expiry = 0.5;
  StartServer(options);
  const auto human_pair = [&] {
    return CreateTable("kariba(players=2)", {"human", "human"})["id"].get<std::string>();
  };
  const std::string abandoned = human_pair(), watched = human_pair();
  const std::string played = CreateTable("kariba(players=2)", {"human", "random"})["id"];
  for (int seat = 0; seat < 2; ++seat)
    Http(port(), "POST", "/api/tables/" + abandoned + "/join", Json{{"seat", seat}});
  WsClient sitter(port());
  ASSERT_EQ(JoinSeat(sitter, watched, 0).value("type", ""), "joined");
  Http(port(), "POST", "/api/tables/" + watched + "/join", Json{{"seat", 1}});
  WsClient a(port());
  JoinAndMove(a, played, 0);
  a.Close();

  EXPECT_TRUE(Eventually([&] {
    return Http(port(), "GET", "/api/tables/" + abandoned).status == 404;
  })) << "the abandoned table stayed";
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + watched).status, 200) << "a seat is connected";
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + played).status, 200) << "a game was begun";
  sitter.Close();
  EXPECT_TRUE(Eventually([&] {
    return Http(port(), "GET", "/api/tables/" + watched).status == 404;
  })) << "the table stayed once its sitter left";
}

TEST_F(HostileLobbyTest, FinishedTablesLeaveMemoryAndAreServedFromTheStore) {
  server::ServerOptions options = Quick();
  options.lobby.finished_in_memory = 0.2;
  StartServer(options);
  const std::string id = FinishedTable();
  const Json record = Http(port(), "GET", "/api/tables/" + id + "/record").json();
  ASSERT_TRUE(Eventually([&] { return server_->tables_in_memory() == 0; })) << "evicted";
  const HttpReply summary = Http(port(), "GET", "/api/tables/" + id);
  EXPECT_EQ(summary.status, 200);
  EXPECT_EQ(summary.json()["status"], "finished");
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + id + "/record").json(), record);
  WsClient watcher(port());
  watcher.Request({{"type", "spectate"}, {"table", id}}, "spectating");
  const Json state = watcher.ReceiveType("state");
  EXPECT_EQ(state["status"], "finished");
  EXPECT_EQ(state["result"], record["result"]);
  EXPECT_EQ(server_->tables_in_memory(), 1u) << "back while watched";
  watcher.Close();
  EXPECT_TRUE(Eventually([&] { return server_->tables_in_memory() == 0; })) << "and out again";
  // Unknown and malformed ids find nothing, in memory or in the store.
  for (const std::string bad : {"000000000000", "ZZZ", "..", "%2e%2e", "1'%20OR%20'1'='1"})
    EXPECT_EQ(Http(port(), "GET", "/api/tables/" + bad).status, 404) << bad;
}

TEST_F(HostileLobbyTest, IdlePlayingTablesLeaveMemoryAndComeBackWhenRejoined) {
  server::ServerOptions options = Quick();
  options.lobby.dormant_after = 0.3;
  StartServer(options);
  const std::string id = CreateTable("kariba(players=2)", {"human", "random"})["id"];
  const std::string token =
      Http(port(), "POST", "/api/tables/" + id + "/join", Json::object()).json()["token"];
  ASSERT_TRUE(Eventually([&] { return server_->tables_in_memory() == 0; }));
  EXPECT_EQ(Http(port(), "GET", "/api/tables").json()["tables"].size(), 0u);
  WsClient player(port());
  const Json joined =
      player.Request({{"type", "rejoin"}, {"table", id}, {"token", token}}, "joined");
  ASSERT_EQ(joined.value("type", ""), "joined") << joined.dump();
  const Json state = player.ReceiveType("state");
  ASSERT_TRUE(state.contains("legal"));
  EXPECT_EQ(player.Request({{"type", "act"}, {"action", state["legal"][0]}}, "ack")["index"], 0);
}

TEST_F(HostileLobbyTest, TheTableLimitIsNotFullForGoodAfterARestart) {
  server::ServerOptions options = Quick();
  options.lobby.max_tables = 3;
  // Filled with an hour's expiry (however slow the machine, nothing expires before the limit is
  // seen full), restarted with one second's after more than a second.
  options.lobby.waiting_expiry = 3600;
  StartServer(options);
  for (int i = 0; i < 3; ++i) CreateTable("kariba(players=2)", {"human", "human"});
  const HttpReply full = Http(port(), "POST", "/api/tables",
                              Json{{"game", "kariba(players=2)"}, {"seats", {"human", "human"}}});
  EXPECT_EQ(full.status, 503);
  EXPECT_EQ(full.code(), "too_many_tables");
  server_->Stop();
  server_.reset();
  std::this_thread::sleep_for(milliseconds(1100));
  options.lobby.waiting_expiry = 1;
  StartServer(options);
  EXPECT_TRUE(Eventually([&] { return server_->tables_in_memory() == 0; }))
      << "the waiting tables expired at start";
  EXPECT_EQ(CreateTable("kariba(players=2)", {"human", "human"})["status"], "waiting");
}

TEST_F(HostileLobbyTest, FinishedTablesPastTheRetentionPeriodAreDeleted) {
  server::ServerOptions options = Quick();
  StartServer(options);
  const std::string old_game = FinishedTable();
  server_->Stop();
  server_.reset();
  std::this_thread::sleep_for(milliseconds(1100));
  options.lobby.retention_days = 0.5 / 86400;  // half a second
  StartServer(options);
  const std::string new_game = FinishedTable();
  EXPECT_TRUE(Eventually([&] {
    return Http(port(), "GET", "/api/tables/" + old_game).status == 404;
  })) << "deleted by the retention sweep at start";
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + new_game).status, 200)
      << "the retention sweep runs hourly: the new game is still there";
}

}  // namespace
}  // namespace savanna::testing
