// Hostile clients, class 3 continued: floods. Each client (a loopback address: 127.0.0.2 is the
// attacker, 127.0.0.3 the honest client) has its own request, creation and join rates; a flood
// gets 429 with Retry-After and changes nothing, and the honest client is served meanwhile. A
// forged X-Forwarded-For does not help, and behind a trusted proxy its header names the client.
#include <chrono>
#include <thread>

#include "server/raw_client.h"
#include "server/server_test_util.h"
#include "testing/test_games.h"

namespace savanna::testing {
namespace {

Json TableRequest() { return {{"game", "kariba(players=2)"}, {"seats", {"human", "human"}}}; }

class HostileFloodTest : public ServerTest {};

TEST_F(HostileFloodTest, ARequestFloodGets429WhileOthersAreServed) {
  server::ServerOptions options;
  options.requests_per_second = 5;
  options.request_burst = 10;
  StartServer(options);
  int refused = 0, served = 0;
  for (int i = 0; i < 40; ++i) {
    const HttpReply r = HttpFrom(kAttacker, port(), "GET", "/api/games");
    if (r.status == 429) {
      ++refused;
      EXPECT_EQ(r.code(), "rate_limited");
      EXPECT_GE(std::stoi(r.retry_after), 1);
    } else {
      EXPECT_EQ(r.status, 200);
      ++served;
    }
  }
  EXPECT_GE(refused, 25);
  EXPECT_LE(served, 15);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(HttpFrom(kHonest, port(), "GET", "/api/games").status, 200);
  // The WebSocket upgrade counts as a request too.
  WsClient late(port(), kAttacker);
  EXPECT_FALSE(late.connected());
}

TEST_F(HostileFloodTest, TableCreationIsLimitedPerClientAndBadRequestsDoNotCount) {
  server::ServerOptions options;
  options.tables_per_minute = 3;
  StartServer(options);
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(HttpFrom(kAttacker, port(), "POST", "/api/tables", "{\"game\": \"nope\"}").status,
              400);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(HttpFrom(kAttacker, port(), "POST", "/api/tables", TableRequest().dump()).status,
              201);
  const HttpReply refused =
      HttpFrom(kAttacker, port(), "POST", "/api/tables", TableRequest().dump());
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.code(), "rate_limited");
  EXPECT_GE(std::stoi(refused.retry_after), 10) << "a creation comes back every 20 s";
  EXPECT_EQ(Http(port(), "GET", "/api/tables").json()["tables"].size(), 3u) << "nothing made";
  EXPECT_EQ(HttpFrom(kHonest, port(), "POST", "/api/tables", TableRequest().dump()).status, 201);
}

TEST_F(HostileFloodTest, SeatTakingIsLimitedPerClientOverHttpAndWebSocket) {
  server::ServerOptions options;
  options.joins_per_minute = 2;
  StartServer(options);
  std::vector<std::string> ids;
  for (int i = 0; i < 4; ++i)
    ids.push_back(CreateTable("kariba(players=2)", {"human", "human"})["id"]);
  for (int i = 0; i < 2; ++i)
    EXPECT_EQ(HttpFrom(kAttacker, port(), "POST", "/api/tables/" + ids[0] + "/join", "{}").status,
              200);
  const HttpReply refused = HttpFrom(kAttacker, port(), "POST", "/api/tables/" + ids[1] + "/join");
  EXPECT_EQ(refused.status, 429);
  EXPECT_FALSE(refused.retry_after.empty());
  WsClient attacker(port(), kAttacker);
  const Json ws = attacker.Request({{"type", "join"}, {"table", ids[1]}}, "joined");
  EXPECT_EQ(ws.value("code", ""), "rate_limited") << ws.dump();
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + ids[1]).json()["seats"][0]["taken"], false);
  WsClient honest(port(), kHonest);
  EXPECT_EQ(honest.Request({{"type", "join"}, {"table", ids[1]}}, "joined")["type"], "joined");
}

