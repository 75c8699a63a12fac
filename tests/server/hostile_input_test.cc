// Hostile clients, class 7: input that once ended the whole process. Error texts quoted what a
// client sent cut by bytes; a cut inside a multi-byte character left invalid UTF-8, the JSON
// writer threw, and nothing caught it. Each input below killed the server, every table and
// connection with it; now each gets an error reply that names what was wrong, and the server
// serves on.
#include <gtest/gtest.h>

#include <string>

#include "core/text.h"
#include "server/server_test_util.h"

namespace savanna::testing {
namespace {

class HostileInputTest : public ServerTest {
 protected:
  // The server still answers a new connection and an HTTP request.
  void ExpectServing() {
    EXPECT_EQ(Http(port(), "GET", "/api/games").status, 200);
    WsClient fresh(port());
    EXPECT_EQ(fresh.Request({{"type", "ping"}}, "pong").value("type", ""), "pong");
  }
  // `message` is valid UTF-8 and quotes `wanted` (a start of what was sent).
  static void ExpectQuotes(const std::string& message, const std::string& wanted) {
    EXPECT_EQ(ValidUtf8(message), message) << "the message cuts inside a character";
    EXPECT_NE(message.find(wanted), std::string::npos) << message;
  }
};

TEST_F(HostileInputTest, AnUnknownFieldCutInsideACharacterOverTheWebSocket) {
  StartServer();
  WsClient client(port());  // no table, no token
  ASSERT_TRUE(client.SendText(R"({"type":"ping",")" + std::string(39, 'a') + "\xc3\xa9x\":1}"));
  const Json reply = client.Receive();
  ASSERT_EQ(reply.value("type", ""), "error") << reply.dump();
  EXPECT_EQ(reply.value("code", ""), "bad_request");
  ExpectQuotes(reply.value("message", ""), "unknown field '" + std::string(39, 'a'));
  EXPECT_EQ(client.Request({{"type", "ping"}}, "pong").value("type", ""), "pong")
      << "the same connection goes on";
  ExpectServing();
}

TEST_F(HostileInputTest, AnUnknownFieldCutInsideACharacterInATableRequest) {
  StartServer();
  const std::string body = R"x({"game": "kariba(players=2)", "seats": ["human", "random"], ")x" +
                           std::string(39, 'b') + "\xc3\xa9\": 1}";
  const HttpReply reply = Http(port(), "POST", "/api/tables", body);
  EXPECT_EQ(reply.status, 400);
  EXPECT_EQ(reply.code(), "bad_request");
  ExpectQuotes(reply.json().value("message", ""), "unknown field '" + std::string(39, 'b'));
  ExpectServing();
}

TEST_F(HostileInputTest, AGameSpecCutInsideACharacter) {
  StartServer();
  const std::string spec = "kariba(players=" + std::string(71, 'a') + "\xc3\xa9)";
  const HttpReply reply =
      Http(port(), "POST", "/api/tables", Json{{"game", spec}, {"seats", {"human", "random"}}});
  EXPECT_EQ(reply.status, 400) << reply.body;
  ExpectQuotes(reply.json().value("message", ""), "players");
  // The same spec as a seat's agent.
  const HttpReply seat =
      Http(port(), "POST", "/api/tables",
           Json{{"game", "kariba(players=2)"},
                {"seats", {"human", "ismcts(iters=" + std::string(71, '9') + "\xe2\x82\xac)"}}});
  EXPECT_EQ(seat.status, 400) << seat.body;
  EXPECT_EQ(ValidUtf8(seat.json().value("message", "")), seat.json().value("message", ""));
  ExpectServing();
}

TEST_F(HostileInputTest, AnActionCutInsideACharacter) {
  StartServer();
  const std::string id = CreateTable("kariba(players=2)", {"human", "random"})["id"];
  WsClient client(port());
  ASSERT_EQ(JoinSeat(client, id, 0).value("type", ""), "joined");
  for (const std::string& tail :
       {std::string("\xc3\xa9"), std::string("\xe2\x82\xac"), std::string("\xf0\x9f\x90\x98")}) {
    const std::string action = std::string(80 - tail.size() + 1, 'p') + tail;
    const Json reply = client.Request({{"type", "act"}, {"action", action}}, "ack");
    ASSERT_EQ(reply.value("type", ""), "error") << reply.dump();
    ExpectQuotes(reply.value("message", ""), std::string(40, 'p'));
  }
  ExpectServing();
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + id).status, 200) << "the table lives on";
}

}  // namespace
}  // namespace savanna::testing
