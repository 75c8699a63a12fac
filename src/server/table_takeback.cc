// A table's take-back: where every other seat is an AI, a player may take their last move back.
// The game is replayed from its record without that move and what followed it (the AI seats'
// answers), the take-back is stored (the actions leave the table's record; the store keeps what
// was removed), and every connection is sent its full state again.
#include "core/check.h"
#include "server/clock.h"
#include "server/hints.h"
#include "server/move_log.h"
#include "server/table.h"
#include "server/table_internal.h"

namespace savanna::server {
using namespace table_detail;

Session::ReplayStep Table::OpenStepTracker(size_t& open_step_start) {
  static_assert(kNoStep == kNoOpenStep);
  return TrackOpenStep(open_step_start);
}

void Table::TakeBack(int seat, const std::string& token,
                     std::function<void(ApiResult<int64_t>)> reply) {
  Run([this, seat, token, reply] {
    if (auto refused = CoachRefusal(seat, token,
                                    {409, "takeback_unavailable",
                                     "a move can be taken back only at a table where every other "
                                     "seat is an AI, never where another person plays"},
                                    "a move can be taken back while the game goes on"))
      return reply(tl::unexpected(std::move(*refused)));
    if (stored_.takebacks.size() >= context_.max_takebacks)
      return reply(ApiFail(409, "takeback_limit",
                           "this game has had its " + std::to_string(context_.max_takebacks) +
                               " take-backs; play on"));
    GameRecord record = session_.record();
    int64_t from = int64_t(record.actions.size()) - 1;
    while (from >= 0 && record.actions[size_t(from)].player != seat) --from;
    if (from < 0) return reply(ApiFail(409, "nothing_to_take_back", "you have made no move yet"));
    std::vector<RecordedAction> removed(record.actions.begin() + from, record.actions.end());
    record.actions.resize(size_t(from));
    record.result = nullptr;
    size_t open_step = kNoStep;
    auto replayed =
        Session::FromRecord(session_.shared_game(), record, {}, OpenStepTracker(open_step));
    SAVANNA_CHECK_MSG(replayed, "table " + id_ + ": the record without its last moves does not " +
                                    "replay: " + (replayed ? "" : replayed.error().message));
    auto session = std::make_shared<Session>(std::move(*replayed));
    const StoredTakeBack takeback{seat, UnixNow(), from, removed};
    Write([this, takeback](
              TableStore::Done done) { context_.store->TakeBack(id_, takeback, std::move(done)); },
          [this, from, session, open_step, takeback, reply](Result<void> stored) {
            if (!stored) return reply(tl::unexpected(StorageError(stored.error())));
            stored_.takebacks.push_back(takeback);  // for the record (Table::Record)
            // Decisions and hints under way were made for the state taken back: they are
            // cancelled, and an answer that comes anyway is dropped (epoch_). Until the last of
            // them has stopped its agent must live on, so the old session is kept meanwhile
            // (SettleDecision). The hint's reply says it was cancelled; no other hint starts
            // before it has.
            context_.agents->Cancel(this);
            if (in_flight_.contains(epoch_))
              retired_.emplace_back(epoch_, std::make_unique<Session>(std::move(session_)));
            ++epoch_;
            thinking_ = PlayerSet();
            session_ = std::move(*session);
            open_step_start_ = open_step;
            Touch();
            reply(from);
            std::erase_if(viewers_, [](const Viewer& v) { return v.client.expired(); });
            for (const Viewer& v : viewers_)
              if (auto client = v.client.lock()) SendFullState(client, v.seat);
            ScheduleAgents();
            UpdateVacancyTimers();
          });
  });
}

}  // namespace savanna::server
