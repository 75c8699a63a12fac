// The HTTP API, seats and tokens (join, leave, rejoin, spectate, replacement by an agent), and
// bad input of every kind: each gets a JSON error naming what was wrong, the table is unchanged
// and the server stays up. No error reveals another seat's options.
#include <fstream>
#include <thread>

#include "core/rng.h"
#include "games/registry.h"
#include "server/server_test_util.h"
#include "server/table.h"

namespace savanna::testing {
namespace {

using std::chrono::milliseconds;

// The error reply's code, or "" when the message is not an error.
std::string Code(const Json& m) {
  return m.is_object() && m.value("type", "") == "error" ? m.value("code", "") : "";
}

class ServerApiTest : public ServerTest {
 protected:
  // A two-human Kariba table with both seats joined; seat 0 acts first.
  struct Duel {
    std::string id;
    std::unique_ptr<WsClient> a, b;
    std::string token_a, token_b;
  };
  Duel StartDuel() {
    Duel d;
    d.id = CreateTable("kariba(players=2)", {"human", "human"})["id"];
    d.a = std::make_unique<WsClient>(port());
    d.b = std::make_unique<WsClient>(port());
    d.token_a = JoinSeat(*d.a, d.id, 0)["token"];
    d.token_b = JoinSeat(*d.b, d.id, 1)["token"];
    // Until each has seen the game start.
    for (WsClient* c : {d.a.get(), d.b.get()}) {
      Json m;
      do m = c->ReceiveType("state");
      while (!m.is_null() && m["status"] != "playing");
    }
    return d;
  }
  size_t Actions(const std::string& id) {
    return Http(port(), "GET", "/api/tables/" + id).json()["actions"].get<size_t>();
  }
};

TEST_F(ServerApiTest, GamesAgentsAndTheIndexPage) {
  StartServer();
  const HttpReply games = Http(port(), "GET", "/api/games");
  ASSERT_EQ(games.status, 200);
  EXPECT_EQ(games.content_type, "application/json");
  ASSERT_EQ(games.json().size(), Games().entries().size());
  for (size_t i = 0; i < Games().entries().size(); ++i)
    EXPECT_EQ(games.json()[i]["name"], Games().entries()[i].info.name);
  const HttpReply agents = Http(port(), "GET", "/api/agents");
  ASSERT_EQ(agents.status, 200);
  EXPECT_EQ(agents.json()[0]["name"], "random");

  const std::string id = CreateTable("kariba(players=3)", {"human", "random", "human"})["id"];
  const HttpReply page = Http(port(), "GET", "/");
  ASSERT_EQ(page.status, 200);
  EXPECT_EQ(page.content_type, "text/html; charset=utf-8");
  for (const GameEntry& entry : Games().entries())
    EXPECT_NE(page.body.find(entry.info.title), std::string::npos) << entry.info.title;
  EXPECT_NE(page.body.find(id), std::string::npos) << "the open table is listed";

  EXPECT_EQ(Http(port(), "GET", "/api/nothing").status, 404);
  EXPECT_EQ(Http(port(), "GET", "/missing.js").status, 404);
  EXPECT_EQ(Http(port(), "DELETE", "/api/tables").status, 405);
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + id + "/join").status, 405);
  EXPECT_EQ(Code(Http(port(), "GET", "/api/tables/nope").json()), "unknown_table");
}

