// A table's actions: a human seat's action checked against its token and the rules, every
// action (a human's or an agent's) stored before it is applied, and what follows it: the log
// entries it makes public, the end of the game, the agents' next decisions.
#include <iostream>

#include "core/check.h"
#include "server/clock.h"
#include "server/table.h"
#include "server/table_internal.h"

namespace savanna::server {
using namespace table_detail;

void Table::Act(int seat, const std::string& token, const std::string& action,
                std::function<void(ApiResult<int64_t>)> reply) {
  Run([this, seat, token, action, reply] {
    if (closed_) return reply(TableClosed());
    if (SeatOfToken(token) != seat)
      return reply(ApiFail(403, "bad_token", "your seat token no longer holds a seat here"));
    if (StatusLocked() == TableStatus::kWaiting)
      return reply(ApiFail(409, "not_started", "the game starts once every human seat is taken"));
    auto parsed = session_.state().ParseAction(seat, action);
    if (!parsed) return reply(tl::unexpected(FromError(parsed.error(), 409)));
    Commit(seat, *parsed, reply);
  });
}

void Table::Commit(Player seat, Action action, std::function<void(ApiResult<int64_t>)> reply) {
  const RecordedAction recorded{seat, session_.state().ActionToString(seat, action)};
  const int64_t index = int64_t(session_.record().actions.size());
  Write(
      [this, index, recorded](TableStore::Done done) {
        context_.store->AppendAction(id_, index, recorded, std::move(done));
      },
      [this, seat, action, index, recorded, reply](Result<void> stored) {
        if (!stored) {
          const ApiError error = StorageError(stored.error());
          if (reply) reply(tl::unexpected(error));
          return;
        }
        auto revealed = session_.IsHuman(seat) ? session_.Submit(seat, recorded.action)
                                               : session_.SubmitAgentAction(seat, action);
        SAVANNA_CHECK_MSG(revealed, "table " + id_ + ": a checked action failed: " +
                                        (revealed ? "" : revealed.error().message));
        if (reply) reply(index);
        AfterAction(seat, index, *revealed);
      });
}

void Table::AfterAction(Player seat, int64_t index, const Revealed& revealed) {
  std::vector<int64_t> now_public;
  int64_t own = -1;
  if (revealed.empty()) {
    if (open_step_start_ == kNoStep) open_step_start_ = size_t(index);
    own = index;
  } else {
    const int64_t from = open_step_start_ == kNoStep ? index : int64_t(open_step_start_);
    for (int64_t i = from; i <= index; ++i) now_public.push_back(i);
    open_step_start_ = kNoStep;
  }
  if (seat == hint_seat_) CancelHint();  // the hint was for the move just made
  Touch();
  if (session_.IsTerminal())
    context_.store->MarkFinished(id_, UnixNow(), [id = id_](Result<void> done) {
      if (!done) std::cerr << "savanna serve: table " << id << ": " << done.error().message << "\n";
    });
  Broadcast(now_public, own);
  ScheduleAgents();
  UpdateVacancyTimers();
}

}  // namespace savanna::server
