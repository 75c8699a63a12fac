// File reading, atomic writing and checked JSON field access.
#include "core/json_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace savanna {

Result<std::string> ReadStream(std::istream& in, std::string_view source) {
  std::string text;
  char chunk[1 << 16];
  while (in) {
    in.read(chunk, sizeof chunk);
    text.append(chunk, size_t(in.gcount()));
    if (text.size() > kMaxTextFile)
      return Fail(ErrorCode::kBadData, std::string(source) + ": larger than " +
                                           std::to_string(kMaxTextFile >> 20) + " MiB");
  }
  if (in.bad()) return Fail(ErrorCode::kIoError, std::string(source) + ": read error");
  return text;
}

Result<std::string> ReadTextFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Fail(ErrorCode::kIoError, path + ": cannot open: " + std::strerror(errno));
  return ReadStream(in, path);
}

Result<void> WriteTextFileAtomic(const std::string& path, std::string_view content) {
  // A unique temporary file beside the target, synced to disk, then renamed over it: a reader
  // sees the old or the new content, never a mix, even after a crash or power loss.
  std::string temp = path + ".XXXXXX";
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) return Fail(ErrorCode::kIoError, path + ": cannot write: " + std::strerror(errno));
  auto fail = [&](const char* what) {
    const std::string reason = std::strerror(errno);
    ::close(fd);
    ::unlink(temp.c_str());
    return Fail(ErrorCode::kIoError, path + ": " + what + ": " + reason);
  };
  size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail("write failed");
    written += size_t(n);
  }
  if (::fchmod(fd, 0644) != 0 || ::fsync(fd) != 0) return fail("cannot sync");
  if (::close(fd) != 0) {
    ::unlink(temp.c_str());
    return Fail(ErrorCode::kIoError, path + ": cannot close: " + std::strerror(errno));
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    ::unlink(temp.c_str());
    return Fail(ErrorCode::kIoError, path + ": cannot replace: " + reason);
  }
  return {};
}

Result<Json> ParseJson(std::string_view text, std::string_view source) {
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& e) {
    // e.byte is the 1-based offset of the error; report it as line and column.
    size_t line = 1, column = 1;
    for (size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    return Fail(ErrorCode::kParseError, std::string(source) + ": not valid JSON (line " +
                                            std::to_string(line) + ", column " +
                                            std::to_string(column) + ")");
  } catch (const Json::out_of_range&) {
    // A number beyond what a double holds (1e309): found by fuzz_record and fuzz_state_document.
    return Fail(ErrorCode::kParseError,
                std::string(source) + ": not valid JSON (a number too large for a double)");
  }
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

Result<double> NumberField(const Json& object, std::string_view key, double lo, double hi) {
  auto m = Member(object, key);
  if (!m) return tl::unexpected(m.error());
  const Json& v = **m;
  if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < lo ||
      v.get<double>() > hi)
    return Fail(ErrorCode::kBadData, "field '" + std::string(key) + "' must be a number from " +
                                         Json(lo).dump() + " to " + Json(hi).dump());
  return v.get<double>();
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
  if (!array.is_array() || i >= array.size())
    return Fail(ErrorCode::kBadData, std::string(what) + "[" + std::to_string(i) + "] is missing");
  const Json& v = array[i];
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

std::string JsonText(const Json& json, int indent) {
  return json.dump(indent, ' ', /*ensure_ascii=*/false, Json::error_handler_t::replace);
}

namespace {

bool HasNoContainers(const Json& json) {
  for (const Json& item : json)
    if (item.is_structured() && !item.empty()) return false;
  return true;
}

// The one-line form with a space after every comma and colon: {"a": 1, "b": [2, 3]}.
std::string OneLine(const Json& json) {
  if (!json.is_structured()) return JsonText(json);
  std::string line = json.is_array() ? "[" : "{";
  bool first = true;
  for (const auto& [key, value] : json.items()) {
    line += first ? "" : ", ";
    if (json.is_object()) line += JsonText(Json(key)) + ": ";
    line += OneLine(value);
    first = false;
  }
  return line + (json.is_array() ? "]" : "}");
}

// Arrays of plain values always stay on one line; objects of plain values when they fit.
void AppendJson(const Json& json, int indent, std::string& out) {
  constexpr size_t kWidth = 100;
  if (!json.is_structured() || json.empty() || (json.is_array() && HasNoContainers(json))) {
    out += OneLine(json);
    return;
  }
  if (HasNoContainers(json)) {
    const std::string line = OneLine(json);
    if (line.size() + size_t(indent) <= kWidth) {
      out += line;
      return;
    }
  }
  const std::string pad(size_t(indent + 2), ' ');
  out += json.is_array() ? "[\n" : "{\n";
  bool first = true;
  for (const auto& [key, value] : json.items()) {
    out += (first ? "" : ",\n") + pad;
    if (json.is_object()) out += JsonText(Json(key)) + ": ";
    AppendJson(value, indent + 2, out);
    first = false;
  }
  out += "\n" + std::string(size_t(indent), ' ') + (json.is_array() ? "]" : "}");
}

}  // namespace

std::string FormatJson(const Json& json) {
  std::string out;
  AppendJson(json, 0, out);
  return out + "\n";
}

}  // namespace savanna
