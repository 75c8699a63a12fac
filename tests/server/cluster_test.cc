// Several `savanna serve` nodes on one scratch PostgreSQL (cluster.h): a client on any node
// creates, joins, plays and watches any table; and nodes killed with SIGKILL mid-game lose no
// acknowledged move, their tables are taken over (AI seats think again) and their clients go on
// from another node. The failover test prints its figures (takeover times, moves lost); a longer
// run of it is the `cluster_soak` target (SAVANNA_SOAK_KILLS kills).
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>

#include "core/rng.h"
#include "games/registry.h"
#include "server/scratch_postgres.h"
#include "server/server_process.h"
#include "server/server_test_util.h"

namespace savanna::testing {
namespace {

using SteadyClock = std::chrono::steady_clock;

// Reads until the client's seat is asked to act or the game ends; null on a timeout, a close or
// an error.
Json AwaitTurn(WsClient& client, std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
  const auto deadline = SteadyClock::now() + timeout;
  while (SteadyClock::now() < deadline) {
    const Json m = client.Receive(
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()));
    if (m.is_null() || m["type"] == "error") return Json();
    if (m["type"] == "state" && (m.contains("legal") || m["status"] == "finished")) return m;
  }
  return Json();
}

class Nodes {
 public:
  Nodes(const std::string& url, int n) : url_(url) {
    for (int i = 0; i < n; ++i) nodes_.push_back(Start());
  }
  std::unique_ptr<ServerProcess> Start() {
    auto node = std::make_unique<ServerProcess>(
        url_, std::vector<std::string>{"--lease-seconds", "2", "--ai-seconds", "0.05"});
    EXPECT_NE(node->port(), 0) << node->first_line();
    return node;
  }
  uint16_t port(size_t i) const { return nodes_[i % nodes_.size()]->port(); }
  size_t size() const { return nodes_.size(); }
  // Kills node i with SIGKILL and starts a new node in its place.
  void KillAndReplace(size_t i) {
    EXPECT_EQ(nodes_[i]->Kill(SIGKILL), SIGKILL);
    nodes_[i] = Start();
  }
  void Kill(size_t i) { EXPECT_EQ(nodes_[i]->Kill(SIGKILL), SIGKILL); }
  void Replace(size_t i) { nodes_[i] = Start(); }

