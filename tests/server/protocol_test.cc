// The server's protocol without sockets: the WebSocket conversation (ws_conversation.h) and the
// HTTP API (http_api.h) driven in process over a lobby on the in-memory store, their network
// work run on this thread. What a client sends goes in as a message or a request; what the
// protocol answers is read back as JSON.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <memory>
#include <string>
#include <vector>

#include "games/registry.h"
#include "server/agent_scheduler.h"
#include "server/http_api.h"
#include "server/lobby.h"
#include "server/memory_store.h"
#include "server/ws_conversation.h"

namespace savanna::server {
namespace {

// A lobby over the in-memory store whose network work runs when Drain() is called.
class InProcessServer {
 public:
  InProcessServer()
      : store_(MemoryStore()),
        agents_({1, std::chrono::milliseconds(1), 1, 0}),
        lobby_(Games(), {store_.get(), net_.get_executor(), &agents_, {}}, {}),
        api_(lobby_, StaticFiles()) {}
  ~InProcessServer() {
    lobby_.CloseAll();
    Drain();
    agents_.Stop();
  }

  // Runs every piece of network work queued, and what it queues in turn.
  void Drain() {
    for (int round = 0; round < 1000; ++round) {
      net_.restart();
      if (net_.poll() == 0) return;
    }
    ADD_FAILURE() << "the network work never ends";
  }

  // An HTTP request answered in process (the reply may wait for network work).
  HttpResponse Http(const std::string& method, const std::string& target,
                    const std::string& body = "") {
    std::optional<HttpResponse> response;
    api_.Handle({method, target, body, "client"}, [&](HttpResponse r) { response = std::move(r); });
    Drain();
    EXPECT_TRUE(response.has_value()) << method << " " << target << " got no response";
    return response.value_or(HttpResponse{0, "", "", nullptr, {}});
  }

  // Creates a table of `game` with every seat human; returns its summary with "creator_token".
  Json CreateTable(const std::string& game, int seats) {
    const Json request = {{"game", game},
                          {"seats", std::vector<std::string>(size_t(seats), "human")}};
    const HttpResponse created = Http("POST", "/api/tables", request.dump());
    EXPECT_EQ(created.status, 201) << created.body;
    return Json::parse(created.body);
  }

  boost::asio::io_context& net() { return net_; }
  Lobby& lobby() { return lobby_; }

 private:
  boost::asio::io_context net_;
  std::unique_ptr<TableStore> store_;
  AgentScheduler agents_;
  Lobby lobby_;
  HttpApi api_;
};

// A WebSocket conversation whose transport keeps every message it is given.
class RecordingConnection final : public WsConversation {
 public:
  RecordingConnection(InProcessServer& server, WsLimits limits = {}, RateLimiter* joins = nullptr)
      : WsConversation(server.lobby(), limits, joins, "client"), server_(server) {}

  // Handles `message` as a text frame, runs what it started, and returns the replies it caused
  // (and any other message that arrived meanwhile), oldest first.
  std::vector<Json> Say(const Json& message) { return SayText(message.dump()); }
  std::vector<Json> SayText(const std::string& text, bool is_text = true) {
    received_.clear();
    Handle(text, is_text);
    server_.Drain();
    return std::move(received_);
  }
  // The messages of `type` among `messages`.
  static std::vector<Json> OfType(const std::vector<Json>& messages, const std::string& type) {
    std::vector<Json> found;
    for (const Json& m : messages)
      if (m.value("type", "") == type) found.push_back(m);
    return found;
  }
  // The only reply of `type` in `messages`; fails the test when there is not exactly one.
  static Json One(const std::vector<Json>& messages, const std::string& type) {
    const std::vector<Json> found = OfType(messages, type);
    EXPECT_EQ(found.size(), 1u) << "replies of type " << type << " in " << Json(messages).dump();
    return found.empty() ? Json() : found.front();
  }

  bool closed_for_policy() const { return closed_for_policy_; }
  std::vector<Json> TakeReceived() { return std::move(received_); }

 protected:
  void Post(std::function<void()> work) override {
    boost::asio::post(server_.net(), std::move(work));
  }
  void Deliver(std::shared_ptr<const std::string> message) override {
    received_.push_back(Json::parse(*message));
  }
  void CloseForPolicy() override {
    closed_for_policy_ = true;
    Closed();
  }

