// Tests of the text helpers: quoting what a client typed back in an error message on one line,
// and the messages that use it (an unknown action, a bad parameter value).
#include "core/text.h"

#include <gtest/gtest.h>

#include <iterator>
#include <string>
#include <string_view>

#include "core/json_io.h"
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

// ---- Cutting between characters ----

// Characters of 1, 2, 3 and 4 bytes, one after another, twice.
const std::string kMixed =
    "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x90\x98z\xc3\xa9\xe2\x82\xac\xf0\x9f\x90\x98";

TEST(Utf8, CharLengthKnowsWellFormedCharactersFromEverythingElse) {
  EXPECT_EQ(Utf8CharLength("a"), 1u);
  EXPECT_EQ(Utf8CharLength("\xc3\xa9"), 2u);
  EXPECT_EQ(Utf8CharLength("\xe2\x82\xac"), 3u);
  EXPECT_EQ(Utf8CharLength("\xf0\x9f\x90\x98"), 4u);
  EXPECT_EQ(Utf8CharLength(""), 0u);
  EXPECT_EQ(Utf8CharLength("\xa9"), 0u) << "a continuation byte alone";
  EXPECT_EQ(Utf8CharLength("\xc3"), 0u) << "cut short";
  EXPECT_EQ(Utf8CharLength("\xe2\x82"), 0u) << "cut short";
  EXPECT_EQ(Utf8CharLength("\xc0\xaf"), 0u) << "an overlong '/'";
  EXPECT_EQ(Utf8CharLength("\xe0\x80\xaf"), 0u) << "an overlong '/'";
  EXPECT_EQ(Utf8CharLength("\xed\xa0\x80"), 0u) << "a surrogate";
  EXPECT_EQ(Utf8CharLength("\xf4\x90\x80\x80"), 0u) << "past U+10FFFF";
  EXPECT_EQ(Utf8CharLength("\xff"), 0u);
  EXPECT_EQ(Utf8CharLength("\xc3\x28"), 0u) << "a lead byte without its continuation";
}

// Every cut of multi-byte text, at every length, is well-formed, the longest such start of the
// text, and never longer than asked.
TEST(Utf8, EveryCutLengthOfMultiByteTextFallsBetweenCharacters) {
  for (size_t max = 0; max <= kMixed.size() + 1; ++max) {
    const std::string_view cut = CutToBytes(kMixed, max);
    EXPECT_LE(cut.size(), max);
    EXPECT_EQ(kMixed.substr(0, cut.size()), cut);
    EXPECT_EQ(ValidUtf8(cut), cut) << "cut at " << max;
    if (cut.size() < kMixed.size()) {
      EXPECT_GT(cut.size() + Utf8CharLength(std::string_view(kMixed).substr(cut.size())), max)
          << "the next whole character would have fitted at " << max;
    }
  }
  const size_t lengths[] = {0, 1, 3, 6, 10, 11, 13, 16, 20};  // ends of the characters
  for (size_t chars = 0; chars < std::size(lengths); ++chars)
    EXPECT_EQ(CutToChars(kMixed, chars).size(), lengths[chars]) << chars << " characters";
}

TEST(Utf8, IllFormedBytesAreReplacedOrCountedOneByOne) {
  EXPECT_EQ(ValidUtf8("ok\xff\xc3 \xc3\xa9"), "ok\xef\xbf\xbd\xef\xbf\xbd \xc3\xa9");
  EXPECT_EQ(CutToBytes("\xff\xfe\xfd", 2), "\xff\xfe");
  EXPECT_EQ(CutToChars("\xff\xc3\xa9", 1), "\xff");
}

// The quote of any text, cut at any length, is well-formed UTF-8 and can be written as JSON.
TEST(QuoteForMessage, EveryCutOfMultiByteTextIsWellFormed) {
  const std::string broken = kMixed + "\xff\xc3" + kMixed.substr(0, 5);
  for (const std::string& text : {kMixed, broken}) {
    for (size_t max = 0; max <= text.size() + 1; ++max) {
      const std::string quote = QuoteForMessage(text, max);
      EXPECT_EQ(ValidUtf8(quote), quote) << "cut at " << max;
      EXPECT_EQ(Json::parse(JsonText(Json(quote))), Json(quote));
    }
  }
  EXPECT_EQ(QuoteForMessage("\xc3\xa9t\xc3\xa9", 2), "'\xc3\xa9t...'") << "counts characters";
  EXPECT_EQ(QuoteForMessage("a\xff"
                            "b\xc3"),
            "'a\\xffb\\xc3'")
      << "ill-formed bytes escaped";
}

TEST(JsonText, BytesThatAreNotUtf8AreWrittenAsReplacementCharacters) {
  const Json bad = {{"k\xc3", "v\xe2\x82"}, {"ok", "\xc3\xa9"}};
  EXPECT_THROW((void)bad.dump(), Json::type_error) << "what the plain writer does";
  std::string text;
  ASSERT_NO_THROW(text = JsonText(bad));
  const Json back = Json::parse(text);
  EXPECT_EQ(back["ok"], "\xc3\xa9");
  EXPECT_EQ(back["k\xef\xbf\xbd"], "v\xef\xbf\xbd");
  EXPECT_EQ(JsonText(Json{{"a", 1}}, 2), "{\n  \"a\": 1\n}");
}

}  // namespace
}  // namespace savanna
