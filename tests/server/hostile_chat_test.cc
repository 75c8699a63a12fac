// Hostile clients, class 8: the table's chat. A line reaches the people seated at the table and
// nobody else (no spectator; an AI seat has no connection and the chat never enters the game);
// markup arrives as the very text that was sent, for the page to show as text; control
// characters become spaces; a long line is cut between characters, never inside one, and one
// too long to read is refused; a seat sending too fast is held back; a spectator, an empty line
// and a table that is gone are refused; and the server serves on.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "core/text.h"
#include "server/server_test_util.h"
#include "server/table.h"

namespace savanna::testing {
namespace {

using std::chrono::milliseconds;

// Two people at a Kariba table with an AI, and a spectator.
class ChatTable : public ServerTest {
 protected:
  void SetUp() override {
    StartServer();
    table = CreateTable("kariba(players=3)", {"human", "human", "random"})["id"];
    ada = std::make_unique<WsClient>(port());
    bo = std::make_unique<WsClient>(port());
    watcher = std::make_unique<WsClient>(port());
    ASSERT_EQ(JoinSeat(*ada, table, 0).value("type", ""), "joined");
    const Json joined = JoinSeat(*bo, table, 1);
    ASSERT_EQ(joined.value("type", ""), "joined");
    bo_token = joined.value("token", "");
    ASSERT_EQ(watcher->Request({{"type", "spectate"}, {"table", table}}, "spectating")["type"],
              "spectating");
  }
  static Json Say(WsClient& client, const std::string& text) {
    return client.Request({{"type", "chat"}, {"text", text}}, "chat_sent");
  }
  // The latest chat line `client` has received. A line may come before the reply to a request
  // (it is then in the history) or after it; a ping answered means every message sent to this
  // connection before it has arrived. (A read that times out would close the connection.)
  static Json Heard(WsClient& client) {
    client.Request({{"type", "ping"}}, "pong");
    const auto& history = client.history();
    for (auto m = history.rbegin(); m != history.rend(); ++m)
      if (m->is_object() && m->value("type", "") == "chat") return (*m)["messages"].back();
    return nullptr;
  }
  // No chat in anything `client` received, up to a ping's answer.
  static void ExpectNoChat(WsClient& client) {
    client.Request({{"type", "ping"}}, "pong");
    for (const Json& m : client.history()) {
      if (m.is_object()) {
        EXPECT_NE(m.value("type", ""), "chat") << m.dump();
      }
    }
  }
  std::string table, bo_token;
  std::unique_ptr<WsClient> ada, bo, watcher;
};

TEST_F(ChatTable, ALineReachesThePeopleSeatedAndNobodyElse) {
  ASSERT_EQ(Say(*ada, "good luck, Bo").value("type", ""), "chat_sent");
  for (WsClient* seated : {ada.get(), bo.get()}) {
    const Json line = Heard(*seated);
    ASSERT_FALSE(line.is_null());
    EXPECT_EQ(line["seat"], 0);
    EXPECT_EQ(line["text"], "good luck, Bo");
    EXPECT_EQ(line["name"], "Guest 1");
  }
  ExpectNoChat(*watcher);
  // The chat never enters the game: not the states, not the record's actions, not the views.
  for (const Json& m : bo->history())
    if (m.is_object() && m.value("type", "") == "state") {
      EXPECT_EQ(m.dump().find("good luck"), std::string::npos);
    }
  const Json summary = Http(port(), "GET", "/api/tables/" + table).json();
  EXPECT_EQ(summary.dump().find("good luck"), std::string::npos);
  // A spectator cannot speak.
  EXPECT_EQ(Say(*watcher, "hello").value("code", ""), "not_seated");
}

TEST_F(ChatTable, MarkupArrivesAsTheTextThatWasSentAndControlsBecomeSpaces) {
  const std::string markup = R"(<script>alert("x")</script><img src=x onerror=alert(1)>&amp;)";
  ASSERT_EQ(Say(*ada, markup).value("type", ""), "chat_sent");
  EXPECT_EQ(Heard(*bo)["text"], markup);
  ASSERT_EQ(Say(*ada, std::string("a\nb\tc\x1b[31md\x7f")).value("type", ""), "chat_sent");
  EXPECT_EQ(Heard(*bo)["text"], "a b c [31md");
  // Nothing to say: only spaces, or nothing.
  EXPECT_EQ(Say(*ada, " \n\t ").value("code", ""), "bad_request");
  EXPECT_EQ(Say(*ada, "").value("code", ""), "bad_request");
  EXPECT_EQ(ada->Request({{"type", "chat"}}, "chat_sent").value("code", ""), "bad_request");
  EXPECT_EQ(ada->Request({{"type", "chat"}, {"text", 7}}, "chat_sent").value("code", ""),
            "bad_request");
}

TEST_F(ChatTable, ALongLineIsCutBetweenCharactersAndOneTooLongIsRefused) {
  // 280 characters are kept: 281 "é" (2 bytes each) lose the last one, whole.
  std::string accents;
  for (int i = 0; i < 281; ++i) accents += "\xc3\xa9";
  ASSERT_EQ(Say(*ada, accents).value("type", ""), "chat_sent");
  const std::string kept = Heard(*bo)["text"];
  EXPECT_EQ(kept, accents.substr(0, 2 * 280));
  EXPECT_EQ(ValidUtf8(kept), kept);
  // A four-byte character where the cut falls: 280 letters, then an emoji that is cut away whole.
  ASSERT_EQ(Say(*ada, std::string(280, 'a') + "\xf0\x9f\x98\x80").value("type", ""), "chat_sent");
  EXPECT_EQ(Heard(*bo)["text"], std::string(280, 'a'));
  // More bytes than 280 characters can take is refused outright.
  std::string emoji;
  for (int i = 0; i < 300; ++i) emoji += "\xf0\x9f\x98\x80";
  const Json refused = Say(*ada, emoji);
  EXPECT_EQ(refused.value("code", ""), "bad_request");
  EXPECT_EQ(ValidUtf8(refused.value("message", "")), refused.value("message", ""));
  EXPECT_EQ(bo->Request({{"type", "ping"}}, "pong").value("type", ""), "pong") << "serves on";
}

TEST_F(ChatTable, ASeatSendingTooFastIsHeldBack) {
  for (int i = 0; i < server::Table::kChatBurst; ++i)
    ASSERT_EQ(Say(*ada, "line " + std::to_string(i)).value("type", ""), "chat_sent") << i;
  const Json held = Say(*ada, "one too many");
  EXPECT_EQ(held.value("code", ""), "rate_limited") << held.dump();
  // The other seat has its own allowance.
  EXPECT_EQ(Say(*bo, "my turn to talk").value("type", ""), "chat_sent");
  std::this_thread::sleep_for(milliseconds(int(server::Table::kChatSecondsPerLine * 1000) + 200));
  EXPECT_EQ(Say(*ada, "again").value("type", ""), "chat_sent");
  // Nothing held back was delivered.
  for (const Json& m : bo->history())
    if (m.is_object() && m.value("type", "") == "chat") {
      for (const Json& line : m["messages"]) EXPECT_NE(line["text"], "one too many");
    }
}

TEST_F(ChatTable, ASeatThatComesBackReadsWhatWasSaid) {
  ASSERT_EQ(Say(*ada, "first").value("type", ""), "chat_sent");
  ASSERT_EQ(Say(*bo, "second").value("type", ""), "chat_sent");
  // Bo's connection drops and comes back with the seat's token.
  bo->Close();
  WsClient again(port());
  const Json rejoined =
      again.Request({{"type", "rejoin"}, {"table", table}, {"token", bo_token}}, "joined");
  ASSERT_EQ(rejoined.value("type", ""), "joined") << rejoined.dump();
  const Json log = again.ReceiveType("chat", false, milliseconds(3000));
  ASSERT_FALSE(log.is_null());
  ASSERT_EQ(log["messages"].size(), 2u);
  EXPECT_EQ(log["messages"][0]["text"], "first");
  EXPECT_EQ(log["messages"][1]["text"], "second");
}

}  // namespace
}  // namespace savanna::testing
