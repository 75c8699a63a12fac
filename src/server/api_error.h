// The errors the server's protocol reports: an HTTP status, a stable code and a one-line message
// that names what was wrong and never reveals hidden information.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <tl/expected.hpp>

#include "core/result.h"

namespace savanna::server {

using Json = nlohmann::json;

struct ApiError {
  int status = 400;  // the HTTP status (WebSocket errors carry the code and message only)
  std::string code;  // e.g. "bad_json", "unknown_table", "illegal_action"
  std::string message;
  int retry_after = 0;  // seconds, for rate_limited (HTTP: the Retry-After header)
};

template <class T>
using ApiResult = tl::expected<T, ApiError>;

inline tl::unexpected<ApiError> ApiFail(int status, std::string code, std::string message) {
  return tl::unexpected<ApiError>(ApiError{status, std::move(code), std::move(message)});
}
// A core Error as an ApiError: its code name ("illegal_action") and its message.
ApiError FromError(const Error& error, int status = 400);

// 429 rate_limited: too many `what` from this client; one may come again after `wait` seconds.
ApiError RateLimited(const std::string& what, double wait);

// 500 internal: what an exception boundary answers when a handler threw (a bug, or memory ran
// out). Its message says nothing of the cause; LogInternalError writes that to the server's log.
ApiError InternalError();
// One line on stderr: where the exception was caught (`where`) and its text (quoted, cut).
void LogInternalError(std::string_view where, std::string_view what);

// {"type": "error", "code", "message"} plus "id" when the request carried one.
Json ErrorJson(const ApiError& error, const Json& id = nullptr);

}  // namespace savanna::server
