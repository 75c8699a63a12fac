// Whole games through the protocol: every registered game played to its end by WebSocket clients
// (two human seats and, where the game has room, an agent), and secrecy: everything a seat or a
// spectator was sent agrees with a replay of the record, and sealed submissions stay sealed.
#include <thread>

#include "core/rng.h"
#include "games/registry.h"
#include "server/server_test_util.h"
#include "testing/test_games.h"

namespace savanna::testing {
namespace {

// Plays a seat with random legal actions until the game is over. Returns "" or what went wrong.
std::string PlaySeat(WsClient& client, uint64_t seed) {
  Rng rng(seed);
  int next_id = 0;
  while (true) {
    const Json m = client.Receive(std::chrono::seconds(30));
    if (m.is_null()) return "no message for 30 s or the connection closed";
    if (m["type"] == "error") return "error: " + m.dump();
    if (m["type"] != "state") continue;
    if (m["status"] == "finished") return "";
    if (!m.contains("legal")) continue;
    const auto legal = m["legal"].get<std::vector<std::string>>();
    if (legal.empty()) return "an empty list of legal actions";
    const std::string action = legal[rng.Below(uint32_t(legal.size()))];
    const Json reply =
        client.Request({{"type", "act"}, {"action", action}, {"id", ++next_id}}, "ack");
    if (reply.is_null()) return "no acknowledgement";
    if (reply["type"] != "ack" || reply["id"] != next_id) return "bad reply: " + reply.dump();
  }
}

// Watches until the game is over.
std::string Watch(WsClient& client) {
  while (true) {
    const Json m = client.Receive(std::chrono::seconds(30));
    if (m.is_null()) return "no message for 30 s or the connection closed";
    if (m["type"] == "state" && m["status"] == "finished") return "";
  }
}

class ServerGameTest : public ServerTest {
 protected:
  // Plays a table of `game` with seats 0 and 1 human (through the protocol), a spectator
  // watching, and checks every message each of them received against the record.
  void PlayAndCheck(const GameRegistry& games, const std::string& spec,
                    const std::vector<std::string>& seats, uint64_t seed) {
    const Json table = CreateTable(spec, seats);
    ASSERT_TRUE(table.contains("id")) << table.dump();
    const std::string id = table["id"];
    EXPECT_EQ(table["status"], "waiting");
    WsClient a(port()), b(port()), watcher(port());
    JoinSeat(a, id, 0);
    ASSERT_EQ(watcher.Request({{"type", "spectate"}, {"table", id}}, "spectating")["type"],
              "spectating");
    JoinSeat(b, id, 1);
    std::string error_a, error_b, error_w;
    std::thread ta([&] { error_a = PlaySeat(a, seed); });
    std::thread tb([&] { error_b = PlaySeat(b, seed + 1); });
    std::thread tw([&] { error_w = Watch(watcher); });
    ta.join();
    tb.join();
    tw.join();
    EXPECT_EQ(error_a, "") << spec;
    EXPECT_EQ(error_b, "") << spec;
    EXPECT_EQ(error_w, "") << spec;

    const HttpReply record = Http(port(), "GET", "/api/tables/" + id + "/record");
    ASSERT_EQ(record.status, 200) << record.body;
    const Json rec = record.json();
    EXPECT_FALSE(rec["result"].is_null());
    EXPECT_EQ(rec["seats"].size(), seats.size());
    EXPECT_EQ(a.last_state()["result"], rec["result"]);
    EXPECT_EQ(watcher.last_state()["status"], "finished");
    EXPECT_GT(ExpectMessagesMatchReplay(games, rec, 0, a.history()), 0);
    EXPECT_GT(ExpectMessagesMatchReplay(games, rec, 1, b.history()), 0);
    EXPECT_GT(ExpectMessagesMatchReplay(games, rec, kSpectator, watcher.history()), 0);
    // Each seat's log ends up listing every action once.
    for (const WsClient* c : {&a, &b, &watcher}) {
      std::vector<bool> seen(rec["actions"].size(), false);
      for (const Json& m : c->history())
        if (m["type"] == "state")
          for (const Json& e : m["log"]) {
            const size_t i = e["index"];
            EXPECT_FALSE(seen[i]) << "log entry " << i << " sent twice";
            seen[i] = true;
          }
      EXPECT_EQ(std::count(seen.begin(), seen.end(), true), std::ptrdiff_t(seen.size())) << spec;
    }
  }
};

// Every game of the registry, not a list of names: games added later are played too.
TEST_F(ServerGameTest, FullGameOfEveryRegisteredGame) {
  StartServer();
  ASSERT_FALSE(Games().entries().empty());
  uint64_t seed = 1;
  for (const GameEntry& entry : Games().entries()) {
    const int players = std::min(entry.info.max_players, std::max(entry.info.min_players, 3));
    std::vector<std::string> seats = {"human", "human"};
    while (int(seats.size()) < players) seats.push_back("random");
    SCOPED_TRACE(entry.info.name);
    PlayAndCheck(Games(), entry.info.name + "(players=" + std::to_string(players) + ")", seats,
                 seed += 10);
  }
}

// A test-only game with simultaneous sealed bids, served by a registry of its own.
TEST_F(ServerGameTest, SealedBidsGameThroughTheProtocol) {
  StartServer({}, &TestGames());
  PlayAndCheck(TestGames(), "sealed_bids(players=3,cards=5)", {"human", "human", "random"}, 7);
}

TEST_F(ServerGameTest, SealedSubmissionIsShownOnlyToItsSeatUntilTheStepResolves) {
  StartServer({}, &TestGames());
  const std::string id =
      CreateTable("sealed_bids(players=3,cards=4)", {"human", "human", "human"})["id"];
  WsClient a(port()), b(port()), c(port()), watcher(port());
  JoinSeat(a, id, 0);
  JoinSeat(b, id, 1);
  JoinSeat(c, id, 2);
  watcher.Request({{"type", "spectate"}, {"table", id}}, "spectating");
  Json before_b;
  do before_b = b.ReceiveType("state");
  while (!before_b.is_null() && !before_b.contains("legal"));
  ASSERT_TRUE(before_b.contains("legal"));
  const Json before_w = watcher.ReceiveType("state");

  ASSERT_EQ(a.Request({{"type", "act"}, {"action", "bid 4"}}, "ack")["index"], 0);
  const Json own = a.ReceiveType("state");
  ASSERT_EQ(own["log"].size(), 1u);
  EXPECT_EQ(own["log"][0]["action"], "bid 4") << "a seat sees its own sealed bid";
  for (WsClient* other : {&b, &watcher}) {
    const Json m = other->ReceiveType("state");
    EXPECT_TRUE(m["log"].empty()) << m.dump();
    // That seat 0 has bid is public (sealed_bids shows who has submitted, and it is no longer
    // to act); what it bid is not: apart from that, the view is what it was.
    Json view = m["view"], before = (other == &b ? before_b : before_w)["view"];
    EXPECT_EQ(view["submitted"][0], true);
    EXPECT_EQ(view["to_act"], Json::array({1, 2}));
    for (const char* field : {"submitted", "to_act"}) {
      view.erase(field);
      before.erase(field);
    }
    EXPECT_EQ(view, before) << "another seat's pending bid shows nowhere";
    EXPECT_EQ(m["log"].dump().find("bid"), std::string::npos);
  }
  EXPECT_EQ(b.last_state()["legal"], before_b["legal"]) << "nor their options";

  ASSERT_EQ(b.Request({{"type", "act"}, {"action", "bid 1"}}, "ack")["index"], 1);
  ASSERT_EQ(c.Request({{"type", "act"}, {"action", "bid 2"}}, "ack")["index"], 2);
  // Resolved: everyone is told of all three submissions, now public.
  Json resolved;
  for (int i = 0; i < 3 && (resolved.is_null() || resolved["actions"] != 3); ++i)
    resolved = watcher.ReceiveType("state");
  ASSERT_EQ(resolved["actions"], 3);
  ASSERT_EQ(resolved["log"].size(), 3u) << resolved.dump();
  for (const Json& e : resolved["log"])
    EXPECT_EQ(e["action"].get<std::string>().rfind("bid ", 0), 0u);
}

}  // namespace
}  // namespace savanna::testing
