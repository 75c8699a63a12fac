// The server's protocol without sockets: the WebSocket conversation (ws_conversation.h) and the
// HTTP API (http_api.h) driven in process over a lobby on the in-memory store, their network
// work run on this thread. What a client sends goes in as a message or a request; what the
// protocol answers is read back as JSON.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <memory>
#include <stdexcept>
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

// The in-memory store, but a CreateTable throws while `fail` is set (a fault deep in a route).
class FaultyStore final : public TableStore {
 public:
  bool fail = false;
  Result<std::vector<StoredTable>> LoadOpen(int64_t since) override {
    return store_->LoadOpen(since);
  }
  Result<std::optional<StoredTable>> Load(const std::string& id) override {
    return store_->Load(id);
  }
  void CreateTable(const StoredTable& table, Done done) override {
    if (fail) throw std::runtime_error("a fault in the store");
    store_->CreateTable(table, std::move(done));
  }
  void AppendAction(const std::string& id, int64_t index, const RecordedAction& action,
                    Done done) override {
    store_->AppendAction(id, index, action, std::move(done));
  }
  void TakeBack(const std::string& id, const StoredTakeBack& takeback, Done done) override {
    store_->TakeBack(id, takeback, std::move(done));
  }
  void UpdateSeat(const std::string& id, int seat, const StoredSeat& stored, Done done) override {
    store_->UpdateSeat(id, seat, stored, std::move(done));
  }
  void MarkFinished(const std::string& id, int64_t when, Done done) override {
    store_->MarkFinished(id, when, std::move(done));
  }
  void DeleteTable(const std::string& id, Done done) override {
    store_->DeleteTable(id, std::move(done));
  }
  void DeleteFinishedBefore(int64_t before, std::function<void(Result<int64_t>)> done) override {
    store_->DeleteFinishedBefore(before, std::move(done));
  }
  void Flush() override { store_->Flush(); }

 private:
  std::unique_ptr<TableStore> store_ = MemoryStore();
};

// A lobby over the in-memory store whose network work runs when Drain() is called.
class InProcessServer {
 public:
  explicit InProcessServer(std::unique_ptr<TableStore> store = MemoryStore())
      : store_(std::move(store)),
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
  TableStore& store() { return *store_; }

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
  bool closed_after_error() const { return closed_after_error_; }
  // The next delivery throws (as a writer given bad bytes once did), as a fault inside a handler.
  void ThrowOnNextDelivery() { throw_next_ = true; }
  std::vector<Json> TakeReceived() { return std::move(received_); }

 protected:
  void Post(std::function<void()> work) override {
    boost::asio::post(server_.net(), std::move(work));
  }
  void Deliver(std::shared_ptr<const std::string> message) override {
    if (throw_next_) {
      throw_next_ = false;
      throw std::runtime_error("a fault in the transport");
    }
    received_.push_back(Json::parse(*message));
  }
  void CloseForPolicy() override {
    closed_for_policy_ = true;
    Closed();
  }
  void CloseAfterError() override {
    closed_after_error_ = true;
    Closed();
  }

 private:
  InProcessServer& server_;
  std::vector<Json> received_;
  bool closed_for_policy_ = false;
  bool closed_after_error_ = false;
  bool throw_next_ = false;
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

// Spectating the table watched already is answered like a ping: no state for the watcher, and
// nothing at all for the table's other connections (a flood of them once cost a full state and a
// broadcast each).
TEST_F(ProtocolTest, WatchingTheTableWatchedAlreadyCostsWhatAPingDoes) {
  const std::string id = server_.CreateTable("kariba(players=2)", 2)["id"];
  auto player = Connect(), watcher = Connect();
  player->Say({{"type", "join"}, {"table", id}, {"seat", 0}});
  std::vector<Json> replies = watcher->Say({{"type", "spectate"}, {"table", id}});
  EXPECT_EQ(RecordingConnection::OfType(replies, "state").size(), 1u) << "the first costs a state";
  player->TakeReceived();
  for (int i = 0; i < 30; ++i) {  // within the connection's message burst
    replies = watcher->Say({{"type", "spectate"}, {"table", id}, {"id", i}});
    ASSERT_EQ(replies.size(), 1u) << Json(replies).dump();
    EXPECT_EQ(replies[0]["type"], "spectating");
    EXPECT_EQ(replies[0]["id"], i);
  }
  EXPECT_TRUE(player->TakeReceived().empty()) << "the player heard of the watcher's requests";
  EXPECT_TRUE(watcher->following());
}

// Following another table sends its whole state, so it is limited per client like taking a seat.
TEST_F(ProtocolTest, FollowingOtherTablesIsLimitedPerClient) {
  RateLimiter follows(/*per_second=*/0.001, /*burst=*/3);
  const std::string a = server_.CreateTable("kariba(players=2)", 2)["id"];
  const std::string b = server_.CreateTable("kariba(players=2)", 2)["id"];
  auto c = std::make_shared<RecordingConnection>(server_, WsLimits{}, &follows);
  int states = 0;
  for (int i = 0; i < 10; ++i) {
    const std::vector<Json> replies = c->Say({{"type", "spectate"}, {"table", i % 2 ? b : a}});
    states += int(RecordingConnection::OfType(replies, "state").size());
    if (i >= 3 && i % 2 == 1) {
      EXPECT_EQ(ErrorCodeIn(replies), "rate_limited") << i;
    } else if (i >= 3) {  // refused b, so still watching a: answered for free
      EXPECT_EQ(RecordingConnection::One(replies, "spectating")["table"], a);
    }
  }
  EXPECT_EQ(states, 3);
}

// Whatever a handler throws is the connection's own trouble: it is answered "internal" and that
// connection closes; the lobby goes on serving the others.
TEST_F(ProtocolTest, AHandlerThatThrowsClosesOnlyItsConnection) {
  auto c = Connect();
  c->ThrowOnNextDelivery();
  const std::vector<Json> replies = c->Say({{"type", "ping"}, {"id", 1}});
  EXPECT_EQ(ErrorCodeIn(replies), "internal") << Json(replies).dump();
  EXPECT_TRUE(c->closed_after_error());
  EXPECT_TRUE(c->closed());
  auto other = Connect();
  EXPECT_EQ(RecordingConnection::OfType(other->Say({{"type", "ping"}}), "pong").size(), 1u);
  EXPECT_EQ(server_.Http("GET", "/api/games").status, 200);
}

// The same for an HTTP request: a route that throws is answered 500 internal, once, and the next
// request is served.
TEST(ProtocolBoundaryTest, ARouteThatThrowsIsAnsweredInternal) {
  auto owned = std::make_unique<FaultyStore>();
  FaultyStore& store = *owned;
  InProcessServer server(std::move(owned));
  store.fail = true;
  const Json request = {{"game", "kariba(players=2)"}, {"seats", {"human", "human"}}};
  int answers = 0;
  HttpResponse response;
  server.lobby();  // the lobby is up
  HttpApi api(server.lobby(), StaticFiles());
  api.Handle({"POST", "/api/tables", request.dump(), "client"}, [&](HttpResponse r) {
    ++answers;
    response = std::move(r);
  });
  server.Drain();
  EXPECT_EQ(answers, 1);
  EXPECT_EQ(response.status, 500);
  EXPECT_EQ(Json::parse(response.body).value("code", ""), "internal") << response.body;
  EXPECT_EQ(response.body.find("fault"), std::string::npos) << "the cause stays in the log";
  store.fail = false;
  EXPECT_EQ(server.Http("POST", "/api/tables", request.dump()).status, 201);
  EXPECT_EQ(server.Http("GET", "/api/games").status, 200);
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
