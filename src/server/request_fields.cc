// The readers of request bodies and messages, over core's field readers (core/json_io.h): their
// errors become "bad_request" replies.
#include "server/request_fields.h"

#include <algorithm>
#include <cmath>

#include "core/json_io.h"
#include "core/text.h"
#include "core/types.h"

namespace savanna::server {
namespace {

// How much of an unknown field's name an error quotes.
constexpr size_t kQuotedKeyChars = 40;

std::string Quoted(std::string_view key) { return "'" + std::string(key) + "'"; }

ApiError BadRequest(const Error& error) { return ApiError{400, "bad_request", error.message}; }

ApiResult<std::optional<int>> OptionalSeat(const Json& object) {
  if (!object.contains("seat")) return std::optional<int>();
  auto seat = IntegerField(object, "seat", 0, kMaxPlayers - 1);
  if (!seat) return tl::unexpected(seat.error());
  return std::optional<int>(int(*seat));
}

}  // namespace

ApiResult<Json> ParseObject(std::string_view text) {
  Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return ApiFail(400, "bad_json", "the message is not valid JSON");
  if (!json.is_object()) return ApiFail(400, "bad_json", "the message must be a JSON object");
  return json;
}

ApiResult<void> CheckFields(const Json& object, std::initializer_list<std::string_view> allowed,
                            std::string_view what) {
  for (const auto& [key, value] : object.items()) {
    bool known = false;
    for (std::string_view name : allowed) known = known || key == name;
    if (known) continue;
    std::string names;
    for (std::string_view name : allowed) names += (names.empty() ? "" : ", ") + std::string(name);
    return ApiFail(400, "bad_request",
                   "unknown field " + QuoteForMessage(key, kQuotedKeyChars) + " in " +
                       std::string(what) + " (fields: " + names + ")");
  }
  return {};
}

ApiResult<Json> ParseQuery(std::string_view query) {
  if (query.size() > kMaxQuerySize)
    return ApiFail(400, "bad_request",
                   "the query is longer than " + std::to_string(kMaxQuerySize) + " characters");
  const auto plain = [](std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             c == '_' || c == '-';
    });
  };
  Json fields = Json::object();
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    const size_t eq = pair.find('=');
    const std::string_view key = pair.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? "" : pair.substr(eq + 1);
    if (eq == std::string_view::npos || key.empty() || !plain(key) || !plain(value))
      return ApiFail(400, "bad_request",
                     "the query must be name=value pairs joined by '&', of letters, digits, '_' "
                     "and '-' only");
    if (fields.contains(key))
      return ApiFail(400, "bad_request", "the query names " + Quoted(key) + " twice");
    fields[std::string(key)] = std::string(value);
  }
  return fields;
}

ApiResult<std::string> StringField(const Json& object, std::string_view key, size_t max_size) {
  auto text = savanna::StringField(object, key);
  if (!text) return tl::unexpected(BadRequest(text.error()));
  if (text->size() > max_size)
    return ApiFail(
        400, "bad_request",
        "field " + Quoted(key) + " is longer than " + std::to_string(max_size) + " characters");
  return *text;
}

ApiResult<double> NumberField(const Json& object, std::string_view key, double lo, double hi) {
  auto number = savanna::NumberField(object, key, lo, hi);
  if (!number) return tl::unexpected(BadRequest(number.error()));
  return *number;
}

ApiResult<int64_t> IntegerField(const Json& object, std::string_view key, int64_t lo, int64_t hi) {
  auto integer = IntField(object, key, lo, hi);
  if (!integer) return tl::unexpected(BadRequest(integer.error()));
  return *integer;
}

std::string OneLine(std::string_view raw) {
  const std::string text = ValidUtf8(raw);
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const size_t n = std::max<size_t>(1, Utf8CharLength(std::string_view(text).substr(i)));
    // The code point of the character at i (ValidUtf8 left only well-formed ones).
    uint32_t cp = static_cast<unsigned char>(text[i]);
    if (n > 1) {
      cp &= 0x7fu >> n;
      for (size_t k = 1; k < n; ++k)
        cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3f);
    }
    const bool control = cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
    const bool separator = cp == 0x2028 || cp == 0x2029;
    const bool direction = (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
    if (control || separator || direction)
      out += ' ';
    else
      out.append(text, i, n);
    i += n;
  }
  return std::string(Trim(out));
}

ApiResult<JoinRequest> ReadJoinRequest(const Json& object) {
  JoinRequest join;
  auto seat = OptionalSeat(object);
  if (!seat) return tl::unexpected(seat.error());
  join.seat = *seat;
  if (object.contains("name")) {
    auto name = StringField(object, "name", kMaxNameSize);
    if (!name) return tl::unexpected(name.error());
    join.name = OneLine(*name);
  }
  return join;
}

ApiResult<std::string> ReadToken(const Json& object) { return StringField(object, "token", 200); }

ApiResult<TableRequest> ReadTableRequest(const Json& object) {
  if (auto ok = CheckFields(object, {"game", "seats", "options"}, "the table request"); !ok)
    return tl::unexpected(ok.error());
  TableRequest request;
  auto game = StringField(object, "game", kMaxSpecSize);
  if (!game) return tl::unexpected(game.error());
  request.game = *game;
  const auto seats = object.find("seats");
  if (seats == object.end() || !seats->is_array() || seats->size() > size_t(kMaxPlayers))
    return ApiFail(400, "bad_request",
                   "field 'seats' must be an array of at most " + std::to_string(kMaxPlayers) +
                       " seats (\"human\" or an agent spec each)");
  for (const Json& seat : *seats) {
    if (!seat.is_string() || seat.get_ref<const std::string&>().size() > kMaxSpecSize)
      return ApiFail(400, "bad_request",
                     "each seat must be \"human\" or an agent spec (a short string)");
    request.seats.push_back(seat.get<std::string>());
  }
  request.options = object.value("options", Json());
  return request;
}

}  // namespace savanna::server