 private:
  std::string url_;
  std::vector<std::unique_ptr<ServerProcess>> nodes_;
};

TEST(ClusterTest, AClientOnAnyNodeCreatesJoinsPlaysAndWatchesAnyTable) {
  ScratchDatabase db;
  Nodes nodes(db.url(), 3);
  const HttpReply created =
      Http(nodes.port(0), "POST", "/api/tables",
           Json{{"game", "kariba(players=2)"}, {"seats", {"human", "human"}}});
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.json()["id"];
  // Every node answers for it, and lists it.
  for (size_t n = 0; n < 3; ++n) {
    const HttpReply summary = Http(nodes.port(n), "GET", "/api/tables/" + id);
    ASSERT_EQ(summary.status, 200) << n << ": " << summary.body;
    EXPECT_EQ(summary.json()["id"], id);
    const Json list = Http(nodes.port(n), "GET", "/api/tables").json();
    ASSERT_EQ(list["tables"].size(), 1u) << n << ": " << list.dump();
    EXPECT_EQ(list["tables"][0]["id"], id);
  }
  // Seat 0 plays from node 1, seat 1 from node 2, a spectator watches from node 0.
  WsClient a(nodes.port(1)), b(nodes.port(2)), watcher(nodes.port(0));
  const Json ja =
      a.Request({{"type", "join"}, {"table", id}, {"seat", 0}, {"name", "A"}}, "joined");
  ASSERT_EQ(ja["seat"], 0) << ja.dump();
  const HttpReply joined_b =
      Http(nodes.port(2), "POST", "/api/tables/" + id + "/join", Json{{"seat", 1}});
  ASSERT_EQ(joined_b.status, 200) << joined_b.body;
  ASSERT_EQ(b.Request({{"type", "rejoin"}, {"table", id}, {"token", joined_b.json()["token"]}},
                      "joined")["seat"],
            1);
  ASSERT_EQ(watcher.Request({{"type", "spectate"}, {"table", id}}, "spectating")["type"],
            "spectating");
  Rng rng(3);
  int moves = 0;
  // A player's state after `moves` actions (with its legal actions when it is to act: updates
  // of the seats may come first).
  auto state_after = [&](WsClient& client, bool to_act) {
    while (true) {
      const Json m = client.Receive(std::chrono::seconds(5));
      if (m.is_null() || m["type"] == "error") return m;
      if (m["type"] == "state" && m["actions"] == moves &&
          (!to_act || m.contains("legal") || m["status"] == "finished"))
        return m;
    }
  };
  while (true) {
    const Json seen = state_after(watcher, false);
    ASSERT_FALSE(seen.is_null()) << "the spectator saw no state after move " << moves;
    if (seen["status"] == "finished") break;
    const bool a_moves = seen["to_act"] == Json::array({0});
    WsClient& mover = a_moves ? a : b;
    const Json state = state_after(mover, true);
    ASSERT_TRUE(state.contains("legal")) << "move " << moves << ": " << state.dump();
    const std::vector<std::string> legal = state["legal"];
    const Json ack = mover.Request(
        {{"type", "act"}, {"action", legal[rng.Below(uint32_t(legal.size()))]}}, "ack");
    ASSERT_EQ(ack["type"], "ack") << ack.dump();
    ASSERT_EQ(ack["index"], moves);
    ++moves;
  }
  EXPECT_GT(moves, 4);
  const Json record = Http(nodes.port(2), "GET", "/api/tables/" + id + "/record").json();
  ASSERT_TRUE(record.contains("actions")) << record.dump();
  EXPECT_EQ(record["actions"].size(), size_t(moves));
  // The spectator on node 0 saw the game through the relay; player A on node 1 too.
  EXPECT_GT(ExpectMessagesMatchReplay(Games(), record, -1, watcher.history()), moves / 2);
  EXPECT_GT(ExpectMessagesMatchReplay(Games(), record, 0, a.history()), 0);
}

// The relay's channels belong to the database: anyone who may connect to it can NOTIFY a node's
// channel. Messages of every wrong shape (not JSON, wrong types, unknown kinds, a mailbox row
// that is not there, a relay to a connection that does not exist) are dropped; every node still
// serves, and a table made afterwards plays across the nodes.
TEST(ClusterTest, ForgedRelayMessagesAreDroppedAndNoNodeStops) {
  ScratchDatabase db;
  Nodes nodes(db.url(), 2);
  const std::string ids = PostgresQuery(db.url(), "SELECT id FROM nodes");
  std::istringstream lines(ids);
  int channels = 0;
  const std::vector<std::string> forged = {
      "not json",
      "[1,2,3]",
      R"({"k":"httpr","r":"one","s":"x","h":[[1,2]]})",
      R"({"k":"httpr","r":1,"h":[["a"]]})",
      R"({"k":"ws","from":"nobody","c":"x","m":5})",
      R"({"k":"ws","from":7,"c":1,"m":"{\"type\":\"act\",\"action\":\"x\"}"})",
      R"({"k":"mail","id":"1; DROP TABLE tables"})",
      R"({"k":"mail","id":99999})",
      R"({"k":"listr","r":1,"tables":"none"})",
      R"({"k":"out","c":12345,"m":"hello"})",
      R"({"k":"close","c":-1})",
      R"({"k":"leave","from":null})",
      R"({"k":"http","from":"x","r":1,"method":"POST","target":"/api/tables","body":"{}"})",
  };
  for (std::string node; std::getline(lines, node);) {
    if (node.empty()) continue;
    ++channels;
    for (const std::string& payload : forged) {
      std::string quoted;
      for (char c : payload) quoted += c == '\'' ? std::string("''") : std::string(1, c);
      PostgresQuery(db.url(), "SELECT pg_notify('savanna_" + node + "', '" + quoted + "')");
    }
  }
  ASSERT_EQ(channels, 2) << ids;
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  for (size_t n = 0; n < nodes.size(); ++n)
    EXPECT_EQ(Http(nodes.port(n), "GET", "/api/tables").status, 200) << "node " << n;
  const HttpReply created =
      Http(nodes.port(0), "POST", "/api/tables",
           Json{{"game", "kariba(players=2)"}, {"seats", {"human", "random"}}});
  ASSERT_EQ(created.status, 201) << created.body;
  WsClient a(nodes.port(1));
  const Json joined =
      a.Request({{"type", "join"}, {"table", created.json()["id"]}, {"seat", 0}}, "joined");
  EXPECT_EQ(joined["seat"], 0) << joined.dump();
  EXPECT_TRUE(AwaitTurn(a).contains("legal"));
}

