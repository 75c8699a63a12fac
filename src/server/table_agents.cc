// A table's AI seats and vacant seats: decisions go to the shared scheduler and come back
// through the table's pipeline, answers wait for their time budget, and a human seat left
// vacant too long is handed to the replacement agent.
#include <boost/asio/post.hpp>
#include <chrono>
#include <iostream>

#include "agents/agent.h"
#include "core/check.h"
#include "server/table.h"
#include "server/table_internal.h"

namespace savanna::server {
namespace asio = boost::asio;
using namespace table_detail;

void Table::ScheduleAgents() {
  if (closed_ || StatusLocked() != TableStatus::kPlaying) return;
  for (Player seat : session_.AgentsToAct()) {
    if (thinking_.Contains(seat)) continue;
    thinking_.Insert(seat);
    auto self = shared_from_this();
    Agent* agent = session_.agent(seat);
    const auto due = std::chrono::steady_clock::now() + ThinkingTime(agent->Spec());
    const uint64_t epoch = epoch_;
    ++in_flight_[epoch];
    context_.agents->Submit(
        this, agent->Begin(session_.state(), seat),
        [self, seat, due, epoch](Action action) {
          asio::post(self->context_.net, [self, seat, action, due, epoch] {
            self->PublishAgentChoice(seat, action, due, epoch);
          });
        },
        client_);
  }
}

// An agent with a time budget answers only once its time is spent, even when it decided at once
// (a single legal action): how soon an AI seat answers must not tell anything of its hand. A
// cancelled decision (kInvalidAction) is settled at once.
void Table::PublishAgentChoice(Player seat, Action action,
                               std::chrono::steady_clock::time_point due, uint64_t epoch) {
  auto self = shared_from_this();
  if (action == kInvalidAction || std::chrono::steady_clock::now() >= due)
    return Run([self, seat, action, epoch] { self->OnAgentChoice(seat, action, epoch); });
  auto timer = std::make_shared<asio::steady_timer>(context_.net, due);
  timer->async_wait([self, seat, action, epoch, timer](const boost::system::error_code&) {
    self->Run([self, seat, action, epoch] { self->OnAgentChoice(seat, action, epoch); });
  });
}

void Table::SettleDecision(uint64_t epoch) {
  if (--in_flight_[epoch] > 0) return;
  in_flight_.erase(epoch);
  std::erase_if(retired_, [epoch](const auto& retired) { return retired.first == epoch; });
}

void Table::OnAgentChoice(Player seat, Action action, uint64_t epoch) {
  SettleDecision(epoch);
  if (epoch != epoch_) return;  // chosen before a take-back, which asked the agents afresh
  thinking_.Erase(seat);
  // Cancelled (the table closed) or failed (logged by the scheduler): the seat is asked again
  // after the next change, never in a loop.
  if (closed_ || action == kInvalidAction) return;
  // A choice made on a state that has moved on since is dropped and the agent asked again.
  if (!session_.AgentsToAct().Contains(seat) || !session_.state().IsLegal(seat, action))
    return ScheduleAgents();
  Commit(seat, action, nullptr);
}

void Table::UpdateVacancyTimers() {
  for (int s = 0; s < int(vacancy_timers_.size()); ++s) {
    const bool vacant = !closed_ && options_.replace_after > 0 &&
                        StatusLocked() == TableStatus::kPlaying && session_.IsHuman(s) &&
                        !SeatConnected(s);
    auto& timer = vacancy_timers_[size_t(s)];
    if (!vacant) {
      if (timer) timer->cancel();
      timer.reset();
      continue;
    }
    if (timer) continue;
    timer = std::make_unique<asio::steady_timer>(context_.net);
    timer->expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(options_.replace_after)));
    std::weak_ptr<Table> weak = weak_from_this();
    timer->async_wait([weak, s](const boost::system::error_code& ec) {
      if (ec) return;
      if (auto self = weak.lock()) self->Run([self, s] { self->ReplaceVacantSeat(s); });
    });
  }
}

void Table::ReplaceVacantSeat(int seat) {
  vacancy_timers_[size_t(seat)].reset();
  if (closed_ || StatusLocked() != TableStatus::kPlaying || !session_.IsHuman(seat) ||
      SeatConnected(seat))
    return;
  auto spec = SeatSpec(options_.replacement, options_.ai_seconds, context_.limits);
  if (!spec) {
    std::cerr << "savanna serve: table " << id_ << ": " << spec.error().message << "\n";
    return;
  }
  const std::string label = *spec;
  // Applied first so that the stored spec is the agent's full one; nothing is announced, and no
  // other change runs, before the write is done; a failed write puts the human seat back.
  if (auto replaced = session_.ReplaceSeat(seat, label); !replaced) {
    std::cerr << "savanna serve: table " << id_ << ": " << replaced.error().message << "\n";
    return;
  }
  const StoredSeat updated{session_.seats()[size_t(seat)], label, "", ""};
  Write(
      [this, seat, updated](TableStore::Done done) {
        context_.store->UpdateSeat(id_, seat, updated, std::move(done));
      },
      [this, seat, updated](Result<void> stored) {
        if (!stored) {
          StorageError(stored.error());
          SAVANNA_CHECK(session_.ReplaceSeat(seat, std::string(kHumanSeat)));
          return;
        }
        stored_.seats[size_t(seat)] = updated;
        Touch();
        std::erase_if(viewers_, [seat](const Viewer& v) { return v.seat == seat; });
        Broadcast({}, -1);
        ScheduleAgents();
      });
}

}  // namespace savanna::server