TEST_F(ServerApiTest, RematchMakesOneNewTableLikeTheFinishedOne) {
  StartServer();
  // Not before the game is over.
  const std::string open = CreateTable("kariba(players=2)", {"human", "random"})["id"];
  EXPECT_EQ(Code(Http(port(), "POST", "/api/tables/" + open + "/rematch").json()), "not_finished");
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + open + "/rematch").status, 405);
  EXPECT_EQ(Code(Http(port(), "POST", "/api/tables/nope/rematch").json()), "unknown_table");

  // Two agents play a table to its end while a spectator watches it.
  const Json created = CreateTable("kariba(players=2)", {"random", "random(seed=3)"});
  const std::string id = created["id"];
  WsClient watcher(port());
  ASSERT_EQ(watcher.Request({{"type", "spectate"}, {"table", id}}, "spectating")["type"],
            "spectating");
  Json state;
  do state = watcher.ReceiveType("state");
  while (!state.is_null() && state["status"] != "finished");
  ASSERT_FALSE(state.is_null()) << "the agents' game did not finish";
  EXPECT_TRUE(state["rematch"].is_null());

  EXPECT_EQ(Code(Http(port(), "POST", "/api/tables/" + id + "/rematch", std::string(R"({"x": 1})"))
                     .json()),
            "bad_request");
  const HttpReply first = Http(port(), "POST", "/api/tables/" + id + "/rematch");
  ASSERT_EQ(first.status, 200) << first.body;
  const std::string rematch = first.json()["id"];
  EXPECT_NE(rematch, id);
  EXPECT_EQ(first.json()["game"], created["game"]);
  // The seats move round by one: seat 1's player sits in seat 0 of the rematch (and seat 0's in
  // seat 1), so the other player starts.
  EXPECT_EQ(first.json()["seats"][0]["agent"], "random(seed=3)");
  EXPECT_EQ(first.json()["seats"][1]["agent"], "random");
  EXPECT_EQ(first.json()["options"], created["options"]);
  // Later requests get the same table; the old table and its connections name it.
  EXPECT_EQ(Http(port(), "POST", "/api/tables/" + id + "/rematch").json()["id"], rematch);
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + id).json()["rematch"], rematch);
  state = watcher.ReceiveType("state");
  ASSERT_FALSE(state.is_null());
  EXPECT_EQ(state["rematch"], rematch);
  EXPECT_TRUE(Http(port(), "GET", "/api/tables/" + rematch).json()["rematch"].is_null());
}

