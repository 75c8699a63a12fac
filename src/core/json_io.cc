// File reading, atomic writing and checked JSON field access.
#include "core/json_io.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace savanna {

Result<std::string> ReadTextFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Fail(ErrorCode::kIoError, path + ": cannot open: " + std::strerror(errno));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return Fail(ErrorCode::kIoError, path + ": read error");
  return buffer.str();
}

Result<void> WriteTextFileAtomic(const std::string& path, std::string_view content) {
  const std::string temp = path + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) return Fail(ErrorCode::kIoError, temp + ": cannot write: " + std::strerror(errno));
    out.write(content.data(), std::streamsize(content.size()));
    out.flush();
    if (!out) {
      std::remove(temp.c_str());
      return Fail(ErrorCode::kIoError, temp + ": write failed");
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    std::remove(temp.c_str());
    return Fail(ErrorCode::kIoError, path + ": cannot replace: " + std::strerror(errno));
  }
  return {};
}

Result<Json> ParseJson(std::string_view text, std::string_view source) {
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded())
    return Fail(ErrorCode::kParseError, std::string(source) + ": not valid JSON");
  return j;
}

Result<Json> ReadJsonFile(const std::string& path) {
  auto text = ReadTextFile(path);
  if (!text) return tl::unexpected(text.error());
  return ParseJson(*text, path);
}

namespace {

Result<const Json*> Member(const Json& object, std::string_view key) {
  if (!object.is_object()) return Fail(ErrorCode::kBadData, "expected a JSON object");
  auto it = object.find(key);
  if (it == object.end())
    return Fail(ErrorCode::kBadData, "missing field '" + std::string(key) + "'");
  return &*it;
}

}  // namespace

Result<int64_t> IntField(const Json& object, std::string_view key, int64_t lo, int64_t hi) {
  auto m = Member(object, key);
  if (!m) return tl::unexpected(m.error());
  const Json& v = **m;
  if (!v.is_number_integer() ||
      (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(INT64_MAX)) ||
      v.get<int64_t>() < lo || v.get<int64_t>() > hi)
    return Fail(ErrorCode::kBadData, "field '" + std::string(key) + "' must be an integer from " +
                                         std::to_string(lo) + " to " + std::to_string(hi));
  return v.get<int64_t>();
}

Result<bool> BoolField(const Json& object, std::string_view key) {
  auto m = Member(object, key);
  if (!m) return tl::unexpected(m.error());
  if (!(*m)->is_boolean())
    return Fail(ErrorCode::kBadData, "field '" + std::string(key) + "' must be true or false");
  return (*m)->get<bool>();
}

Result<std::string> StringField(const Json& object, std::string_view key) {
  auto m = Member(object, key);
  if (!m) return tl::unexpected(m.error());
  if (!(*m)->is_string())
    return Fail(ErrorCode::kBadData, "field '" + std::string(key) + "' must be a string");
  return (*m)->get<std::string>();
}

Result<const Json*> ArrayField(const Json& object, std::string_view key, int64_t size) {
  auto m = Member(object, key);
  if (!m) return tl::unexpected(m.error());
  if (!(*m)->is_array())
    return Fail(ErrorCode::kBadData, "field '" + std::string(key) + "' must be an array");
  if (size >= 0 && int64_t((*m)->size()) != size)
    return Fail(ErrorCode::kBadData, "field '" + std::string(key) + "' must have " +
                                         std::to_string(size) + " entries, has " +
                                         std::to_string((*m)->size()));
  return *m;
}

Result<int64_t> IntElement(const Json& array, size_t i, int64_t lo, int64_t hi,
                           std::string_view what) {
  const Json& v = array.at(i);
  if (!v.is_number_integer() ||
      (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(INT64_MAX)) ||
      v.get<int64_t>() < lo || v.get<int64_t>() > hi)
    return Fail(ErrorCode::kBadData, std::string(what) + "[" + std::to_string(i) +
                                         "] must be an integer from " + std::to_string(lo) +
                                         " to " + std::to_string(hi));
  return v.get<int64_t>();
}

Json RngToJson(const Rng& rng) {
  Json words = Json::array();
  char buf[17];
  for (uint64_t w : rng.words()) {
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(w));
    words.push_back(buf);
  }
  return words;
}

Result<Rng> RngFromJson(const Json& json) {
  auto bad = [] {
    return Fail(ErrorCode::kBadData, "field 'rng' must be 4 hex strings of 16 digits, not all 0");
  };
  if (!json.is_array() || json.size() != 4) return bad();
  Rng::Words words{};
  for (size_t i = 0; i < 4; ++i) {
    if (!json[i].is_string()) return bad();
    const std::string s = json[i].get<std::string>();
    if (s.size() != 16 || s.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
      return bad();
    words[i] = std::stoull(s, nullptr, 16);
  }
  Rng rng;
  if (!rng.SetWords(words)) return bad();
  return rng;
}

}  // namespace savanna
