// Hostile clients, class 8: the table's chat. A line reaches the people seated at the table and
// nobody else (no spectator; an AI seat has no connection and the chat never enters the game);
// markup arrives as the very text that was sent, for the page to show as text; control
// characters become spaces; a long line is cut between characters, never inside one, and one
// too long to read is refused; a seat sending too fast is held back (every connection of the seat
// shares one allowance); a spectator and an empty line are refused; nothing secret travels with
// a line; a name or a line cannot turn the text around it (direction marks); a flood of lines
// and bytes that are not UTF-8 leave the server and the game serving on.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <set>
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

TEST_F(ChatTable, UnicodeControlsLineSeparatorsAndDirectionMarksBecomeSpaces) {
  // NEL (a C1 control), the line separator, a right-to-left override and a left-to-right
  // isolate: each would break the line or turn the text (and the name before it) around.
  ASSERT_EQ(Say(*ada,
                "a\xc2\x85"
                "b\xe2\x80\xa8"
                "c\xe2\x80\xae"
                "d\xe2\x81\xa6"
                "e")
                .value("type", ""),
            "chat_sent");
  EXPECT_EQ(Heard(*bo)["text"], "a b c d e");
  // Letters of every script, combining marks and emoji with joiners pass unchanged.
  const std::string words =
      "\xd8\xb3\xd9\x84\xd8\xa7\xd9\x85 \xe4\xbd\xa0\xe5\xa5\xbd e\xcc\x81 "
      "\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa9";
  ASSERT_EQ(Say(*ada, words).value("type", ""), "chat_sent");
  EXPECT_EQ(Heard(*bo)["text"], words);
}

TEST_F(ChatTable, ANameIsOneLineOfText) {
  // A third person takes the free seat of another table under a name with a line break and a
  // direction override.
  const std::string other = CreateTable("kariba(players=2)", {"human", "human"})["id"];
  WsClient cy(port()), dee(port());
  const Json joined = cy.Request({{"type", "join"},
                                  {"table", other},
                                  {"seat", 0},
                                  {"name",
                                   "Cy\n\xe2\x80\xae"
                                   "evil"}},
                                 "joined");
  ASSERT_EQ(joined.value("type", ""), "joined") << joined.dump();
  ASSERT_EQ(JoinSeat(dee, other, 1).value("type", ""), "joined");
  ASSERT_EQ(Say(cy, "hi").value("type", ""), "chat_sent");
  EXPECT_EQ(Heard(dee)["name"], "Cy  evil");
}

TEST_F(ChatTable, NothingSecretTravelsWithALine) {
  ASSERT_EQ(Say(*bo, "hello").value("type", ""), "chat_sent");
  // Neither the reply nor any chat line names a token, a seed or the hidden state.
  for (WsClient* c : {ada.get(), bo.get()}) {
    ASSERT_FALSE(Heard(*c).is_null());
    for (const Json& m : c->history()) {
      if (!m.is_object()) continue;
      const std::string type = m.value("type", "");
      if (type != "chat" && type != "chat_sent") continue;
      const std::string text = m.dump();
      EXPECT_EQ(text.find(bo_token), std::string::npos) << text;
      for (const char* secret : {"token", "seed", "hand", "deck"})
        EXPECT_EQ(text.find(secret), std::string::npos) << secret << " in " << text;
      if (type == "chat") {
        for (const Json& line : m["messages"]) {
          std::set<std::string> keys;
          for (const auto& [key, value] : line.items()) keys.insert(key);
          EXPECT_EQ(keys, (std::set<std::string>{"seat", "name", "text", "at"})) << line.dump();
        }
      }
    }
  }
}

TEST_F(ChatTable, EveryConnectionOfASeatSharesOneAllowance) {
  // Bo opens a second connection to his seat with its token: it does not bring a fresh allowance.
  WsClient second(port());
  ASSERT_EQ(second.Request({{"type", "rejoin"}, {"table", table}, {"token", bo_token}}, "joined")
                .value("type", ""),
            "joined");
  for (int i = 0; i < server::Table::kChatBurst; ++i)
    ASSERT_EQ(Say(i % 2 ? second : *bo, "line " + std::to_string(i)).value("type", ""), "chat_sent")
        << i;
  EXPECT_EQ(Say(second, "one more").value("code", ""), "rate_limited");
  EXPECT_EQ(Say(*bo, "and one more").value("code", ""), "rate_limited");
}

TEST_F(ChatTable, AFloodAndBytesThatAreNotUtf8LeaveTheServerServing) {
  // Three hundred lines sent without waiting for a reply: the first kChatBurst go out, the
  // others are refused (and the connection may be closed for being refused so often), but for
  // the one line a seat earns every kChatSecondsPerLine while the flood is read.
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 300; ++i) ada->Send({{"type", "chat"}, {"id", i}, {"text", "spam"}});
  // Raw bytes that are not UTF-8 in a text frame (which a WebSocket may not carry).
  WsClient raw(port());
  raw.SendText("{\"type\":\"chat\",\"text\":\"\xff\xfe\xc3\"}");
  // What Bo heard, once the burst has reached him (each ping answered means every line sent to
  // him before it arrived).
  const auto heard = [&] {
    bo->Request({{"type", "ping"}}, "pong");
    int n = 0;
    for (const Json& m : bo->history())
      if (m.is_object() && m.value("type", "") == "chat") n += int(m["messages"].size());
    return n;
  };
  for (int tries = 0; tries < 100 && heard() < server::Table::kChatBurst; ++tries)
    std::this_thread::sleep_for(milliseconds(100));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const int n = heard();
  EXPECT_GE(n, server::Table::kChatBurst);
  EXPECT_LE(n, server::Table::kChatBurst + 1 + int(seconds / server::Table::kChatSecondsPerLine));
  // The table and the server serve on.
  EXPECT_EQ(Say(*bo, "still here").value("type", ""), "chat_sent");
  EXPECT_EQ(Http(port(), "GET", "/api/tables/" + table).status, 200);
  WsClient fresh(port());
  EXPECT_EQ(fresh.Request({{"type", "ping"}}, "pong").value("type", ""), "pong");
}

}  // namespace
}  // namespace savanna::testing