TEST_F(ServerApiTest, WebFolderIsServedWithoutEscaping) {
  TempDir web;
  std::filesystem::create_directories(web.Path("web/assets"));
  std::ofstream(web.Path("web/index.html")) << "<html>built UI</html>";
  std::ofstream(web.Path("web/assets/app.js")) << "let x = 1;";
  std::ofstream(web.Path("secret.txt")) << "secret";
  server::ServerOptions options;
  options.web_dir = web.Path("web");
  StartServer(options);
  EXPECT_EQ(Http(port(), "GET", "/").body, "<html>built UI</html>");
  const HttpReply js = Http(port(), "GET", "/assets/app.js");
  EXPECT_EQ(js.status, 200);
  EXPECT_EQ(js.content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(Http(port(), "GET", "/../secret.txt").status, 404);
  EXPECT_EQ(Http(port(), "GET", "/assets/../../secret.txt").status, 404);
  EXPECT_EQ(Http(port(), "GET", "/%2e%2e/secret.txt").status, 404);
}

TEST_F(ServerApiTest, CreateTableChecksEverything) {
  StartServer();
  auto create = [&](const std::string& body) { return Http(port(), "POST", "/api/tables", body); };
  const struct {
    std::string body, code, words;
  } cases[] = {
      {"{not json", "bad_json", "not valid JSON"},
      {"[1, 2]", "bad_json", "object"},
      {R"j({"game": "kariba", "seats": ["human"], "colour": "red"})j", "bad_request",
       "unknown field 'colour'"},
      {R"j({"seats": ["human", "human"]})j", "bad_request", "'game'"},
      {R"j({"game": "chess", "seats": ["human", "human"]})j", "not_found", "chess"},
      {R"j({"game": "kariba(players=9)", "seats": []})j", "invalid_argument", "players"},
      {R"j({"game": "kariba(players=2)", "seats": ["human"]})j", "bad_request", "2 entries"},
      {R"j({"game": "kariba(players=2)", "seats": ["human", "wizard"]})j", "not_found", "wizard"},
      {R"j({"game": "kariba(players=2)", "seats": ["human", 3]})j", "bad_request", "agent spec"},
      {R"j({"game": "kariba(players=2,data=/etc/passwd)", "seats": ["human", "human"]})j",
       "bad_request", "'data'"},
      {R"j({"game": "kariba(players=2)", "seats": ["human", "policy(net=/etc/passwd)"]})j",
       "bad_request", "seat 1: policy net=/etc/passwd: names a file on the server"},
      {R"j({"game": "kariba", "seats": ["human"], "options": {"speed": 1}})j", "bad_request",
       "unknown field 'speed'"},
      {R"j({"game": "kariba(players=2)", "seats": ["human", "human"], "options": {"ai_seconds": -1}})j",
       "bad_request", "ai_seconds"},
      {R"j({"game": "kariba(players=2)", "seats": ["human", "human"], "options": {"replacement": "wizard"}})j",
       "bad_request", "wizard"},
  };
  for (const auto& c : cases) {
    const HttpReply r = create(c.body);
    EXPECT_EQ(r.status / 100, 4) << c.body;
    EXPECT_EQ(Code(r.json()), c.code) << c.body << " -> " << r.body;
    EXPECT_NE(r.json().value("message", "").find(c.words), std::string::npos) << r.body;
  }
  // The policy agent needs the game's net; while a game ships none, a seat for it is refused at
  // once with the reason.
  if (Games().Create("kariba(players=2)").value()->ShippedNet().empty()) {
    const HttpReply r = create(R"j({"game": "kariba(players=2)", "seats": ["human", "policy"]})j");
    EXPECT_EQ(r.status, 400) << r.body;
    EXPECT_NE(r.json().value("message", "").find("seat 1: kariba ships no net"), std::string::npos)
        << r.body;
  }
  EXPECT_TRUE(Http(port(), "GET", "/api/tables").json()["tables"].empty()) << "nothing created";
  const HttpReply big = create(std::string(options_.max_message_bytes + 10, ' '));
  EXPECT_EQ(big.status, 413);
  EXPECT_EQ(Code(big.json()), "message_too_big");
  EXPECT_EQ(Http(port(), "GET", "/api/games").status, 200) << "still up";
}

TEST_F(ServerApiTest, TablesListJoinLeaveAndRecord) {
  StartServer();
  const Json t = CreateTable("kariba(players=3)", {"human", "random", "human"},
                             {{"ai_seconds", 2.5}, {"replace_after", 30}});
  const std::string id = t["id"];
  EXPECT_EQ(t["status"], "waiting");
  EXPECT_EQ(t["options"]["ai_seconds"], 2.5);
  EXPECT_EQ(t["seats"][1]["agent"], "random") << "as requested: never the seeded spec";
  EXPECT_EQ(t.dump().find("seed"), std::string::npos);
  EXPECT_EQ(Http(port(), "GET", "/api/tables").json()["tables"][0]["id"], id);

  const HttpReply joined =
      Http(port(), "POST", "/api/tables/" + id + "/join", Json{{"name", "Ada"}});
  ASSERT_EQ(joined.status, 200) << joined.body;
  EXPECT_EQ(joined.json()["seat"], 0);
  const std::string token = joined.json()["token"];
  EXPECT_EQ(token.size(), 64U) << token;
  EXPECT_EQ(token.find_first_not_of("0123456789abcdef"), std::string::npos) << token;
  const HttpReply second = Http(port(), "POST", "/api/tables/" + id + "/join", Json::object());
  EXPECT_EQ(second.json()["seat"], 2);
  EXPECT_NE(second.json()["token"], token);
  EXPECT_EQ(Code(Http(port(), "POST", "/api/tables/" + id + "/join", Json::object()).json()),
            "no_free_seat");
  EXPECT_EQ(Code(Http(port(), "POST", "/api/tables/" + id + "/join", Json{{"seat", 1}}).json()),
            "seat_taken");
  EXPECT_EQ(Code(Http(port(), "POST", "/api/tables/" + id + "/join", Json{{"seat", 7}}).json()),
            "bad_request");
  const Json summary = Http(port(), "GET", "/api/tables/" + id).json();
  EXPECT_EQ(summary["seats"][0]["name"], "Ada");
  EXPECT_EQ(summary["seats"][2]["name"], "Guest 3") << "no name given: the seat counted from 1";
  EXPECT_EQ(summary["status"], "playing");
  EXPECT_EQ(summary.dump().find(token), std::string::npos);
  EXPECT_EQ(Code(Http(port(), "GET", "/api/tables/" + id + "/record").json()), "not_finished");

  EXPECT_EQ(Code(Http(port(), "POST", "/api/tables/" + id + "/leave", Json{{"token", "x"}}).json()),
            "bad_token");
  const HttpReply left =
      Http(port(), "POST", "/api/tables/" + id + "/leave", Json{{"token", token}});
  EXPECT_EQ(left.json()["seat"], 0);
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + id).json()["seats"][0]["taken"], false);
  WsClient c(port());
  EXPECT_EQ(Code(c.Request({{"type", "rejoin"}, {"table", id}, {"token", token}}, "joined")),
            "bad_token")
      << "a token given up no longer works";
}

