// The one reader of what clients send, for the HTTP API and the WebSocket alike: a JSON object,
// no unknown field, typed fields with limits, and the requests both transports take (joining a
// seat, a token). Every error is "bad_request" (or "bad_json") naming the field.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/api_error.h"

namespace savanna::server {

// The longest player name a seat takes.
inline constexpr size_t kMaxNameSize = 40;

// Parses a request body or message: a JSON object, else "bad_json".
ApiResult<Json> ParseObject(std::string_view text);
// Every key of `object` must be one of `allowed`; the first other one is named ("bad_request").
ApiResult<void> CheckFields(const Json& object, std::initializer_list<std::string_view> allowed,
                            std::string_view what);
// A URL's query string ("viewer=0&step=12", without the '?') as an object of strings, to read
// like a body (CheckFields, StringField). Keys and values are short runs of letters, digits, '_'
// and '-' (there is nothing to decode); anything else, a key given twice, a pair without '=' or
// a query over kMaxQuerySize characters is "bad_request" naming what was wrong.
inline constexpr size_t kMaxQuerySize = 200;
ApiResult<Json> ParseQuery(std::string_view query);
// Typed fields; a missing required field or a wrong type is "bad_request" naming the field.
ApiResult<std::string> StringField(const Json& object, std::string_view key, size_t max_size);
ApiResult<double> NumberField(const Json& object, std::string_view key, double lo, double hi);
ApiResult<int64_t> IntegerField(const Json& object, std::string_view key, int64_t lo, int64_t hi);

// Text a person typed for other people to read (a name, a chat line), made one plain line:
// bytes that are not UTF-8 become U+FFFD; control characters (C0, DEL and C1, line breaks
// included), the line and paragraph separators and the bidirectional embedding, override and
// isolate marks (which could turn the text around the name beside it) become spaces; the ends
// are trimmed.
std::string OneLine(std::string_view text);

// {"seat", "name"} of a join (both optional): a seat from 0 to kMaxPlayers - 1, a name of at most
// kMaxNameSize bytes, made one line (OneLine). The caller checks which other fields its request
// may have.
struct JoinRequest {
  std::optional<int> seat;
  std::string name;
};
ApiResult<JoinRequest> ReadJoinRequest(const Json& object);
// The "token" field of a request (a seat's or a creator's token).
ApiResult<std::string> ReadToken(const Json& object);

// The longest game spec, and seat spec, a request may name.
inline constexpr size_t kMaxSpecSize = 200;

// POST /api/tables: {"game": SPEC, "seats": [SEAT, ...], "options": {...}}, "options" optional.
// Read here: the fields, their types and sizes. The lobby checks what they mean (the spec, the
// number of seats, the agents, the options' fields).
struct TableRequest {
  std::string game;
  std::vector<std::string> seats;  // "human" or an agent spec each
  Json options;                    // an object, or null when absent
};
ApiResult<TableRequest> ReadTableRequest(const Json& object);

}  // namespace savanna::server
