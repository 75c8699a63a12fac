// The AI as a coach: hints for a human seat at a table where every other seat is an AI. A hint is
// a search agent's estimate of each legal action's chance to win (as `savanna play --hints`
// shows it), thought a slice at a time on the shared AI scheduler. The search starts from a
// determinization of the seat's own view, never from the true state: a hint cannot tell a
// player anything about the others' hidden cards that the player did not know.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "agents/agent.h"
#include "core/state.h"

namespace savanna::server {

// The agent hints come from: the top ladder level, thinking the table's own AI time (the spec is
// then checked against the operator's limits like any seat's).
inline constexpr std::string_view kHintLevel = "expert";

// Whether `seat` may ask for hints (or take a move back) at a table with these seats: every
// other seat is an AI. Where another person sits, a hint would be help against that person.
bool OnlyAgentsBeside(const std::vector<std::string>& seats, int seat);

// What a hint search leaves behind once it is done: the estimates, read by the scheduler's reply.
using HintEstimates = std::shared_ptr<std::vector<ActionEstimate>>;

// A decision for the scheduler that analyses, with `agent` (a search agent; kept alive by the
// decision), a determinization of `state` drawn for `seat` with `seed`. Once done, `out` holds
// the agent's estimates. Null when the agent does not search.
std::unique_ptr<Decision> BeginHintSearch(std::unique_ptr<Agent> agent, const State& state,
                                          Player seat, uint64_t seed, HintEstimates out);

// One entry per legal action of `seat` in `state` that the search tried, in legal order:
// {"action": its text, "win_rate": 0 to 1, "visits": playouts}.
Json HintsJson(const State& state, Player seat, const std::vector<ActionEstimate>& estimates);

}  // namespace savanna::server