TEST_F(ServerApiTest, RejoinAfterADisconnectGetsTheSameSeatAndView) {
  StartServer();
  Duel d = StartDuel();
  const Json before = d.b->last_state();
  d.b->Close();
  WsClient again(port());
  const Json joined =
      again.Request({{"type", "rejoin"}, {"table", d.id}, {"token", d.token_b}}, "joined");
  ASSERT_EQ(joined["seat"], 1) << joined.dump();
  EXPECT_FALSE(joined.contains("token"));
  const Json state = again.ReceiveType("state");
  EXPECT_EQ(state["view"], before["view"]);
  EXPECT_EQ(state["viewer"], 1);
  // The spectator's view has no legal actions and is the public one.
  WsClient watcher(port());
  watcher.Request({{"type", "spectate"}, {"table", d.id}}, "spectating");
  const Json public_state = watcher.ReceiveType("state");
  EXPECT_EQ(public_state["viewer"], "spectator");
  EXPECT_FALSE(public_state.contains("legal"));
}

TEST_F(ServerApiTest, RejoinAndJoinSendTheirSeatOneStateMessage) {
  StartServer();
  Duel d = StartDuel();  // seat 0 owes the first action
  d.a->Close();
  WsClient again(port());
  again.Request({{"type", "rejoin"}, {"table", d.id}, {"token", d.token_a}}, "joined");
  int states = 0, with_legal = 0;
  for (Json m = again.Receive(milliseconds(500)); !m.is_null();
       m = again.Receive(milliseconds(500)))
    if (m["type"] == "state") {
      ++states;
      with_legal += m.contains("legal") ? 1 : 0;
    }
  EXPECT_EQ(states, 1) << "a simple client acts once per state message that asks it to";
  EXPECT_EQ(with_legal, 1);
  // The other seat hears that seat 0 is connected again.
  Json m;
  do m = d.b->ReceiveType("state", true, milliseconds(2000));
  while (!m.is_null() && !m["seats"][0]["connected"].get<bool>());
  EXPECT_FALSE(m.is_null());

  const std::string id = CreateTable("kariba(players=2)", {"human", "random"})["id"];
  WsClient joiner(port());
  JoinSeat(joiner, id, 0);
  states = 0;
  for (Json r = joiner.Receive(milliseconds(500)); !r.is_null();
       r = joiner.Receive(milliseconds(500)))
    states += r["type"] == "state" && r.contains("legal") ? 1 : 0;
  EXPECT_EQ(states, 1);
}

