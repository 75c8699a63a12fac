// The AI as a coach, through the real server: hints for a seat whose every opponent is an agent,
// refused where another person sits, to spectators and out of turn; take-backs against agents
// (the position comes back exactly, the game goes on from it), refused where another person
// sits. (Take-backs across a restart: restart_test.cc.)
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "server/server_test_util.h"

namespace savanna::testing {
namespace {

class CoachTest : public ServerTest {
 protected:
  // Receives state messages until one offers this seat legal actions; returns it (null if none).
  static Json AwaitTurn(WsClient& client) {
    if (client.last_state().contains("legal")) return client.last_state();
    for (int i = 0; i < 50; ++i) {
      const Json m = client.ReceiveType("state");
      if (m.is_null() || m["type"] != "state") return Json();
      if (m.contains("legal")) return m;
    }
    return Json();
  }
  // Receives state messages until one offers this seat legal actions after more than `actions`
  // actions; returns it (null if none comes).
  static Json AwaitTurnAfter(WsClient& client, int64_t actions) {
    for (int i = 0; i < 50; ++i) {
      const Json& last = client.last_state();
      if (last.contains("legal") && last.value("actions", int64_t(0)) > actions) return last;
      if (client.ReceiveType("state").is_null()) return Json();
    }
    return Json();
  }
  // Sends a take-back and receives until its reply and then the full state that follows it have
  // come; the messages on the way (the reply to request `id`, say) go to `others`.
  static Json TakeBack(WsClient& client, std::vector<Json>& others) {
    if (!client.Send({{"type", "takeback"}})) return Json();
    Json reply;
    for (Json m = client.Receive(); !m.is_null(); m = client.Receive()) {
      if (m.value("type", "") == "taken_back" ||
          (m.value("type", "") == "error" && !m.contains("id"))) {
        reply = m;
        if (reply["type"] == "error") return reply;
      } else if (!reply.is_null() && m.value("type", "") == "state") {
        return reply;
      } else {
        others.push_back(m);
      }
    }
    return reply;
  }
};

TEST_F(CoachTest, ASeatBesideAgentsGetsTheChanceToWinOfItsLegalActions) {
  StartServer();
  const Json table =
      CreateTable("kariba(players=3)", {"human", "random", "random"}, {{"ai_seconds", 0.05}});
  const std::string id = table["id"];
  WsClient a(port());
  JoinSeat(a, id, 0);
  const Json state = AwaitTurn(a);
  ASSERT_TRUE(state.contains("legal")) << state.dump();
  const Json reply = a.Request({{"type", "hint"}, {"id", 5}}, "hints");
  ASSERT_EQ(reply["type"], "hints") << reply.dump();
  EXPECT_EQ(reply["id"], 5);
  EXPECT_EQ(reply["table"], id);
  EXPECT_EQ(reply["seat"], 0);
  EXPECT_EQ(reply["index"], state["actions"]);
  const auto legal = state["legal"].get<std::vector<std::string>>();
  ASSERT_FALSE(reply["hints"].empty());
  for (const Json& h : reply["hints"]) {
    EXPECT_NE(std::find(legal.begin(), legal.end(), h["action"].get<std::string>()), legal.end())
        << h.dump();
    EXPECT_GE(h["win_rate"].get<double>(), 0.0);
    EXPECT_LE(h["win_rate"].get<double>(), 1.0);
    EXPECT_GT(h["visits"].get<int64_t>(), 0);
  }
}

TEST_F(CoachTest, NoHintsWhereAnotherPersonSitsForSpectatorsOrOutOfTurn) {
  StartServer();
  const std::string two_humans =
      CreateTable("kariba(players=3)", {"human", "human", "random"}, {{"ai_seconds", 0.05}})["id"];
  WsClient a(port()), b(port()), watcher(port());
  JoinSeat(a, two_humans, 0);
  JoinSeat(b, two_humans, 1);
  ASSERT_TRUE(AwaitTurn(a).contains("legal"));
  const Json refused = a.Request({{"type", "hint"}}, "hints");
  EXPECT_EQ(refused["type"], "error");
  EXPECT_EQ(refused["code"], "hints_unavailable") << refused.dump();

  const std::string solo =
      CreateTable("kariba(players=2)", {"random", "human"}, {{"ai_seconds", 0.05}})["id"];
  ASSERT_EQ(watcher.Request({{"type", "spectate"}, {"table", solo}}, "spectating")["type"],
            "spectating");
  EXPECT_EQ(watcher.Request({{"type", "hint"}}, "hints")["code"], "not_seated");
  const Json extra = a.Request({{"type", "hint"}, {"seat", 0}}, "hints");
  EXPECT_EQ(extra["code"], "bad_request") << extra.dump();
}

TEST_F(CoachTest, ATakeBackRestoresThePositionBeforeTheSeatsLastMove) {
  StartServer();
  const std::string id =
      CreateTable("kariba(players=3)", {"human", "random", "random"}, {{"ai_seconds", 0.05}})["id"];
  WsClient a(port());
  JoinSeat(a, id, 0);
  const Json before = AwaitTurn(a);
  ASSERT_TRUE(before.contains("legal")) << before.dump();
  EXPECT_EQ(a.Request({{"type", "takeback"}}, "taken_back")["code"], "nothing_to_take_back");
  const std::vector<std::string> legal = before["legal"];
  ASSERT_EQ(a.Request({{"type", "act"}, {"action", legal.back()}}, "ack")["index"],
            before["actions"]);
  Json later;
  for (int i = 0; i < 50 && !later.contains("legal"); ++i) later = a.ReceiveType("state");
  ASSERT_GT(later["actions"].get<int64_t>(), before["actions"].get<int64_t>() + 1)
      << "the agents answered";

  const Json taken = a.Request({{"type", "takeback"}, {"id", 9}}, "taken_back");
  ASSERT_EQ(taken["type"], "taken_back") << taken.dump();
  EXPECT_EQ(taken["actions"], before["actions"]);
  EXPECT_EQ(taken["seat"], 0);
  EXPECT_EQ(taken["id"], 9);
  const Json again = a.ReceiveType("state");
  EXPECT_EQ(again["actions"], before["actions"]);
  EXPECT_EQ(again["view"], before["view"]) << "the same position";
  EXPECT_EQ(again["legal"], before["legal"]);
  EXPECT_EQ(again["log"].size(), before["actions"].get<size_t>()) << "the whole log, cut";
  // The game goes on from there with another move.
  EXPECT_EQ(a.Request({{"type", "act"}, {"action", legal.front()}}, "ack")["index"],
            before["actions"]);
  const Json record_less = Http(port(), "GET", "/api/tables/" + id).json();
  EXPECT_GE(record_less["actions"].get<int64_t>(), before["actions"].get<int64_t>() + 1);

  // Played to the end, the record lists the take-back beside the game as played after it.
  for (Json m = a.ReceiveType("state"); m.value("status", "") != "finished";
       m = a.ReceiveType("state")) {
    ASSERT_FALSE(m.is_null()) << "the game did not end";
    if (m.contains("legal")) {
      ASSERT_EQ(a.Request({{"type", "act"}, {"action", m["legal"][0]}}, "ack")["type"], "ack");
    }
  }
  const Json record = Http(port(), "GET", "/api/tables/" + id + "/record").json();
  ASSERT_TRUE(record.contains("takebacks")) << record.dump();
  ASSERT_EQ(record["takebacks"].size(), 1u) << record.dump();
  const Json& takeback = record["takebacks"][0];
  EXPECT_EQ(takeback["seat"], 0);
  EXPECT_EQ(takeback["from"], before["actions"]);
  EXPECT_EQ(takeback["removed"].size(),
            later["actions"].get<size_t>() - before["actions"].get<size_t>());
  EXPECT_EQ(takeback["removed"][0], (Json{{"player", 0}, {"action", legal.back()}}));
  EXPECT_EQ(record["actions"][before["actions"].get<size_t>()],
            (Json{{"player", 0}, {"action", legal.front()}}));
}

TEST_F(CoachTest, NoTakeBackWhereAnotherPersonSitsNorForSpectators) {
  StartServer();
  const std::string id =
      CreateTable("kariba(players=3)", {"human", "human", "random"}, {{"ai_seconds", 0.05}})["id"];
  WsClient a(port()), b(port()), watcher(port());
  JoinSeat(a, id, 0);
  JoinSeat(b, id, 1);
  WsClient* mover = nullptr;
  for (int i = 0; i < 50 && mover == nullptr; ++i) {
    a.Receive(std::chrono::milliseconds(200));
    if (a.last_state().contains("legal")) mover = &a;
    b.Receive(std::chrono::milliseconds(200));
    if (b.last_state().contains("legal")) mover = &b;
  }
  ASSERT_NE(mover, nullptr);
  const std::vector<std::string> legal = mover->last_state()["legal"];
  ASSERT_EQ(mover->Request({{"type", "act"}, {"action", legal.front()}}, "ack")["type"], "ack");
  const Json refused = mover->Request({{"type", "takeback"}}, "taken_back");
  EXPECT_EQ(refused["code"], "takeback_unavailable") << refused.dump();
  EXPECT_NE(refused["message"].get<std::string>().find("another person"), std::string::npos);
  ASSERT_EQ(watcher.Request({{"type", "spectate"}, {"table", id}}, "spectating")["type"],
            "spectating");
  EXPECT_EQ(watcher.Request({{"type", "takeback"}}, "taken_back")["code"], "not_seated");
}

// A hint is cancelled as soon as it is superseded: the seat moves before it is ready. Its reply
// says so at once, instead of a search over a position gone coming seconds later.
TEST_F(CoachTest, AHintSupersededByAMoveIsCancelledAtOnce) {
  StartServer();
  const std::string id =
      CreateTable("kariba(players=2)", {"human", "random"}, {{"ai_seconds", 5}})["id"];
  WsClient a(port());
  JoinSeat(a, id, 0);
  const Json state = AwaitTurn(a);
  ASSERT_TRUE(state.contains("legal")) << state.dump();
  const auto asked = std::chrono::steady_clock::now();
  ASSERT_TRUE(a.Send({{"type", "hint"}, {"id", "h"}}));
  ASSERT_EQ(a.Request({{"type", "act"}, {"action", state["legal"][0]}}, "ack").value("type", ""),
            "ack");
  Json reply;
  do reply = a.Receive(std::chrono::seconds(10));
  while (!reply.is_null() && reply.value("id", Json()) != "h");
  EXPECT_EQ(reply.value("code", ""), "hint_cancelled") << reply.dump();
  EXPECT_LT(std::chrono::steady_clock::now() - asked, std::chrono::milliseconds(2500))
      << "the hint's 5 s search ran on";
}

// Hint, move, take-back, over and over: each take-back cancels the hint and the agents' searches
// under way, so no search piles up behind another and the agent's answer stays prompt; and a
// table never runs two hints at once.
TEST_F(CoachTest, HintMoveTakeBackCyclesLeaveNothingRunning) {
  StartServer();
  const std::string id =
      CreateTable("kariba(players=2)", {"human", "random"}, {{"ai_seconds", 2}})["id"];
  WsClient a(port());
  JoinSeat(a, id, 0);
  Json state = AwaitTurn(a);
  for (int cycle = 0; cycle < 4; ++cycle) {
    ASSERT_TRUE(state.contains("legal")) << state.dump();
    const int64_t start = state["actions"];
    ASSERT_EQ(a.Request({{"type", "act"}, {"action", state["legal"][0]}}, "ack").value("type", ""),
              "ack");
    ASSERT_TRUE(AwaitTurnAfter(a, start + 1).contains("legal")) << "the agent answered";
    ASSERT_TRUE(a.Send({{"type", "hint"}, {"id", cycle}}));
    std::vector<Json> others;
    const Json taken = TakeBack(a, others);
    ASSERT_EQ(taken.value("type", ""), "taken_back") << taken.dump();
    state = a.last_state();
    ASSERT_EQ(state["actions"], start) << "the full state after the take-back";
    // The hint was for a position taken back: cancelled, and until its reply no other starts.
    Json reply;
    for (const Json& m : others)
      if (m.value("id", Json()) == cycle) reply = m;
    while (reply.is_null()) {
      const Json m = a.Receive(std::chrono::seconds(10));
      if (m.is_null()) break;
      if (m.value("id", Json()) == cycle) reply = m;
    }
    EXPECT_EQ(reply.value("code", ""), "hint_cancelled") << reply.dump();
  }
  ASSERT_TRUE(state.contains("legal"));
  const auto moved = std::chrono::steady_clock::now();
  ASSERT_EQ(a.Request({{"type", "act"}, {"action", state["legal"][0]}}, "ack").value("type", ""),
            "ack");
  ASSERT_TRUE(AwaitTurnAfter(a, state["actions"].get<int64_t>() + 1).contains("legal"));
  EXPECT_LT(std::chrono::steady_clock::now() - moved, std::chrono::milliseconds(1500))
      << "the random agent waited behind searches nobody wanted";
}

TEST_F(CoachTest, TakeBacksAreCappedPerGame) {
  server::ServerOptions options;
  options.max_takebacks = 2;
  StartServer(options);
  const std::string id =
      CreateTable("kariba(players=2)", {"human", "random"}, {{"ai_seconds", 0.05}})["id"];
  WsClient a(port());
  JoinSeat(a, id, 0);
  Json state = AwaitTurn(a);
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(state.contains("legal")) << state.dump();
    ASSERT_EQ(a.Request({{"type", "act"}, {"action", state["legal"][0]}}, "ack").value("type", ""),
              "ack");
    state = AwaitTurnAfter(a, state["actions"].get<int64_t>() + 1);
    std::vector<Json> others;
    const Json taken = TakeBack(a, others);
    state = a.last_state();
    if (i < 2) {
      EXPECT_EQ(taken.value("type", ""), "taken_back") << taken.dump();
    } else {
      EXPECT_EQ(taken.value("code", ""), "takeback_limit") << taken.dump();
      EXPECT_NE(taken.value("message", "").find('2'), std::string::npos) << taken.dump();
    }
  }
  const Json record = Http(port(), "GET", "/api/tables/" + id).json();
  EXPECT_GT(record["actions"].get<int64_t>(), 0) << "the refused take-back changed nothing";
}

}  // namespace
}  // namespace savanna::testing
