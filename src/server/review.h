// The review of a finished game (GET /api/tables/ID/review?viewer=V&step=K): its record replayed
// up to step K (the first K actions), as viewer V (a seat or the spectator) saw the game there:
// the view, the move log and who was to act. Published, like the record, only once the game is
// over, so it reveals nothing the record does not (the table refuses it before: not_finished).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/record.h"
#include "server/api_error.h"

namespace savanna::server {

// What a review request asks for, as read from the query: the viewer's text (a seat number or
// "spectator") and the step. Only the form is checked here; the range depends on the table's
// game (ReviewJson), which is asked only once the game is known to be over.
struct ReviewQuery {
  std::string viewer;
  int64_t step = 0;
};
// Reads the query string (without '?'): exactly the fields `viewer` and `step` (at most
// kMaxReviewStep). Errors are bad_request naming the field.
inline constexpr int64_t kMaxReviewStep = 1'000'000'000;
ApiResult<ReviewQuery> ReadReviewQuery(std::string_view query);

// The review at `query` of the finished game `record` of `game`, at table `table`:
// {"table", "viewer", "step", "steps", "to_act", "view", "log", "result"} ("steps": the
// record's number of actions; "log": the actions up to the step as the viewer reads them;
// "result": the game's once the step is the last, else null). Errors (bad_request): a viewer
// that is not a seat of the game or "spectator", a step above "steps". The cost is one replay of
// at most the record's length (bounded by the game's own maximum length).
ApiResult<Json> ReviewJson(const std::string& table, std::shared_ptr<const Game> game,
                           const GameRecord& record, const ReviewQuery& query);

}  // namespace savanna::server
