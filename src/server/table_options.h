// The options of a table, chosen at its creation (POST /api/tables "options"), with defaults from
// the command line and the operator's AI limits.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "server/agent_limits.h"
#include "server/api_error.h"

namespace savanna::server {

// Per-table options, chosen at creation (POST /api/tables "options").
struct TableOptions {
  double ai_seconds = 1.0;   // time= given to agents that take a per-decision time budget
  double replace_after = 0;  // seconds a human seat may stay vacant before an agent takes it
  std::string replacement = "random";  // the agent spec that replaces a vacant human seat

  Json ToJson() const;
  // From a request's "options" (every field optional; unknown fields are errors), starting
  // from `defaults`. `ai_seconds` and the replacement spec are checked against `limits`.
  static ApiResult<TableOptions> FromJson(const Json& json, const TableOptions& defaults,
                                          const AgentLimits& limits);
};

}  // namespace savanna::server
