// Reading and writing net files: every way a file can be damaged is an error naming the file.
#include "nn/net_file.h"

#include <bit>
#include <cstdio>
#include <cstring>

#include "core/json_io.h"

namespace savanna::nn {
namespace {

static_assert(std::endian::native == std::endian::little,
              "net files hold little-endian float32: a big-endian host would need a byte swap");
static_assert(sizeof(float) == 4);

// Limits that keep a hostile header from asking for absurd sizes before the length check.
constexpr int64_t kMaxWidth = 1 << 20;
constexpr int64_t kMaxLayers = 64;
constexpr int64_t kMaxSeats = 64;

Result<NetHeader> Bad(const std::string& name, const std::string& reason) {
  return Fail(ErrorCode::kBadData, name + ": " + reason);
}

std::string Hex16(uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof(text), "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// A list of integers from `lo` to `hi`, at most kMaxLayers long.
Result<std::vector<int>> IntList(const Json& header, std::string_view key, int64_t lo, int64_t hi) {
  auto array = ArrayField(header, key);
  if (!array) return tl::unexpected(array.error());
  if (int64_t((*array)->size()) > kMaxLayers)
    return Fail(ErrorCode::kBadData, "field '" + std::string(key) + "' has more than " +
                                         std::to_string(kMaxLayers) + " entries");
  std::vector<int> out;
  for (size_t i = 0; i < (*array)->size(); ++i) {
    auto v = IntElement(**array, i, lo, hi, key);
    if (!v) return tl::unexpected(v.error());
    out.push_back(int(*v));
  }
  return out;
}

}  // namespace

int64_t NetHeader::WeightCount() const {
  int64_t count = 0;
  int64_t in = input;
  for (int width : trunk) {
    count += int64_t(width) * (in + 1);
    in = width;
  }
  return count + int64_t(actions) * (in + 1) + int64_t(seats) * (in + 1);
}

Json NetHeader::ToJson() const {
  Json j;
  j["game"] = game;
  j["layout"] = layout;
  j["players"] = players;
  j["input"] = input;
  j["actions"] = actions;
  j["seats"] = seats;
  j["trunk"] = trunk;
  j["checksum"] = Hex16(checksum);
  j["provenance"] = provenance;
  return j;
}

uint64_t Fnv1a64(std::string_view bytes) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

Result<NetHeader> ParseNetHeader(const Json& json, const std::string& name) {
  if (!json.is_object()) return Bad(name, "the header is not a JSON object");
  NetHeader h;
  auto game = StringField(json, "game");
  if (!game) return Bad(name, game.error().message);
  h.game = *game;
  auto layout = IntField(json, "layout", 0, INT32_MAX);
  if (!layout) return Bad(name, layout.error().message);
  h.layout = int(*layout);
  auto players = IntList(json, "players", 1, kMaxSeats);
  if (!players) return Bad(name, players.error().message);
  h.players = *players;
  if (h.players.empty()) return Bad(name, "field 'players' is empty");
  for (size_t i = 1; i < h.players.size(); ++i)
    if (h.players[i] <= h.players[i - 1])
      return Bad(name, "field 'players' must be strictly increasing");
  for (auto [key, field] : {std::pair{"input", &h.input}, std::pair{"actions", &h.actions},
                            std::pair{"seats", &h.seats}}) {
    auto value = IntField(json, key, 1, kMaxWidth);
    if (!value) return Bad(name, value.error().message);
    *field = int(*value);
  }
  if (h.seats != h.players.back())
    return Bad(name, "field 'seats' (" + std::to_string(h.seats) +
                         ") must be the largest player count (" + std::to_string(h.players.back()) +
                         ")");
  if (h.input <= int(h.players.size()))
    return Bad(name, "field 'input' (" + std::to_string(h.input) +
                         ") leaves no room for the observation beside the " +
                         std::to_string(h.players.size()) + " player-count slots");
  auto trunk = IntList(json, "trunk", 1, kMaxWidth);
  if (!trunk) return Bad(name, trunk.error().message);
  h.trunk = *trunk;
  auto checksum = StringField(json, "checksum");
  if (!checksum) return Bad(name, checksum.error().message);
  const bool hex = checksum->size() == 16 &&
                   checksum->find_first_not_of("0123456789abcdef") == std::string::npos;
  if (!hex) return Bad(name, "field 'checksum' must be 16 lowercase hex digits");
  h.checksum = std::stoull(*checksum, nullptr, 16);
  if (auto p = json.find("provenance"); p != json.end()) {
    if (!p->is_object()) return Bad(name, "field 'provenance' must be an object");
    h.provenance = *p;
  }
  return h;
}

Result<NetFile> ParseNetFile(std::string_view bytes, const std::string& name) {
  auto fail = [&](const std::string& reason) {
    return Fail(ErrorCode::kBadData, name + ": " + reason);
  };
  if (bytes.substr(0, kNetMagic.size()) != kNetMagic)
    return fail("not a savanna net file (it must begin with the line 'savanna-net 1')");
  bytes.remove_prefix(kNetMagic.size());
  const size_t end = bytes.find('\n');
  if (end == std::string_view::npos) return fail("the header line has no end (truncated)");
  auto json = ParseJson(bytes.substr(0, end), name + ": header");
  if (!json) return tl::unexpected(json.error());
  auto header = ParseNetHeader(*json, name);
  if (!header) return tl::unexpected(header.error());
  bytes.remove_prefix(end + 1);
  const int64_t count = header->WeightCount();
  const int64_t expected = count * int64_t(sizeof(float));
  if (int64_t(bytes.size()) < expected)
    return fail("truncated: the header's shapes need " + std::to_string(expected) +
                " bytes of weights, the file has " + std::to_string(bytes.size()));
  if (int64_t(bytes.size()) > expected)
    return fail("too long: " + std::to_string(int64_t(bytes.size()) - expected) +
                " bytes after the " + std::to_string(expected) + " bytes of weights");
  const uint64_t checksum = Fnv1a64(bytes);
  if (checksum != header->checksum)
    return fail("checksum mismatch: the header says " + Hex16(header->checksum) +
                ", the weights hash to " + Hex16(checksum) + " (the file is damaged)");
  NetFile file{std::move(*header), std::vector<float>(size_t(count))};
  std::memcpy(file.weights.data(), bytes.data(), size_t(expected));
  return file;
}

std::string EncodeNetFile(NetHeader header, std::span<const float> weights) {
  const std::string_view bytes(reinterpret_cast<const char*>(weights.data()),
                               weights.size() * sizeof(float));
  header.checksum = Fnv1a64(bytes);
  std::string out(kNetMagic);
  out += JsonText(header.ToJson());
  out += '\n';
  out += bytes;
  return out;
}

}  // namespace savanna::nn
