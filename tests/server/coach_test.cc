// The AI as a coach, through the real server: hints for a seat whose every opponent is an agent,
// refused where another person sits, to spectators and out of turn.
#include <gtest/gtest.h>

#include <algorithm>

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

}  // namespace
}  // namespace savanna::testing
