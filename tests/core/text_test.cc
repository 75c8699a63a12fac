// Tests of the text helpers: quoting what a client typed back in an error message on one line,
// and the messages that use it (an unknown action, a bad parameter value).
#include "core/text.h"

#include <gtest/gtest.h>

#include <string>

#include "core/params.h"
#include "testing/test_games.h"

namespace savanna {
namespace {

TEST(QuoteForMessage, PlainTextIsQuotedAsItIs) {
  EXPECT_EQ(QuoteForMessage("bid 3"), "'bid 3'");
  EXPECT_EQ(QuoteForMessage(""), "''");
}

TEST(QuoteForMessage, ControlCharactersAndBackslashesAreWrittenOut) {
  EXPECT_EQ(QuoteForMessage("0\n0"), "'0\\n0'");
  EXPECT_EQ(QuoteForMessage("a\r\tb\\c"), "'a\\r\\tb\\\\c'");
  EXPECT_EQ(QuoteForMessage(std::string("x\0y\x1b[2J\x7f", 8)), "'x\\x00y\\x1b[2J\\x7f'");
}

TEST(QuoteForMessage, LongTextIsCutWithAnEllipsis) {
  EXPECT_EQ(QuoteForMessage(std::string(100, 'a'), 5), "'aaaaa...'");
  EXPECT_EQ(QuoteForMessage("abcde", 5), "'abcde'");
  const std::string huge(1 << 20, 'z');
  EXPECT_LT(QuoteForMessage(huge).size(), 100u);
}

TEST(QuoteForMessage, AnUnknownActionIsNamedOnOneLine) {
  auto game = testing::TestGames().Create("sealed_bids(players=2,cards=3)");
  ASSERT_TRUE(game.has_value());
  auto state = (*game)->NewInitialState(1);
  auto parsed = state->ParseAction(0, "bid 1\nplayer 1 resigns");
  ASSERT_FALSE(parsed.has_value());
  const std::string& message = parsed.error().message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_NE(message.find("'bid 1\\nplayer 1 resigns' is not a legal action for player 0"),
            std::string::npos)
      << message;
}

TEST(QuoteForMessage, ABadParameterValueIsNamedOnOneLine) {
  auto game = testing::TestGames().Create("sealed_bids(players=2\n3)");
  ASSERT_FALSE(game.has_value());
  EXPECT_EQ(game.error().message.find('\n'), std::string::npos) << game.error().message;
}

}  // namespace
}  // namespace savanna