 private:
  InProcessServer& server_;
  std::vector<Json> received_;
  bool closed_for_policy_ = false;
};

// The error code of a single error reply among `messages` ("" when there is none).
std::string ErrorCodeIn(const std::vector<Json>& messages) {
  const std::vector<Json> errors = RecordingConnection::OfType(messages, "error");
  return errors.size() == 1 ? errors[0].value("code", "") : "";
}

class ProtocolTest : public ::testing::Test {
 protected:
  std::shared_ptr<RecordingConnection> Connect(WsLimits limits = {}) {
    return std::make_shared<RecordingConnection>(server_, limits);
  }
  InProcessServer server_;
};

TEST_F(ProtocolTest, APingIsAnsweredWithItsId) {
  auto c = Connect();
  const Json pong = RecordingConnection::One(c->Say({{"type", "ping"}, {"id", 7}}), "pong");
  EXPECT_EQ(pong["id"], 7);
  EXPECT_EQ(RecordingConnection::One(c->Say({{"type", "ping"}, {"id", "x"}}), "pong")["id"], "x");
}

TEST_F(ProtocolTest, MalformedMessagesGetAnErrorNamingWhatWasWrong) {
  auto c = Connect();
  EXPECT_EQ(ErrorCodeIn(c->SayText("{not json")), "bad_json");
  EXPECT_EQ(ErrorCodeIn(c->SayText("[1, 2]")), "bad_json");
  EXPECT_EQ(ErrorCodeIn(c->SayText(R"({"type": "ping"})", /*is_text=*/false)), "bad_request");
  std::vector<Json> replies = c->Say({{"type", "dance"}, {"id", 3}});
  EXPECT_EQ(ErrorCodeIn(replies), "bad_request");
  EXPECT_NE(replies[0]["message"].get<std::string>().find("dance"), std::string::npos);
  EXPECT_EQ(replies[0]["id"], 3);
  replies = c->Say({{"type", "ping"}, {"colour", "red"}});
  EXPECT_NE(replies[0]["message"].get<std::string>().find("'colour'"), std::string::npos);
  replies = c->Say({{"type", "ping"}, {"id", Json::array()}});
  EXPECT_NE(replies[0]["message"].get<std::string>().find("'id'"), std::string::npos);
  replies = c->Say({{"type", 5}});
  EXPECT_NE(replies[0]["message"].get<std::string>().find("'type'"), std::string::npos);
  EXPECT_EQ(ErrorCodeIn(c->Say({{"type", "join"}, {"table", "ffffffffffff"}})), "unknown_table");
  EXPECT_FALSE(c->closed_for_policy());
}

TEST_F(ProtocolTest, AMessageOverTheSizeLimitIsRefusedUnread) {
  auto c = Connect({/*max_message_bytes=*/64, 20, 40});
  const std::string big = Json{{"type", "ping"}, {"id", std::string(100, 'x')}}.dump();
  EXPECT_EQ(ErrorCodeIn(c->SayText(big)), "message_too_big");
  EXPECT_EQ(RecordingConnection::OfType(c->Say({{"type", "ping"}}), "pong").size(), 1u);
}

TEST_F(ProtocolTest, AFloodIsRateLimitedAndThenClosed) {
  auto c = Connect({16 * 1024, /*messages_per_second=*/0.001, /*message_burst=*/2});
  const Json ping = {{"type", "ping"}};
  EXPECT_EQ(RecordingConnection::OfType(c->Say(ping), "pong").size(), 1u);
  EXPECT_EQ(RecordingConnection::OfType(c->Say(ping), "pong").size(), 1u);
  EXPECT_EQ(ErrorCodeIn(c->Say(ping)), "rate_limited");
  for (int i = 0; i < 300 && !c->closed_for_policy(); ++i) c->Say(ping);
  EXPECT_TRUE(c->closed_for_policy());
  EXPECT_TRUE(c->closed());
}

TEST_F(ProtocolTest, TwoPlayersJoinActAndHearEachOther) {
  const std::string id = server_.CreateTable("kariba(players=2)", 2)["id"];
  auto a = Connect(), b = Connect();
  std::vector<Json> replies = a->Say({{"type", "join"}, {"table", id}, {"seat", 0}, {"id", 1}});
  const Json joined = RecordingConnection::One(replies, "joined");
  EXPECT_EQ(joined["seat"], 0);
  EXPECT_EQ(joined["id"], 1);
  EXPECT_FALSE(joined["token"].get<std::string>().empty());
  EXPECT_EQ(RecordingConnection::One(replies, "state")["status"], "waiting");

  replies = b->Say({{"type", "join"}, {"table", id}, {"name", "Bo"}});
  EXPECT_EQ(RecordingConnection::One(replies, "joined")["seat"], 1);
  const Json b_state = RecordingConnection::One(replies, "state");
  EXPECT_EQ(b_state["status"], "playing");
  EXPECT_EQ(b_state["viewer"], 1);
  EXPECT_FALSE(b_state.contains("legal"));  // seat 0 acts first
  const Json a_state = RecordingConnection::One(a->TakeReceived(), "state");
  ASSERT_TRUE(a_state.contains("legal"));
  EXPECT_EQ(a_state["seats"][1]["name"], "Bo");

  EXPECT_EQ(ErrorCodeIn(b->Say({{"type", "act"}, {"action", a_state["legal"][0]}})),
            "illegal_action");
  EXPECT_EQ(ErrorCodeIn(a->Say({{"type", "act"}, {"action", "fly to the moon"}})),
            "illegal_action");
  const std::string action = a_state["legal"][0];
  replies = a->Say({{"type", "act"}, {"action", action}, {"id", "a1"}});
  const Json ack = RecordingConnection::One(replies, "ack");
  EXPECT_EQ(ack["index"], 0);
  EXPECT_EQ(ack["id"], "a1");
  const Json heard = RecordingConnection::One(b->TakeReceived(), "state");
  ASSERT_EQ(heard["log"].size(), 1u);
  EXPECT_EQ(heard["log"][0]["player"], 0);
  EXPECT_EQ(heard["actions"], 1);
  EXPECT_TRUE(heard.contains("legal"));
}

TEST_F(ProtocolTest, ActingNeedsASeatAndATokenThatStillHoldsIt) {
  const std::string id = server_.CreateTable("kariba(players=2)", 2)["id"];
  auto a = Connect();
  EXPECT_EQ(ErrorCodeIn(a->Say({{"type", "act"}, {"action", "x"}})), "not_seated");
  EXPECT_EQ(ErrorCodeIn(a->Say({{"type", "leave"}})), "not_seated");
  const std::string token = RecordingConnection::One(
      a->Say({{"type", "join"}, {"table", id}, {"seat", 0}}), "joined")["token"];
  EXPECT_EQ(ErrorCodeIn(a->Say({{"type", "act"}, {"action", "x"}})), "not_started");

  // A second connection comes back to the seat with its token; a wrong token gets nothing.
  auto again = Connect();
  EXPECT_EQ(ErrorCodeIn(again->Say({{"type", "rejoin"}, {"table", id}, {"token", "0123"}})),
            "bad_token");
  std::vector<Json> replies = again->Say({{"type", "rejoin"}, {"table", id}, {"token", token}});
  EXPECT_EQ(RecordingConnection::One(replies, "joined")["seat"], 0);
  EXPECT_FALSE(RecordingConnection::One(replies, "joined").contains("token"));

  // Leaving frees the seat: the token stops working on every connection that held it.
  replies = again->Say({{"type", "leave"}});
  EXPECT_EQ(RecordingConnection::One(replies, "left")["seat"], 0);
  EXPECT_EQ(ErrorCodeIn(again->Say({{"type", "act"}, {"action", "x"}})), "not_seated");
  EXPECT_EQ(ErrorCodeIn(a->Say({{"type", "act"}, {"action", "x"}})), "bad_token");
}

TEST_F(ProtocolTest, ASpectatorSeesThePublicViewAndMayNotAct) {
  const Json table = server_.CreateTable("kariba(players=2)", 2);
  auto watcher = Connect();
  const std::vector<Json> replies = watcher->Say({{"type", "spectate"}, {"table", table["id"]}});
  EXPECT_EQ(RecordingConnection::One(replies, "spectating")["table"], table["id"]);
  const Json state = RecordingConnection::One(replies, "state");
  EXPECT_EQ(state["viewer"], "spectator");
  EXPECT_FALSE(state.contains("legal"));
  EXPECT_EQ(ErrorCodeIn(watcher->Say({{"type", "act"}, {"action", "x"}})), "not_seated");
}

TEST_F(ProtocolTest, SeatTakingIsLimitedPerClient) {
  RateLimiter joins(/*per_second=*/0.001, /*burst=*/1);
  const std::string id = server_.CreateTable("kariba(players=3)", 3)["id"];
  auto c = std::make_shared<RecordingConnection>(server_, WsLimits{}, &joins);
  EXPECT_EQ(RecordingConnection::OfType(c->Say({{"type", "join"}, {"table", id}}), "joined").size(),
            1u);
  const std::vector<Json> replies = c->Say({{"type", "join"}, {"table", id}});
  EXPECT_EQ(ErrorCodeIn(replies), "rate_limited");
}

TEST_F(ProtocolTest, AConnectionClosedWhileTheTableAnswersFollowsNothing) {
  const std::string id = server_.CreateTable("kariba(players=2)", 2)["id"];
  auto c = Connect();
  c->Handle(Json{{"type", "join"}, {"table", id}, {"seat", 0}}.dump(), true);
  c->Closed();  // before the table's answer comes back
  server_.Drain();
  EXPECT_FALSE(c->following());
  EXPECT_TRUE(c->TakeReceived().empty());
  // The seat was taken (and stored) all the same; its token went nowhere.
  EXPECT_TRUE(server_.lobby().Find(id)->Summary()["seats"][0]["taken"].get<bool>());
}

// The join request has one reader: the same bad request gets the same refusal over both.
TEST_F(ProtocolTest, HttpAndWebSocketReadAJoinRequestAlike) {
  const std::string id = server_.CreateTable("kariba(players=2)", 2)["id"];
  auto c = Connect();
  const Json bad_bodies[] = {{{"seat", 9}},
                             {{"seat", "0"}},
                             {{"name", std::string(41, 'n')}},
                             {{"name", 3}},
                             {{"seat", -1}}};
  for (const Json& body : bad_bodies) {
    const HttpResponse http = server_.Http("POST", "/api/tables/" + id + "/join", body.dump());
    Json message = body;
    message["type"] = "join";
    message["table"] = id;
    const std::vector<Json> replies = c->Say(message);
    ASSERT_EQ(replies.size(), 1u) << body.dump();
    const Json http_error = Json::parse(http.body);
    EXPECT_EQ(http.status, 400) << body.dump();
    EXPECT_EQ(http_error["code"], "bad_request");
    EXPECT_EQ(replies[0]["code"], http_error["code"]) << body.dump();
    EXPECT_EQ(replies[0]["message"], http_error["message"]) << body.dump();
  }
  EXPECT_EQ(server_.lobby().Find(id)->Summary()["status"], "waiting");
}

TEST_F(ProtocolTest, HttpRoutesAnswerInProcess) {
  HttpResponse r = server_.Http("GET", "/api/games");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(Json::parse(r.body).size(), Games().entries().size());
  EXPECT_EQ(server_.Http("GET", "/api/nothing").status, 404);
  EXPECT_EQ(server_.Http("PUT", "/api/tables").status, 405);
  EXPECT_EQ(server_.Http("POST", "/api/tables", "{").status, 400);
  r = server_.Http("POST", "/api/tables", R"({"game": "kariba", "seats": ["human"]})");
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(Json::parse(r.body)["message"].get<std::string>().find("'seats'"), std::string::npos);
  r = server_.Http("POST", "/api/tables", R"({"game": "kariba", "seats": [1, 2]})");
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(Json::parse(r.body)["message"].get<std::string>().find("each seat"), std::string::npos);
  r = server_.Http("POST", "/api/tables", R"({"game": "kariba", "seats": ["human"], "x": 1})");
  EXPECT_NE(Json::parse(r.body)["message"].get<std::string>().find("'x'"), std::string::npos);
  r = server_.Http("GET", "/");
  EXPECT_EQ(r.status, 200);
  EXPECT_NE(r.body.find("Savanna server"), std::string::npos);

  const Json table = server_.CreateTable("kariba(players=2)", 2);
  const std::string path = "/api/tables/" + table["id"].get<std::string>();
  r = server_.Http("POST", path + "/join", R"({"seat": 1, "name": "Ana"})");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(Json::parse(r.body)["seat"], 1);
  EXPECT_EQ(Json::parse(server_.Http("GET", path).body)["seats"][1]["name"], "Ana");
  EXPECT_EQ(server_.Http("GET", path + "/record").status, 409);
  EXPECT_EQ(server_.Http("DELETE", path, R"({"token": "00"})").status, 403);
  r = server_.Http("DELETE", path, Json{{"token", table["creator_token"]}}.dump());
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(server_.Http("GET", path).status, 404);
}

}  // namespace
}  // namespace savanna::server
