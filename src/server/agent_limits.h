// What the operator lets one AI decision cost, and the check of every agent spec that comes in
// from the network (a table's seats, its replacement agent) against it. A spec over a limit is
// refused with an error that names the parameter, the limit and the option that sets it.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "server/api_error.h"

namespace savanna::server {

struct AgentLimits {
  double max_seconds = 10;          // thinking time of one decision (`time=`, `ai_seconds`)
  int64_t max_iterations = 100000;  // `iters=` of a spec that searches by iterations (time=0)
  int64_t max_threads = 1;          // `threads=`
  int64_t max_tree_mb = 64;         // `tree_mb=`; also added to specs that leave it out
  // Whose limits they are, for the errors: empty for this server's, set by its operator's
  // --ai-max-* options; the local host says "this device's", which nobody sets.
  std::string holder;

  // Limits no spec the agents accept can pass (for reading what was stored under other limits).
  static AgentLimits Unlimited() { return {3600, 1'000'000'000, 64, 1 << 20, ""}; }
};

// The spec a seat runs for `requested` (an agent spec, not "human"), with its budget explicit:
// when the agent takes a time budget and the spec sets no `time`, `time=0` is added if the spec
// sets `iters` (the iterations are the budget), the agent's own default time if it has one (the
// ladder's levels: `strong` runs `strong(time=0.2,...)`), else `time=<ai_seconds>`;
// `tree_mb=<max_tree_mb>` is added likewise; then every limit is checked. The result keeps the
// request's own parameters in their order. Errors: a bad spec (the agent layer's message), or a
// parameter over a limit.
ApiResult<std::string> SeatSpec(std::string_view requested, double ai_seconds,
                                const AgentLimits& limits);

// A table option `ai_seconds` within the limits; else the error naming --ai-max-seconds.
ApiResult<void> CheckAiSeconds(double ai_seconds, const AgentLimits& limits);

// The thinking time of a seat running `spec` (a spec SeatSpec returned): its `time=` when the
// agent declares one, else 0 (an agent that searches by iterations or decides at once).
std::chrono::nanoseconds ThinkingTime(const std::string& spec);

// For specs stored before the limits were lowered: `spec` (a full, seeded spec) with every
// parameter over a limit set to the limit. Unchanged when it is within them or does not parse.
std::string LowerToLimits(const std::string& spec, const AgentLimits& limits);

}  // namespace savanna::server
