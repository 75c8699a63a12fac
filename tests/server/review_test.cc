// The review of a finished game (GET /api/tables/ID/review): every step for every seat and the
// spectator is the record replayed independently (views, the log as that viewer reads it, sealed
// submissions of an open step hidden); before the end nothing is replayed for anyone, a seat
// holder included; hostile parameters get clear errors and change nothing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/registry.h"
#include "server/server_test_util.h"

namespace savanna::testing {
namespace {

class ReviewTest : public ServerTest {
 protected:
  // A server whose per-client request rate lets one test walk through a whole game.
  void StartReviewServer() {
    server::ServerOptions options;
    options.requests_per_second = 10000;
    options.request_burst = 10000;
    StartServer(options);
  }
  // Spectates `id` until its game is over; returns the last state message (null if it never
  // ended).
  Json AwaitEnd(const std::string& id) {
    WsClient watcher(port());
    if (watcher.Request({{"type", "spectate"}, {"table", id}}, "spectating")["type"] !=
        "spectating")
      return Json();
    Json state;
    do state = watcher.ReceiveType("state");
    while (!state.is_null() && state.value("status", "") != "finished");
    return state;
  }
  HttpReply Review(const std::string& id, const std::string& query) {
    return Http(port(), "GET", "/api/tables/" + id + "/review?" + query);
  }
};

// The viewer as the query names it.
std::string ReviewViewerText(int viewer) {
  return viewer == kSpectator ? "spectator" : std::to_string(viewer);
}

TEST_F(ReviewTest, EveryStepIsTheRecordReplayedForThatViewer) {
  StartReviewServer();
  // Kalimambo's card choice is simultaneous: mid-step, a seat's log holds its own sealed
  // submission and nobody else's.
  const std::string id =
      CreateTable("kalimambo(players=3)", {"random", "random(seed=4)", "random(seed=9)"})["id"];
  ASSERT_FALSE(AwaitEnd(id).is_null()) << "the agents' game did not finish";
  const Json record = Http(port(), "GET", "/api/tables/" + id + "/record").json();
  EXPECT_EQ(record["takebacks"], Json::array()) << "no take-back at this table";
  const auto& actions = record["actions"];
  const size_t n = actions.size();
  ASSERT_GT(n, 3U);
  for (int viewer : {0, 1, 2, int(kSpectator)}) {
    std::vector<Json> as_states;
    for (size_t step = 0; step <= n; ++step) {
      const HttpReply reply =
          Review(id, "viewer=" + ReviewViewerText(viewer) + "&step=" + std::to_string(step));
      ASSERT_EQ(reply.status, 200) << reply.body;
      const Json r = reply.json();
      EXPECT_EQ(r["table"], id);
      EXPECT_EQ(r["viewer"], viewer == kSpectator ? Json("spectator") : Json(viewer));
      EXPECT_EQ(r["step"], step);
      EXPECT_EQ(r["steps"], n);
      EXPECT_EQ(r["result"], step == n ? record["result"] : Json()) << "step " << step;
      // The log holds every action before the step that the viewer may read: all but another
      // seat's sealed submission to a step still open.
      size_t hidden = 0;
      for (const Json& e : r["log"]) EXPECT_LT(e["index"].get<size_t>(), step);
      for (size_t i = step; i-- > 0;) {
        bool sealed = true;
        for (const Json& e : r["log"]) sealed = sealed && e["index"] != i;
        if (sealed) {
          ++hidden;
          EXPECT_NE(actions[i]["player"], viewer) << "the viewer's own action is in its log";
        }
      }
      EXPECT_LE(hidden, 2U) << "at most the other seats' sealed cards of one step";
      as_states.push_back({{"type", "state"},
                           {"actions", step},
                           {"view", r["view"]},
                           {"log", r["log"]},
                           {"to_act", r["to_act"]}});
    }
    // Views, log texts and structured forms: the independent replay of the record.
    EXPECT_EQ(ExpectMessagesMatchReplay(Games(), record, viewer, as_states), int(n + 1));
  }
}

TEST_F(ReviewTest, BeforeTheEndNothingIsRevealedToAnyone) {
  StartReviewServer();
  const std::string id = CreateTable("kariba(players=2)", {"human", "random"})["id"];
  WsClient seat(port());
  JoinSeat(seat, id, 0);
  Json state = seat.last_state();
  for (int i = 0; i < 50 && !state.contains("legal"); ++i) state = seat.ReceiveType("state");
  ASSERT_TRUE(state.contains("legal")) << state.dump();
  ASSERT_EQ(seat.Request({{"type", "act"}, {"action", state["legal"][0]}}, "ack")["type"], "ack");
  // Once the agent has answered, nothing moves until the seat does.
  do state = seat.ReceiveType("state");
  while (!state.is_null() && !state.contains("legal"));
  ASSERT_TRUE(state.contains("legal"));
  const Json before = Http(port(), "GET", "/api/tables/" + id).json();
  // Whoever asks (the seat holder for its own seat, anyone for another seat or as a spectator),
  // at whatever step, valid or not: the same refusal, with nothing of the game in it.
  std::string first;
  for (const std::string viewer : {"0", "1", "spectator", "7"})
    for (const std::string step : {"0", "1", "2", "999"}) {
      const HttpReply reply = Review(id, "viewer=" + viewer + "&step=" + step);
      EXPECT_EQ(reply.status, 409) << reply.body;
      EXPECT_EQ(reply.code(), "not_finished") << reply.body;
      if (first.empty()) first = reply.body;
      EXPECT_EQ(reply.body, first) << "the refusal depends on nothing asked";
    }
  EXPECT_EQ(first.find("\"view\""), std::string::npos) << first;
  EXPECT_NE(Json::parse(first)["message"].get<std::string>().find("not over"), std::string::npos)
      << first;
  // Nothing changed, and the seat plays on.
  const Json after = Http(port(), "GET", "/api/tables/" + id).json();
  EXPECT_EQ(after["actions"], before["actions"]);
  EXPECT_EQ(after["status"], "playing");
  EXPECT_EQ(seat.Request({{"type", "act"}, {"action", state["legal"][0]}}, "ack")["type"], "ack");
}

TEST_F(ReviewTest, HostileParametersGetClearErrorsAndChangeNothing) {
  StartReviewServer();
  const std::string id = CreateTable("kariba(players=2)", {"random", "random(seed=2)"})["id"];
  ASSERT_FALSE(AwaitEnd(id).is_null());
  const Json summary = Http(port(), "GET", "/api/tables/" + id).json();
  const std::string n = std::to_string(summary["actions"].get<int64_t>());
  struct Case {
    std::string query, field;  // the field the error must name ("" for the query itself)
  };
  const std::vector<Case> cases = {
      {"", "viewer"},  // nothing asked: the first missing field
      {"viewer=0", "step"},
      {"step=1", "viewer"},
      {"viewer=2&step=1", "viewer"},
      {"viewer=-1&step=1", "viewer"},
      {"viewer=spectators&step=1", "viewer"},
      {"viewer=0x1&step=1", "viewer"},
      {"viewer=0&step=-1", "step"},
      {"viewer=0&step=1e3", "step"},
      {"viewer=0&step=", "step"},
      {"viewer=0&step=99999999999999999999", "step"},
      {"viewer=0&step=" + std::to_string(std::stoi(n) + 1), "step"},
      {"viewer=0&step=1&seed=1", "seed"},
      {"viewer=0&step=1&step=2", "step"},
      {"viewer=%30&step=1", ""},
      {"viewer=0;step=1", ""},
      {"viewer&step=1", ""},
      {"viewer=0&step=1&" + std::string(300, 'a') + "=1", ""},
  };
  for (const Case& c : cases) {
    const HttpReply reply = Review(id, c.query);
    EXPECT_EQ(reply.status, 400) << c.query << ": " << reply.body;
    EXPECT_EQ(reply.code(), "bad_request") << c.query << ": " << reply.body;
    const std::string message = reply.json().value("message", "");
    if (!c.field.empty()) {
      EXPECT_NE(message.find("'" + c.field + "'"), std::string::npos) << message;
    }
    EXPECT_EQ(message.find("\"seed\""), std::string::npos) << message;
  }
  for (const std::string bad : {"nope", "0123456789abc", "..%2f..%2fetc", "ABCDEF012345"})
    EXPECT_EQ(Http(port(), "GET", "/api/tables/" + bad + "/review?viewer=0&step=0").code(),
              "unknown_table")
        << bad;
  EXPECT_EQ(Http(port(), "POST", "/api/tables/" + id + "/review?viewer=0&step=0").status, 405);
  // The table is as it was, and a good request still works.
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + id).json(), summary);
  const HttpReply good = Review(id, "viewer=1&step=" + n);
  ASSERT_EQ(good.status, 200) << good.body;
  const Json record = Http(port(), "GET", "/api/tables/" + id + "/record").json();
  EXPECT_FALSE(record["result"].is_null());
  EXPECT_EQ(good.json()["result"], record["result"]) << "the last step carries the result";
}

}  // namespace
}  // namespace savanna::testing
