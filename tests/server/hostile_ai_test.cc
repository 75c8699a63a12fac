// Hostile clients, class 2: AI work. Specs over the operator's limits are refused with an error
// naming the limit and nothing starts; tables that think at the limit neither add threads nor
// hold up another table's AI, whose replies keep coming while they think, and one address's many
// tables do not crowd out another address.
#include <dirent.h>

#include <chrono>
#include <functional>
#include <thread>

#include "server/server_test_util.h"
#include "testing/test_games.h"

namespace savanna::testing {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Threads of this process (the server runs in it).
int ThreadCount() {
  int n = 0;
  if (DIR* dir = opendir("/proc/self/task")) {
    while (dirent* entry = readdir(dir)) n += entry->d_name[0] != '.' ? 1 : 0;
    closedir(dir);
  }
  return n;
}

class HostileAiTest : public ServerTest {};

TEST_F(HostileAiTest, SpecsOverTheLimitsAreRefusedNamingTheLimit) {
  StartServer();
  struct Case {
    Json request;
    std::string option;
  };
  const std::vector<Case> cases = {
      {{{"game", "kariba(players=2)"},
        {"seats", {"ismcts(iters=1000000000,time=0,threads=64)", "random"}}},
       "--ai-max-threads"},
      {{{"game", "kariba(players=2)"}, {"seats", {"ismcts(iters=1000000000,time=0)", "random"}}},
       "--ai-max-iters"},
      {{{"game", "kariba(players=2)"}, {"seats", {"flat_mc(time=600)", "random"}}},
       "--ai-max-seconds"},
      {{{"game", "kariba(players=2)"}, {"seats", {"random", "ismcts(tree_mb=0)"}}},
       "--ai-max-tree-mb"},
      {{{"game", "kariba(players=2)"},
        {"seats", {"human", "ismcts"}},
        {"options", {{"ai_seconds", 3600}}}},
       "--ai-max-seconds"},
      {{{"game", "kariba(players=2)"},
        {"seats", {"human", "human"}},
        {"options", {{"replace_after", 1}, {"replacement", "ismcts(threads=8)"}}}},
       "--ai-max-threads"},
  };
  const int threads_before = ThreadCount();
  for (const Case& c : cases) {
    const HttpReply reply = Http(port(), "POST", "/api/tables", c.request);
    EXPECT_EQ(reply.status, 400) << c.request.dump();
    EXPECT_EQ(reply.code(), "over_limit") << reply.body;
    EXPECT_NE(reply.body.find(c.option), std::string::npos) << reply.body;
  }
  EXPECT_EQ(Http(port(), "GET", "/api/tables").json()["tables"].size(), 0u) << "nothing was made";
  EXPECT_EQ(ThreadCount(), threads_before) << "no thread was started";
  // An honest request is served.
  EXPECT_EQ(CreateTable("kariba(players=2)", {"human", "ismcts(iters=200)"})["status"], "waiting");
}

// Plays `moves` human moves at a table of a human and a random agent; returns the longest wait
// from the ack of a move to the state message that asks for the next one (the agent's reply).
milliseconds LongestAgentReply(
    uint16_t port, const std::string& id, int moves,
    const std::function<Json(WsClient&, const std::string&, int)>& join) {
  WsClient client(port);
  join(client, id, 0);
  milliseconds longest{0};
  Json m;
  do m = client.ReceiveType("state");
  while (!m.is_null() && !m.contains("legal"));
  for (int i = 0; i < moves && !m.is_null() && m.contains("legal"); ++i) {
    const std::string action = m["legal"][0];
    const Json ack = client.Request({{"type", "act"}, {"action", action}}, "ack");
    EXPECT_EQ(ack.value("type", ""), "ack") << ack.dump();
    const auto acked = Clock::now();
    do m = client.ReceiveType("state");
    while (!m.is_null() && !m.contains("legal") && m.value("status", "") != "finished");
    longest = std::max(longest, std::chrono::duration_cast<milliseconds>(Clock::now() - acked));
    if (m.value("status", "") == "finished") break;
  }
  return longest;
}

TEST_F(HostileAiTest, TablesThinkingAtTheLimitDoNotHoldUpAnotherTablesAgent) {
  server::ServerOptions options;
  options.agent_threads = 1;  // the attacker's tables and the honest one share one thread
  options.ai_limits.max_seconds = 5;
  StartServer(options);
  const int threads_before = ThreadCount();
  // Two tables of AI seats only, each thinking 5 s a move: they start at once.
  for (int i = 0; i < 2; ++i)
    CreateTable("kariba(players=2)", {"ismcts(time=5,iters=1000000000)", "ismcts(time=5)"});
  std::this_thread::sleep_for(milliseconds(100));
  const std::string honest = CreateTable("kariba(players=2)", {"human", "random"})["id"];
  const milliseconds longest = LongestAgentReply(
      port(), honest, 10,
      [this](WsClient& c, const std::string& id, int seat) { return JoinSeat(c, id, seat); });
  // One slice (10 ms) per table ahead of it; far below a single move of the attackers (5 s).
  EXPECT_LT(longest, milliseconds(1000));
  EXPECT_LE(ThreadCount(), threads_before + 2) << "thinking tables started threads";
}

// AI time is shared between client addresses before tables: one address (127.0.0.2) with many
// AI tables thinking at the limit gets one turn in two, not sixteen in seventeen, so another
// address's agent answers in about twice its thinking time on the one thread, not seventeen
// times (judged with a wide margin: the machine may be busy).
TEST_F(HostileAiTest, ManyAiTablesOfOneAddressDoNotCrowdOutAnotherAddress) {
  server::ServerOptions options;
  options.agent_threads = 1;
  options.ai_limits.max_seconds = 5;
  options.tables_per_minute = 1000;
  StartServer(options);
  for (int i = 0; i < 16; ++i) {
    const Json request = {{"game", "kariba(players=2)"},
                          {"seats", {"ismcts(time=5)", "ismcts(time=5)"}},
                          {"options", {{"ai_seconds", 5}}}};
    ASSERT_EQ(HttpFrom("127.0.0.2", port(), "POST", "/api/tables", request.dump()).status, 201);
  }
  std::this_thread::sleep_for(milliseconds(100));
  const std::string honest =
      CreateTable("kariba(players=2)", {"human", "ismcts"}, {{"ai_seconds", 0.2}})["id"];
  const milliseconds longest = LongestAgentReply(
      port(), honest, 3,
      [this](WsClient& c, const std::string& id, int seat) { return JoinSeat(c, id, seat); });
  EXPECT_LT(longest, milliseconds(1500)) << "0.2 s of thinking took that long";
}

// An AI seat with a time budget answers only once its time is spent, even when its move is
// forced (sealed_bids(cards=1): each player's only bid is its one card). Answering at once would
// tell whoever times it that it had a single legal action, which in a real game says something
// of its hand.
TEST_F(HostileAiTest, AnAiSeatsAnswerTakesItsTimeEvenWhenItsMoveIsForced) {
  StartServer({}, &TestGames());
  for (int game = 0; game < 3; ++game) {
    const std::string id =
        CreateTable("sealed_bids(cards=1)", {"human", "flat_mc(time=0.3)"})["id"];
    WsClient client(port());
    ASSERT_EQ(JoinSeat(client, id, 0).value("type", ""), "joined");
    const auto started = Clock::now();  // the AI was asked when the seat was taken
    ASSERT_EQ(client.Request({{"type", "act"}, {"action", "bid 1"}}, "ack").value("type", ""),
              "ack");
    Json m;
    do m = client.ReceiveType("state");
    while (!m.is_null() && m.value("status", "") != "finished");
    ASSERT_FALSE(m.is_null()) << "the game ends";
    // 300 ms of budget; the client's own delays can only shorten what it measures.
    EXPECT_GE(Clock::now() - started, milliseconds(200))
        << "the AI's forced bid came before its time was spent";
  }
}

}  // namespace
}  // namespace savanna::testing