TEST_F(ServerApiTest, BadMessagesGetErrorsAndChangeNothing) {
  server::ServerOptions options;
  options.max_message_bytes = 4096;
  StartServer(options);
  Duel d = StartDuel();
  WsClient& a = *d.a;
  WsClient& b = *d.b;
  const std::vector<std::string> legal_a = a.last_state()["legal"];
  const Json view_before = a.last_state()["view"];
  const struct {
    std::string text, code, words;
  } cases[] = {
      {"{oops", "bad_json", "not valid JSON"},
      {"42", "bad_json", "object"},
      {R"j({"action": "draw"})j", "bad_request", "'type'"},
      {R"j({"type": "dance"})j", "bad_request", "unknown message type 'dance'"},
      {R"j({"type": "act", "action": "play 1 zebra", "hurry": true})j", "bad_request",
       "unknown field 'hurry'"},
      {R"j({"type": "act"})j", "bad_request", "'action'"},
      {R"j({"type": "act", "action": 5})j", "bad_request", "'action'"},
      {R"j({"type": "spectate", "table": "no-such-table"})j", "unknown_table", "no table"},
      {R"j({"type": "ping", "id": {"x": 1}})j", "bad_request", "'id'"},
      {R"j({"type": "act", "action": "fly away", "id": 9})j", "illegal_action", "'fly away'"},
  };
  for (const auto& c : cases) {
    ASSERT_TRUE(a.SendText(c.text));
    const Json reply = a.ReceiveType("error");
    EXPECT_EQ(Code(reply), c.code) << c.text << " -> " << reply.dump();
    EXPECT_NE(reply.value("message", "").find(c.words), std::string::npos) << reply.dump();
  }
  // The id of a request comes back with its error.
  ASSERT_TRUE(a.Send({{"type", "act"}, {"action", "fly away"}, {"id", "x7"}}));
  EXPECT_EQ(a.ReceiveType("error")["id"], "x7");

  // Out of turn: seat 1 may not act, and its error names none of seat 0's options.
  const Json out_of_turn = b.Request({{"type", "act"}, {"action", legal_a[0]}}, "ack");
  EXPECT_EQ(Code(out_of_turn), "illegal_action");
  EXPECT_NE(out_of_turn["message"].get<std::string>().find("not to act"), std::string::npos);
  for (const std::string& action : legal_a)
    EXPECT_EQ(out_of_turn.dump().find(action), std::string::npos) << action;
  // A wrong token, and acting without a seat.
  WsClient stranger(port());
  EXPECT_EQ(Code(stranger.Request(
                {{"type", "rejoin"}, {"table", d.id}, {"token", std::string(64, 'a')}}, "joined")),
            "bad_token");
  EXPECT_EQ(Code(stranger.Request({{"type", "act"}, {"action", legal_a[0]}}, "ack")), "not_seated");
  // Binary frames and oversized messages.
  ASSERT_TRUE(a.SendBinary("{}"));
  EXPECT_EQ(Code(a.ReceiveType("error")), "bad_request");
  ASSERT_TRUE(a.SendText(std::string(5000, ' ')));
  EXPECT_EQ(Code(a.ReceiveType("error")), "message_too_big");

  // Nothing changed: no action was stored, seat 0's view and options are as before.
  EXPECT_EQ(Actions(d.id), 0u);
  WsClient again(port());
  again.Request({{"type", "rejoin"}, {"table", d.id}, {"token", d.token_a}}, "joined");
  const Json state = again.ReceiveType("state");
  EXPECT_EQ(state["view"], view_before);
  EXPECT_EQ(state["legal"].get<std::vector<std::string>>(), legal_a);
  // And the table still plays.
  EXPECT_EQ(a.Request({{"type", "act"}, {"action", legal_a[0]}}, "ack")["index"], 0);
}

