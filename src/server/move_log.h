// The move log as one viewer may read it, over a session: shared by a table's state messages and
// the review of a finished game (review.h), so both write the log the same way.
#pragma once

#include <cstddef>
#include <cstdint>

#include "server/api_error.h"
#include "session/session.h"

namespace savanna::server {

// No simultaneous step is open (the `open_step_start` of MoveLogJson).
inline constexpr size_t kNoOpenStep = size_t(-1);

// Record action `index` of `session` as `viewer` reads it: {"index", "player", "action",
// "structured", "story"}. Another seat's action is its public text, public structured form
// (State::PublicActionString) and public story (State::Story), which name nothing hidden from
// the viewer; "story" is left out where the game tells none.
Json LogEntryJson(const Session& session, int64_t index, Player viewer);

// Every record action `viewer` may read: all of them, except the sealed submissions of another
// seat to the simultaneous step still open (from record index `open_step_start`, or
// kNoOpenStep).
Json MoveLogJson(const Session& session, size_t open_step_start, Player viewer);

// A set of players (who is to act) as the protocol writes it: a JSON array of seats.
Json PlayersJson(PlayerSet players);

// For Session::FromRecord: follows the replay so that `open_step_start` ends as the record index
// of the first sealed submission of the simultaneous step still open, or kNoOpenStep.
Session::ReplayStep TrackOpenStep(size_t& open_step_start);

}  // namespace savanna::server