TEST_F(HostileFloodTest, AMessageFloodOnOneConnectionLeavesTheOthersServed) {
  server::ServerOptions options;
  options.messages_per_second = 10;
  options.message_burst = 10;
  StartServer(options);
  WsClient attacker(port(), kAttacker);
  WsClient honest(port(), kHonest);
  for (int i = 0; i < 300; ++i) attacker.Send({{"type", "ping"}});
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(honest.Request({{"type", "ping"}, {"id", 1}}, "pong")["id"], 1);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(1000));
  // The flood is refused message by message; after 200 refusals in a row the server hangs up.
  int limited = 0;
  for (Json m = attacker.Receive(milliseconds(2000)); !m.is_null();
       m = attacker.Receive(milliseconds(2000)))
    limited += m.value("code", "") == "rate_limited" ? 1 : 0;
  EXPECT_GE(limited, 50);
  EXPECT_FALSE(attacker.Send({{"type", "ping"}}) && !attacker.Receive(milliseconds(500)).is_null())
      << "the connection is closed";
}

TEST_F(HostileFloodTest, AForgedForwardedForDoesNotDodgeTheLimitsButATrustedProxysNamesTheClient) {
  server::ServerOptions options;
  options.requests_per_second = 1;
  options.request_burst = 3;
  options.trusted_proxy = "127.0.0.1";
  StartServer(options);
  // An attacker that is not the proxy: the header is ignored, its own address is limited.
  int refused = 0;
  for (int i = 0; i < 10; ++i)
    refused += StatusOf(RawRequest(port(), "GET", "/api/games",
                                   "X-Forwarded-For: 10.0.0." + std::to_string(i) + "\r\n", "",
                                   kAttacker)) == 429;
  EXPECT_GE(refused, 6);
  // Through the proxy: each forwarded address is a client of its own.
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(StatusOf(RawRequest(port(), "GET", "/api/games", "X-Forwarded-For: 1.2.3.4\r\n")),
              200);
  EXPECT_EQ(StatusOf(RawRequest(port(), "GET", "/api/games", "X-Forwarded-For: 1.2.3.4\r\n")), 429);
  EXPECT_EQ(
      StatusOf(RawRequest(port(), "GET", "/api/games", "X-Forwarded-For: 9.9.9.9, 5.6.7.8\r\n")),
      200)
      << "the last address, the one the proxy saw";
}

// A rematch that makes a table counts as a creation, every time: once the last rematch table
// was gone (expired while it waited), the next rematch used to make a new one past the limit.
TEST_F(HostileFloodTest, EveryRematchThatMakesATableCountsAgainstTheCreationLimit) {
  server::ServerOptions options;
  options.tables_per_minute = 2;
  // Long enough that the rematch asked twice in a row is still waiting on a loaded machine.
  options.lobby.waiting_expiry = 2;
  options.lobby.sweep_seconds = 0.05;
  StartServer(options, &TestGames());
  const Json request = {{"game", "sealed_bids(cards=1)"}, {"seats", {"human", "random"}}};
  const HttpReply made = HttpFrom(kAttacker, port(), "POST", "/api/tables", request.dump());
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string id = made.json()["id"];
  WsClient player(port(), kAttacker);
  ASSERT_EQ(JoinSeat(player, id, 0).value("type", ""), "joined");
  ASSERT_EQ(player.Request({{"type", "act"}, {"action", "bid 1"}}, "ack").value("type", ""), "ack");
  for (int i = 0;
       i < 100 && Http(port(), "GET", "/api/tables/" + id).json()["status"] != "finished"; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const std::string rematch = "/api/tables/" + id + "/rematch";
  const HttpReply first = HttpFrom(kAttacker, port(), "POST", rematch, "{}");
  ASSERT_EQ(first.status, 200) << first.body;
  const std::string first_id = first.json()["id"];
  EXPECT_EQ(HttpFrom(kAttacker, port(), "POST", rematch, "{}").json()["id"], first_id)
      << "asking again names the same table and makes none";
  for (int i = 0; i < 400 && Http(port(), "GET", "/api/tables/" + first_id).status != 404; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_EQ(Http(port(), "GET", "/api/tables/" + first_id).status, 404) << "it expired";
  const HttpReply again = HttpFrom(kAttacker, port(), "POST", rematch, "{}");
  EXPECT_EQ(again.status, 429) << again.body;
  EXPECT_EQ(again.code(), "rate_limited");
}

}  // namespace
}  // namespace savanna::testing