// One human seat against an AI, played from a client that may move between nodes.
struct PlayedTable {
  std::string id;
  std::string token;
  size_t node = 0;  // where its client connects
  std::unique_ptr<WsClient> client;
  Json state;
  std::vector<std::pair<int64_t, std::string>> acked;  // (index, action)
  bool finished = false;
};

// Connects `g`'s client to node `g.node` and rejoins until it gets its state (or `deadline`).
bool Reconnect(PlayedTable& g, Nodes& nodes, SteadyClock::time_point deadline) {
  while (SteadyClock::now() < deadline) {
    g.client = std::make_unique<WsClient>(nodes.port(g.node));
    if (g.client->connected()) {
      const Json joined =
          g.client->Request({{"type", "rejoin"}, {"table", g.id}, {"token", g.token}}, "joined");
      if (joined["type"] == "joined") {
        g.state = AwaitTurn(*g.client, std::chrono::seconds(4));
        if (!g.state.is_null()) return true;
      }
    }
    g.node = (g.node + 1) % nodes.size();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

// Plays a random legal action of `g`'s state; true, with the action recorded, when acknowledged.
bool ActOnce(PlayedTable& g, Rng& rng) {
  const std::vector<std::string> legal = g.state["legal"];
  const std::string action = legal[rng.Below(uint32_t(legal.size()))];
  const Json ack = g.client->Request({{"type", "act"}, {"action", action}}, "ack");
  if (ack["type"] != "ack") return false;
  g.acked.emplace_back(ack["index"].get<int64_t>(), action);
  return true;
}

// The failover run: `kills` times, a node is killed with SIGKILL in the middle of the games and
// a new one started in its place; every client whose connection dropped reconnects to another
// node. Afterwards every acknowledged move must be in the database.
void RunFailover(int kills, int games_count, int moves_between_kills) {
  ScratchDatabase db;
  Nodes nodes(db.url(), 3);
  std::vector<PlayedTable> games{size_t(games_count)};
  for (size_t i = 0; i < games.size(); ++i) {
    PlayedTable& g = games[i];
    const HttpReply created = Http(
        nodes.port(i), "POST", "/api/tables",
        Json{{"game", "kariba(players=2)"}, {"seats", {"human", i % 2 ? "random" : "medium"}}});
    ASSERT_EQ(created.status, 201) << created.body;
    g.id = created.json()["id"];
    g.node = i + 1;  // the client on another node than the table, mostly
    g.client = std::make_unique<WsClient>(nodes.port(g.node));
    const Json joined =
        g.client->Request({{"type", "join"}, {"table", g.id}, {"seat", 0}}, "joined");
    ASSERT_EQ(joined["type"], "joined") << joined.dump();
    g.token = joined["token"];
    g.state = AwaitTurn(*g.client);
    ASSERT_TRUE(g.state.contains("legal")) << g.state.dump();
  }
  Rng rng(11);
  std::vector<double> takeovers;  // seconds from a kill until each affected client plays again
  int64_t moves = 0;
  auto play_round = [&] {
    for (PlayedTable& g : games) {
      if (g.finished || !g.state.contains("legal")) continue;
      const bool acked = ActOnce(g, rng);
      moves += acked;
      g.state = acked ? AwaitTurn(*g.client, std::chrono::seconds(6)) : Json();
      if (g.state["status"] == "finished") g.finished = true;
    }
  };
  for (int kill = 0; kill <= kills; ++kill) {
    for (int m = 0; m < moves_between_kills; ++m) play_round();
    // Clients that lost their connection or their state (a node died earlier) reconnect.
    for (PlayedTable& g : games) {
      if (!g.finished && g.state.is_null()) {
        ASSERT_TRUE(Reconnect(g, nodes, SteadyClock::now() + std::chrono::seconds(20))) << g.id;
      }
    }
    if (kill == kills) break;
    const size_t victim = size_t(kill) % nodes.size();
    nodes.Kill(victim);
    const auto killed = SteadyClock::now();
    // Every client tries its next move at once; the ones whose table or connection was on the
    // killed node wait for the takeover, reconnecting to the next node.
    for (PlayedTable& g : games) {
      if (g.finished) continue;
      bool affected = false;
      while (true) {
        if (g.state.is_null() || !g.client->connected() || g.node % nodes.size() == victim) {
          affected = true;
          if (g.node % nodes.size() == victim) g.node = victim + 1;
          ASSERT_TRUE(Reconnect(g, nodes, killed + std::chrono::seconds(30))) << g.id;
        }
        if (!g.state.contains("legal")) break;
        if (ActOnce(g, rng)) {
          ++moves;
          g.state = AwaitTurn(*g.client, std::chrono::seconds(6));
          if (g.state.is_null()) continue;  // the AI's answer did not come: the table moved
          if (g.state["status"] == "finished") g.finished = true;
          break;
        }
        affected = true;
        g.state = Json();  // refused or unanswered: its node is gone; reconnect
      }
      if (affected)
        takeovers.push_back(std::chrono::duration<double>(SteadyClock::now() - killed).count());
    }
    nodes.Replace(victim);
  }
  // Every acknowledged move is in the database, at its index.
  int64_t lost = 0;
  for (const PlayedTable& g : games) {
    const std::string rows =
        PostgresQuery(db.url(), "SELECT idx || ':' || action FROM actions WHERE table_id = '" +
                                    g.id + "' AND player = 0");
    std::set<std::string> stored;  // "index:action", one per row
    std::istringstream lines(rows);
    for (std::string line; std::getline(lines, line);) stored.insert(line);
    for (const auto& [index, action] : g.acked)
      if (!stored.count(std::to_string(index) + ":" + action)) ++lost;
  }
  std::sort(takeovers.begin(), takeovers.end());
  const double median = takeovers.empty() ? 0 : takeovers[takeovers.size() / 2];
  const double worst = takeovers.empty() ? 0 : takeovers.back();
  std::cout << "failover: " << kills << " kills, " << games.size() << " tables, " << moves
            << " acknowledged moves, " << lost << " lost; " << takeovers.size()
            << " clients waited for a takeover: median " << median << " s, max " << worst << " s\n";
  EXPECT_EQ(lost, 0) << "acknowledged moves lost";
  EXPECT_GT(moves, int64_t(kills) * 2);
  EXPECT_LT(worst, 8.0) << "takeover plus reconnection (lease 2 s)";
}

TEST(ClusterTest, KillNineNodesMidGameLosesNoAcknowledgedMove) {
  const char* soak = std::getenv("SAVANNA_SOAK_KILLS");
  const int kills = soak ? std::atoi(soak) : 3;
  RunFailover(kills, soak ? 12 : 6, soak ? 4 : 2);
}

}  // namespace
}  // namespace savanna::testing
