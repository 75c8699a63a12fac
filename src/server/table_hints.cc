// A table's coach: a human seat's request for hints, refused where another person sits, run on
// the shared AI scheduler with the table's AI time (within the operator's limits) and answered
// with the estimates for the state the seat asked about.
#include <boost/asio/post.hpp>

#include "server/hints.h"
#include "server/table.h"
#include "server/table_internal.h"
#include "server/tokens.h"

namespace savanna::server {
namespace asio = boost::asio;
using namespace table_detail;

void Table::Hint(int seat, const std::string& token, std::function<void(ApiResult<Json>)> reply) {
  Run([this, seat, token, reply] {
    if (auto refused =
            CoachRefusal(seat, token,
                         {409, "hints_unavailable",
                          "hints are offered only at a table where every other seat is an AI"},
                         "hints are given while the game goes on"))
      return reply(tl::unexpected(std::move(*refused)));
    if (!session_.HumansToAct().Contains(seat))
      return reply(ApiFail(409, "not_your_turn", "hints are given when you have a move to make"));
    if (hint_)
      return reply(ApiFail(409, "hint_busy", "a hint is being computed for this table; wait"));
    const std::string requested =
        std::string(kHintLevel) + "(time=" + Json(options_.ai_seconds).dump() + ")";
    auto spec = SeatSpec(requested, options_.ai_seconds, context_.limits);
    if (!spec) return reply(tl::unexpected(spec.error()));
    auto agent = MakeAgent(*spec, RandomSeed());
    if (!agent) return reply(ApiFail(500, "hint_failed", agent.error().message));
    auto estimates = std::make_shared<std::vector<ActionEstimate>>();
    auto search =
        BeginHintSearch(std::move(*agent), session_.state(), seat, RandomSeed(), estimates);
    if (!search) return reply(ApiFail(500, "hint_failed", "the hint agent does not search"));
    // The state asked about stays here (it is the true one) to name the actions in the reply.
    std::shared_ptr<const State> asked = session_.state().Clone();
    const int64_t index = int64_t(session_.record().actions.size());
    auto self = shared_from_this();
    hint_seat_ = seat;
    hint_ = context_.agents->Submit(
        this, std::move(search),
        [self, seat, index, asked, estimates, reply](Action action) {
          asio::post(self->context_.net, [self, seat, index, asked, estimates, reply, action] {
            self->Run([self, seat, index, asked, estimates, reply, action] {
              self->hint_.reset();
              if (self->closed_) return reply(TableClosed());
              if (action == kInvalidAction)
                return reply(ApiFail(409, "hint_cancelled",
                                     "the hint was cancelled: the position changed before it "
                                     "was ready"));
              reply(Json{{"index", index}, {"hints", HintsJson(*asked, seat, *estimates)}});
            });
          });
        },
        client_);
  });
}

void Table::CancelHint() {
  if (hint_) context_.agents->Cancel(this, *hint_);
}

std::optional<ApiError> Table::CoachRefusal(int seat, const std::string& token,
                                            const ApiError& unavailable,
                                            const std::string& not_playing) const {
  if (closed_) return TableClosed().value();
  if (SeatOfToken(token) != seat)
    return ApiError{403, "bad_token", "your seat token no longer holds a seat here"};
  if (!OnlyAgentsBeside(session_.seats(), seat)) return unavailable;
  if (StatusLocked() != TableStatus::kPlaying) return ApiError{409, "not_playing", not_playing};
  return std::nullopt;
}

}  // namespace savanna::server
