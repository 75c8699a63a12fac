// A table's options from a creation request, checked against the operator's AI limits.
#include "server/table_options.h"

#include "server/request_fields.h"

namespace savanna::server {

Json TableOptions::ToJson() const {
  return {
      {"ai_seconds", ai_seconds}, {"replace_after", replace_after}, {"replacement", replacement}};
}

ApiResult<TableOptions> TableOptions::FromJson(const Json& json, const TableOptions& defaults,
                                               const AgentLimits& limits) {
  TableOptions options = defaults;
  if (json.is_null()) return options;
  if (!json.is_object()) return ApiFail(400, "bad_request", "field 'options' must be an object");
  if (auto ok = CheckFields(json, {"ai_seconds", "replace_after", "replacement"}, "options"); !ok)
    return tl::unexpected(ok.error());
  if (json.contains("ai_seconds")) {
    auto v = NumberField(json, "ai_seconds", 0.001, 3600);
    if (!v) return tl::unexpected(v.error());
    options.ai_seconds = *v;
  }
  if (json.contains("replace_after")) {
    auto v = NumberField(json, "replace_after", 0, 7 * 86400);
    if (!v) return tl::unexpected(v.error());
    options.replace_after = *v;
  }
  if (json.contains("replacement")) {
    auto v = StringField(json, "replacement", 200);
    if (!v) return tl::unexpected(v.error());
    options.replacement = *v;
  }
  if (auto ok = CheckAiSeconds(options.ai_seconds, limits); !ok) return tl::unexpected(ok.error());
  if (auto spec = SeatSpec(options.replacement, options.ai_seconds, limits); !spec)
    return ApiFail(400, spec.error().code == "over_limit" ? "over_limit" : "bad_request",
                   "options.replacement: " + spec.error().message);
  return options;
}

}  // namespace savanna::server
