// Hostile clients, class 4: connections. One client holds at most its share of connections;
// silent, slow and idle connections are closed (HTTP requests must arrive whole in time,
// WebSockets must answer pings, and one that follows no table must say something); oversized
// headers get 431; a client that does not read its messages is dropped; and a server that runs
// out of file descriptors pauses accepting instead of spinning. An honest client (another
// address) is served meanwhile.
#include <chrono>
#include <thread>

#include "server/raw_client.h"
#include "server/server_process.h"
#include "server/server_test_util.h"

namespace savanna::testing {
namespace {

using Clock = std::chrono::steady_clock;

class HostileConnectionsTest : public ServerTest {
 protected:
  void ExpectHonestServed() {
    EXPECT_EQ(HttpFrom(kHonest, port(), "GET", "/api/games").status, 200);
    WsClient ws(port(), kHonest);
    EXPECT_EQ(ws.Request({{"type", "ping"}, {"id", 7}}, "pong")["id"], 7);
  }
};

TEST_F(HostileConnectionsTest, OneClientHoldsAtMostItsShareOfConnections) {
  server::ServerOptions options;
  options.max_connections_per_client = 8;
  StartServer(options);
  std::vector<RawConnection> held;
  for (int i = 0; i < 30; ++i) held.emplace_back(port(), kAttacker);
  int closed = 0;
  for (auto& c : held) closed += c.ClosedByPeer(milliseconds(100)) ? 1 : 0;
  EXPECT_EQ(closed, 22) << "all but 8 closed at once";
  ExpectHonestServed();
  // Closing some frees their places.
  held.clear();
  std::this_thread::sleep_for(milliseconds(100));
  EXPECT_EQ(HttpFrom(kAttacker, port(), "GET", "/api/games").status, 200);
}

TEST_F(HostileConnectionsTest, SilentAndSlowConnectionsAreClosed) {
  server::ServerOptions options;
  options.http_timeout = 1;
  options.ws_idle_timeout = 1;
  StartServer(options);
  const std::string table = CreateTable("kariba(players=2)", {"human", "human"})["id"];

  RawConnection silent(port(), kAttacker);  // connects and says nothing
  RawConnection slow(port(), kAttacker);    // sends its request a byte at a time
  RawConnection ws_silent(port(), kAttacker);
  ASSERT_TRUE(RawWebSocketHandshake(ws_silent));  // a WebSocket that follows nothing
  RawConnection ws_deaf(port(), kAttacker);
  ASSERT_TRUE(RawWebSocketHandshake(ws_deaf));  // follows a table, never answers a ping
  ws_deaf.Send(MaskedTextFrame(Json{{"type", "spectate"}, {"table", table}}.dump()));

  const auto start = Clock::now();
  const std::string request = "GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n";
  size_t sent = 0;
  bool slow_closed = false;
  while (Clock::now() - start < std::chrono::milliseconds(2500) && !slow_closed) {
    if (sent < request.size()) slow.Send(request.substr(sent++, 1));
    slow_closed = slow.ClosedByPeer(milliseconds(200));
  }
  EXPECT_TRUE(slow_closed) << "a request must arrive whole within the HTTP timeout";
  EXPECT_LT(sent, request.size());
  EXPECT_TRUE(silent.ClosedByPeer(milliseconds(1000)));
  EXPECT_TRUE(ws_silent.ClosedByPeer(milliseconds(3000)));
  EXPECT_TRUE(ws_deaf.ClosedByPeer(milliseconds(3000)));
  ExpectHonestServed();
}

TEST_F(HostileConnectionsTest, AWebSocketThatAnswersPingsStaysWhileItFollowsATable) {
  server::ServerOptions options;
  options.ws_idle_timeout = 0.5;
  StartServer(options);
  const std::string table = CreateTable("kariba(players=2)", {"human", "human"})["id"];
  RawConnection player(port(), kHonest);
  ASSERT_TRUE(RawWebSocketHandshake(player));
  player.Send(MaskedTextFrame(Json{{"type", "spectate"}, {"table", table}}.dump()));
  // It says nothing for 2 s (four idle periods) but answers the server's pings, as browsers do.
  EXPECT_TRUE(AnswerPings(player, std::chrono::seconds(2)));
  // One that stops answering is closed.
  EXPECT_TRUE(player.ClosedByPeer(std::chrono::seconds(3)));
}

TEST_F(HostileConnectionsTest, OversizedHeadersGet431) {
  server::ServerOptions options;
  options.max_header_bytes = 4096;
  StartServer(options);
  const std::string response = RawRequest(
      port(), "GET", "/api/games", "X-Padding: " + std::string(8000, 'a') + "\r\n", "", kAttacker);
  EXPECT_EQ(StatusOf(response), 431);
  EXPECT_NE(BodyOf(response).find("headers_too_big"), std::string::npos);
  const std::string long_target =
      RawRequest(port(), "GET", "/" + std::string(8000, 'a'), "", "", kAttacker);
  EXPECT_EQ(StatusOf(long_target), 431);
  ExpectHonestServed();
}

TEST_F(HostileConnectionsTest, AClientThatDoesNotReadItsMessagesIsDropped) {
  server::ServerOptions options;
  options.max_queued_bytes = 64 << 10;
  options.messages_per_second = 1e5;  // no message is refused: the queue is what stops it
  options.message_burst = 1e5;
  StartServer(options);
  const std::string table = CreateTable("kariba(players=2)", {"human", "human"})["id"];
  RawConnection reader(port(), kAttacker);
  ASSERT_TRUE(RawWebSocketHandshake(reader));
  // Each spectate makes the server send the table's whole state; the client never reads.
  const std::string frame = MaskedTextFrame(Json{{"type", "spectate"}, {"table", table}}.dump());
  bool dropped = false;
  for (int i = 0; i < 20000 && !dropped; ++i) dropped = !reader.Send(frame);
  dropped = dropped || reader.ClosedByPeer(milliseconds(2000));
  EXPECT_TRUE(dropped) << "the server kept queueing for a client that does not read";
  ExpectHonestServed();
}

TEST_F(HostileConnectionsTest, AHugeWebSocketMessageClosesTheConnectionUnread) {
  server::ServerOptions options;
  options.max_message_bytes = 4096;  // replies message_too_big up to 64 KiB, closes beyond
  StartServer(options);
  WsClient medium(port(), kAttacker);
  ASSERT_TRUE(medium.SendText(std::string(40000, ' ')));
  EXPECT_EQ(medium.ReceiveType("error").value("code", ""), "message_too_big");
  EXPECT_EQ(medium.Request({{"type", "ping"}, {"id", 1}}, "pong")["id"], 1) << "still open";

  // A frame that announces 1 GiB: closed after its header, nothing of it is kept.
  RawConnection huge(port(), kAttacker);
  ASSERT_TRUE(RawWebSocketHandshake(huge));
  huge.Send(std::string(1, char(0x81)) + MaskedFrameLength(uint64_t(1) << 30) + "\x12\x34\x56\x78" +
            std::string(1000, 'x'));
  EXPECT_TRUE(huge.ClosedByPeer(milliseconds(3000)));
  // Just over the limit: closed too.
  RawConnection over(port(), kAttacker);
  ASSERT_TRUE(RawWebSocketHandshake(over));
  over.Send(MaskedTextFrame(std::string((64 << 10) + 1, ' ')));
  EXPECT_TRUE(over.ClosedByPeer(milliseconds(3000)));
  ExpectHonestServed();
}

// The built program under a lowered descriptor limit (64), with attackers on many addresses.
class DescriptorExhaustionTest : public ::testing::Test {
 protected:
  // Attackers from 127.0.1.1, 127.0.1.2, ... (`per_address` each).
  static std::vector<RawConnection> Flood(uint16_t port, int addresses, int per_address) {
    std::vector<RawConnection> held;
    for (int a = 1; a <= addresses; ++a)
      for (int i = 0; i < per_address; ++i) held.emplace_back(port, "127.0.1." + std::to_string(a));
    return held;
  }
  TempDir dir_;
};

TEST_F(DescriptorExhaustionTest, OneClientCannotUseUpTheDescriptors) {
  ServerProcess server(dir_.Path("t.db"), {"--max-connections-per-client", "8"}, 64);
  ASSERT_NE(server.port(), 0) << server.first_line();
  auto held = Flood(server.port(), 1, 200);
  EXPECT_EQ(HttpFrom(kHonest, server.port(), "GET", "/api/games").status, 200);
}

TEST_F(DescriptorExhaustionTest, OutOfDescriptorsTheServerPausesInsteadOfSpinning) {
  // No connection limit below the descriptor limit: accept() itself runs out.
  ServerProcess server(dir_.Path("t.db"), {"--max-connections", "100000"}, 64);
  ASSERT_NE(server.port(), 0) << server.first_line();
  auto held = Flood(server.port(), 20, 6);  // 120 connections against 64 descriptors
  std::this_thread::sleep_for(milliseconds(300));
  const double before = server.CpuSeconds();
  std::this_thread::sleep_for(std::chrono::seconds(2));
  const double busy = (server.CpuSeconds() - before) / 2;
  EXPECT_LT(busy, 0.05) << "the server spins on accept: " << busy * 100 << "% of a core";
  held.clear();  // the attackers leave
  bool served = false;
  for (int i = 0; i < 40 && !served; ++i) {
    served = HttpFrom(kHonest, server.port(), "GET", "/api/games").status == 200;
    if (!served) std::this_thread::sleep_for(milliseconds(100));
  }
  EXPECT_TRUE(served) << "the server serves again once descriptors are free";
}

TEST_F(DescriptorExhaustionTest, TheDefaultConnectionLimitKeepsDescriptorsInReserve) {
  ServerProcess server(dir_.Path("t.db"), {}, 64);
  ASSERT_NE(server.port(), 0) << server.first_line();
  auto held = Flood(server.port(), 20, 6);
  std::this_thread::sleep_for(milliseconds(300));
  const double before = server.CpuSeconds();
  std::this_thread::sleep_for(std::chrono::seconds(1));
  EXPECT_LT(server.CpuSeconds() - before, 0.05);
  held.erase(held.begin() + 10, held.end());  // most attackers leave
  std::this_thread::sleep_for(milliseconds(200));
  EXPECT_EQ(HttpFrom(kHonest, server.port(), "GET", "/api/games").status, 200);
}

}  // namespace
}  // namespace savanna::testing
