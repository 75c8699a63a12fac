// The net file format (docs/nets.md): the checksum, the round trip, and every refusal, each
// naming the file and the reason.
#include "nn/net_file.h"

#include <gtest/gtest.h>

#include <cstring>

#include "games/registry.h"
#include "nn/net.h"
#include "testing/expect_error.h"
#include "testing/tiny_net.h"

namespace savanna::nn {
namespace {

using savanna::testing::ExpectError;

// A valid file for kariba with 2 to 4 players and one hidden layer of 8.
std::string KaribaFileBytes() {
  auto game = Games().Create("kariba(players=3)");
  EXPECT_TRUE(game.has_value());
  return savanna::testing::TinyNetBytes(**game, {8}, 1);
}

// The file's header line, parsed, and the weight bytes after it.
std::pair<Json, std::string> SplitNetFile(const std::string& bytes) {
  const size_t start = kNetMagic.size();
  const size_t end = bytes.find('\n', start);
  return {Json::parse(bytes.substr(start, end - start)), bytes.substr(end + 1)};
}

std::string JoinNetFile(const Json& header, const std::string& weights) {
  return std::string(kNetMagic) + header.dump() + "\n" + weights;
}

TEST(NetFile, Fnv1aOfKnownStrings) {
  // The published test values of FNV-1a 64.
  EXPECT_EQ(Fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(Fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(Fnv1a64("foobar"), 0x85944171f73967e8ull);
}

TEST(NetFile, EncodedFileReadsBackExactly) {
  NetHeader header;
  header.game = "kariba";
  header.layout = 3;
  header.players = {2, 4};
  header.input = 10;
  header.actions = 3;
  header.seats = 4;
  header.trunk = {2};
  header.provenance = {{"note", "hand"}};
  std::vector<float> weights(size_t(header.WeightCount()));
  for (size_t i = 0; i < weights.size(); ++i) weights[i] = float(i) * 0.5f - 3.0f;
  EXPECT_EQ(header.WeightCount(), 2 * 11 + 3 * 3 + 4 * 3);
  const std::string bytes = EncodeNetFile(header, weights);
  EXPECT_EQ(bytes.substr(0, 14), "savanna-net 1\n");
  EXPECT_EQ(bytes.size(), bytes.find('\n', 14) + 1 + weights.size() * 4);
  auto file = ParseNetFile(bytes, "hand.bin");
  ASSERT_TRUE(file) << file.error().message;
  EXPECT_EQ(file->header.players, header.players);
  EXPECT_EQ(file->header.trunk, header.trunk);
  EXPECT_EQ(file->header.provenance, header.provenance);
  EXPECT_EQ(file->weights, weights);
  // The header line is the compact JSON with the checksum as 16 hex digits.
  const Json line = SplitNetFile(bytes).first;
  EXPECT_EQ(line["checksum"].get<std::string>().size(), 16u);
  EXPECT_EQ(
      std::stoull(line["checksum"].get<std::string>(), nullptr, 16),
      Fnv1a64(std::string_view(reinterpret_cast<const char*>(weights.data()), weights.size() * 4)));
}

TEST(NetFile, RefusesAnotherFormat) {
  ExpectError(ParseNetFile("savanna-net 2\n{}\n", "x.bin"), ErrorCode::kBadData,
              "x.bin: not a savanna net file");
  ExpectError(ParseNetFile("", "x.bin"), ErrorCode::kBadData, "x.bin: not a savanna net file");
}

TEST(NetFile, RefusesAHeaderWithoutItsLineEnd) {
  const std::string bytes = KaribaFileBytes();
  ExpectError(ParseNetFile(bytes.substr(0, 30), "x.bin"), ErrorCode::kBadData,
              "x.bin: the header line has no end (truncated)");
}

TEST(NetFile, RefusesAHeaderThatIsNotJson) {
  ExpectError(ParseNetFile("savanna-net 1\n{\"game\": \n", "x.bin"), ErrorCode::kParseError,
              "x.bin: header");
  ExpectError(ParseNetFile("savanna-net 1\n[1, 2]\n", "x.bin"), ErrorCode::kBadData,
              "x.bin: the header is not a JSON object");
}

TEST(NetFile, RefusesMissingOrBadFields) {
  const auto [header, weights] = SplitNetFile(KaribaFileBytes());
  for (const char* key :
       {"game", "layout", "players", "input", "actions", "seats", "trunk", "checksum"}) {
    Json h = header;
    h.erase(key);
    ExpectError(ParseNetFile(JoinNetFile(h, weights), "x.bin"), ErrorCode::kBadData,
                std::string("x.bin: missing field '") + key + "'");
  }
  const std::vector<std::pair<std::pair<const char*, Json>, std::string>> bad = {
      {{"players", Json::array({3, 2})}, "field 'players' must be strictly increasing"},
      {{"players", Json::array()}, "field 'players' is empty"},
      {{"input", -1}, "field 'input' must be an integer"},
      {{"input", 3}, "leaves no room for the observation"},
      {{"seats", 3}, "field 'seats' (3) must be the largest player count (4)"},
      {{"trunk", Json::array({8, 0})}, "trunk[1] must be an integer"},
      {{"checksum", "12"}, "field 'checksum' must be 16 lowercase hex digits"},
      {{"provenance", 5}, "field 'provenance' must be an object"},
  };
  for (const auto& [field, words] : bad) {
    Json h = header;
    h[field.first] = field.second;
    ExpectError(ParseNetFile(JoinNetFile(h, weights), "x.bin"), ErrorCode::kBadData, words);
  }
}

TEST(NetFile, RefusesTruncatedAndTooLongWeights) {
  const std::string bytes = KaribaFileBytes();
  ExpectError(ParseNetFile(bytes.substr(0, bytes.size() - 4), "x.bin"), ErrorCode::kBadData,
              "x.bin: truncated");
  ExpectError(ParseNetFile(bytes + "abc", "x.bin"), ErrorCode::kBadData,
              "x.bin: too long: 3 bytes after");
}

TEST(NetFile, RefusesAChangedWeight) {
  std::string bytes = KaribaFileBytes();
  bytes[bytes.size() - 2] ^= 1;
  ExpectError(ParseNetFile(bytes, "x.bin"), ErrorCode::kBadData, "x.bin: checksum mismatch");
}

}  // namespace
}  // namespace savanna::nn
