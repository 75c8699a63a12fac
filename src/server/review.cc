// The review of a finished game: its record replayed to a step for one viewer (review.h).
#include "server/review.h"

#include <charconv>

#include "core/check.h"
#include "server/move_log.h"
#include "server/request_fields.h"
#include "session/session.h"

namespace savanna::server {

ApiResult<ReviewQuery> ReadReviewQuery(std::string_view query) {
  auto fields = ParseQuery(query);
  if (!fields) return tl::unexpected(fields.error());
  if (auto ok = CheckFields(*fields, {"viewer", "step"}, "the review request"); !ok)
    return tl::unexpected(ok.error());
  ReviewQuery review;
  auto viewer = StringField(*fields, "viewer", 20);
  if (!viewer) return tl::unexpected(viewer.error());
  review.viewer = *viewer;
  auto step = StringField(*fields, "step", 20);
  if (!step) return tl::unexpected(step.error());
  const char* end = step->data() + step->size();
  auto [stop, ec] = std::from_chars(step->data(), end, review.step);
  if (step->empty() || ec != std::errc() || stop != end || review.step < 0 ||
      review.step > kMaxReviewStep)
    return ApiFail(400, "bad_request",
                   "field 'step' must be a number of actions from 0 (the deal) to the game's "
                   "length");
  return review;
}

ApiResult<Json> ReviewJson(const std::string& table, std::shared_ptr<const Game> game,
                           const GameRecord& record, const ReviewQuery& query) {
  auto viewer = ParseViewer(query.viewer, game->NumPlayers());
  if (!viewer) return ApiFail(400, "bad_request", "field 'viewer': " + viewer.error().message);
  const int64_t steps = int64_t(record.actions.size());
  if (query.step > steps)
    return ApiFail(400, "bad_request",
                   "field 'step' is " + std::to_string(query.step) + ", but the game has " +
                       std::to_string(steps) + " actions (steps 0 to " + std::to_string(steps) +
                       ")");
  GameRecord cut = record;
  cut.actions.resize(size_t(query.step));
  if (query.step < steps) cut.result = nullptr;
  // Every seat replays as human: the agents that played are not needed to repeat their moves.
  const std::vector<std::string> humans(size_t(game->NumPlayers()), std::string(kHumanSeat));
  size_t open = kNoOpenStep;
  auto session = Session::FromRecord(std::move(game), cut, humans, TrackOpenStep(open));
  // The table's own record of a finished game replays (the table was built from it).
  SAVANNA_CHECK_MSG(session, "table " + table + ": its record does not replay: " +
                                 (session ? "" : session.error().message));
  return Json{{"table", table},
              {"viewer", *viewer == kSpectator ? Json("spectator") : Json(*viewer)},
              {"step", query.step},
              {"steps", steps},
              {"to_act", PlayersJson(session->PlayersToAct())},
              {"view", session->View(*viewer)},
              {"log", MoveLogJson(*session, open, *viewer)},
              {"result", session->record().result}};
}

}  // namespace savanna::server
