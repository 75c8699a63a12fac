// Error replies shared by the HTTP API and the WebSocket messages.
#include "server/api_error.h"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "core/text.h"

namespace savanna::server {
ApiError FromError(const Error& error, int status) {
  return ApiError{status, std::string(ErrorCodeName(error.code)), error.message};
}

ApiError RateLimited(const std::string& what, double wait) {
  const int seconds = std::max(1, int(std::ceil(wait)));
  return ApiError{429, "rate_limited",
                  "too many " + what + " from your address: try again in " +
                      std::to_string(seconds) + (seconds == 1 ? " second" : " seconds"),
                  seconds};
}

ApiError InternalError() {
  return ApiError{500, "internal", "the server failed to handle this request (its log says why)"};
}

void LogInternalError(std::string_view where, std::string_view what) {
  std::cerr << "savanna serve: internal error in " << where << ": " << QuoteForMessage(what, 300)
            << "\n";
}

Json ErrorJson(const ApiError& error, const Json& id) {
  Json json = {{"type", "error"}, {"code", error.code}, {"message", error.message}};
  if (!id.is_null()) json["id"] = id;
  return json;
}

}  // namespace savanna::server