TEST_F(ServerApiTest, HugeMessageClosesOnlyThatConnection) {
  StartServer();
  WsClient a(port());
  // The send itself may fail: the server closes as soon as it has read the frame's length.
  a.SendText(std::string(2 << 20, 'x'));
  EXPECT_TRUE(a.Receive(milliseconds(5000)).is_null()) << "closed";
  WsClient b(port());
  EXPECT_EQ(b.Request({{"type", "ping"}, {"id", 1}}, "pong")["type"], "pong");
}

TEST_F(ServerApiTest, FloodIsRateLimitedAndTheServerStaysUp) {
  server::ServerOptions options;
  options.messages_per_second = 10;
  options.message_burst = 10;
  StartServer(options);
  Duel d = StartDuel();
  for (int i = 0; i < 60; ++i) ASSERT_TRUE(d.b->Send({{"type", "act"}, {"action", "x"}}));
  int limited = 0, answered = 0;
  for (int i = 0; i < 60; ++i) {
    const Json m = d.b->ReceiveType("error");
    ASSERT_FALSE(m.is_null());
    limited += Code(m) == "rate_limited" ? 1 : 0;
    answered += Code(m) == "illegal_action" ? 1 : 0;
  }
  EXPECT_GE(limited, 40);
  EXPECT_LE(answered, 20);
  EXPECT_EQ(Actions(d.id), 0u);
  std::this_thread::sleep_for(milliseconds(300));
  EXPECT_EQ(d.b->Request({{"type", "ping"}}, "pong")["type"], "pong") << "served again";
  EXPECT_EQ(d.a->Request({{"type", "ping"}}, "pong")["type"], "pong") << "others unaffected";
}

TEST_F(ServerApiTest, NothingMovesBeforeEveryHumanSeatIsTaken) {
  StartServer();
  const std::string id = CreateTable("kariba(players=2)", {"random", "human"})["id"];
  std::this_thread::sleep_for(milliseconds(100));
  EXPECT_EQ(Actions(id), 0u) << "the agent waits for the human";
  WsClient a(port());
  JoinSeat(a, id, 1);
  Json m;
  do m = a.ReceiveType("state");
  while (!m.is_null() && !m.contains("legal"));
  EXPECT_EQ(m["actions"], 1) << "the agent moved first, then seat 1 was asked";
}

TEST_F(ServerApiTest, VacantSeatIsTakenByAnAgentAfterTheTimeout) {
  StartServer();
  const std::string id = CreateTable("kariba(players=2)", {"human", "human"},
                                     {{"replace_after", 0.3}, {"replacement", "random"}})["id"];
  WsClient a(port());
  auto b = std::make_unique<WsClient>(port());
  const std::string token_a = JoinSeat(a, id, 0)["token"];
  const std::string token_b = JoinSeat(*b, id, 1)["token"];
  b.reset();  // seat 1 disconnects and never comes back
  // Seat 0 plays; seat 1 is replaced and the agent answers until the game ends.
  Rng rng(3);
  int acts = 0;
  while (true) {
    const Json m = a.Receive(std::chrono::seconds(10));
    ASSERT_FALSE(m.is_null());
    if (m["type"] != "state") continue;
    if (m["status"] == "finished") break;
    if (!m.contains("legal")) continue;
    const std::vector<std::string> legal = m["legal"];
    ASSERT_EQ(a.Request({{"type", "act"}, {"action", legal[rng.Below(uint32_t(legal.size()))]}},
                        "ack")["type"],
              "ack");
    ++acts;
  }
  EXPECT_GT(acts, 5);
  const Json summary = Http(port(), "GET", "/api/tables/" + id).json();
  EXPECT_EQ(summary["seats"][1]["player"], "agent");
  EXPECT_EQ(summary["seats"][1]["agent"], "random");
  EXPECT_EQ(summary["seats"][0]["player"], "human");
  WsClient late(port());
  EXPECT_EQ(Code(late.Request({{"type", "rejoin"}, {"table", id}, {"token", token_b}}, "joined")),
            "bad_token");
}

}  // namespace
}  // namespace savanna::testing
