// Error replies and strict field readers shared by the HTTP API and the WebSocket messages.
#include "server/api_error.h"

#include <algorithm>
#include <cmath>

namespace savanna::server {
namespace {

std::string Quoted(std::string_view key) { return "'" + std::string(key) + "'"; }

}  // namespace

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

Json ErrorJson(const ApiError& error, const Json& id) {
  Json json = {{"type", "error"}, {"code", error.code}, {"message", error.message}};
  if (!id.is_null()) json["id"] = id;
  return json;
}

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
    const std::string shown = key.size() > 40 ? key.substr(0, 40) + "..." : key;
    return ApiFail(
        400, "bad_request",
        "unknown field '" + shown + "' in " + std::string(what) + " (fields: " + names + ")");
  }
  return {};
}

ApiResult<std::string> StringField(const Json& object, std::string_view key, size_t max_size) {
  const auto it = object.find(key);
  if (it == object.end())
    return ApiFail(400, "bad_request", "field " + Quoted(key) + " is missing");
  if (!it->is_string())
    return ApiFail(400, "bad_request", "field " + Quoted(key) + " must be a string");
  const std::string& text = it->get_ref<const std::string&>();
  if (text.size() > max_size)
    return ApiFail(
        400, "bad_request",
        "field " + Quoted(key) + " is longer than " + std::to_string(max_size) + " characters");
  return text;
}

ApiResult<double> NumberField(const Json& object, std::string_view key, double lo, double hi) {
  const auto it = object.find(key);
  if (it == object.end())
    return ApiFail(400, "bad_request", "field " + Quoted(key) + " is missing");
  if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < lo ||
      it->get<double>() > hi)
    return ApiFail(400, "bad_request",
                   "field " + Quoted(key) + " must be a number from " + Json(lo).dump() + " to " +
                       Json(hi).dump());
  return it->get<double>();
}

ApiResult<int64_t> IntegerField(const Json& object, std::string_view key, int64_t lo, int64_t hi) {
  const auto it = object.find(key);
  if (it == object.end())
    return ApiFail(400, "bad_request", "field " + Quoted(key) + " is missing");
  const bool too_big = it->is_number_unsigned() && it->get<uint64_t>() > uint64_t(hi);
  if (!it->is_number_integer() || too_big || it->get<int64_t>() < lo || it->get<int64_t>() > hi)
    return ApiFail(400, "bad_request",
                   "field " + Quoted(key) + " must be an integer from " + std::to_string(lo) +
                       " to " + std::to_string(hi));
  return it->get<int64_t>();
}

}  // namespace savanna::server
