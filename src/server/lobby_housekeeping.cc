// The lobby's housekeeping, every few seconds: tables that waited too long for their players, and
// tables whose seats were taken but where nobody moved and nobody seated is connected, are
// deleted; finished tables nobody watches and playing tables idle for long leave memory (the
// store keeps them; Find reads them back), and finished tables past the retention period are
// deleted from the store. So neither waiting nor unplayed tables nor old games fill the server for
// good.
#include <boost/asio/post.hpp>
#include <chrono>
#include <iostream>

#include "server/clock.h"
#include "server/lobby.h"

namespace savanna::server {
void Lobby::StartHousekeeping() {
  boost::asio::post(context_.net, [this] { Sweep(); });
}

void Lobby::ScheduleSweep() {
  std::lock_guard lock(mutex_);
  if (closing_) return;
  sweep_timer_.expires_after(Seconds(options_.sweep_seconds));
  sweep_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) Sweep();
  });
}

void Lobby::Sweep() {
  std::vector<std::shared_ptr<Table>> tables;
  {
    std::lock_guard lock(mutex_);
    if (closing_) return;
    for (const auto& [id, table] : tables_) tables.push_back(table);
  }
  const int64_t now = UnixNow();
  for (const auto& table : tables) {
    const std::string id = table->id();
    const bool waited_too_long = options_.waiting_expiry > 0 &&
                                 now - table->created() >= int64_t(options_.waiting_expiry) &&
                                 table->Status() == TableStatus::kWaiting;
    const bool unplayed_too_long =
        options_.unplayed_expiry > 0 && table->Status() == TableStatus::kPlaying &&
        table->IsUnplayed(/*need_unwatched=*/true, Seconds(options_.unplayed_expiry));
    if (waited_too_long || unplayed_too_long) {
      table->DeleteIfUnplayed(std::nullopt, "expired", [this, id](ApiResult<void> deleted) {
        if (deleted) boost::asio::post(context_.net, [this, id] { Forget(id); });
      });
      continue;
    }
    const bool evicted =
        table->CloseIfIdle(TableStatus::kFinished, Seconds(options_.finished_in_memory), false) ||
        (options_.dormant_after > 0 &&
         table->CloseIfIdle(TableStatus::kPlaying, Seconds(options_.dormant_after), true));
    if (evicted) Forget(id);
  }
  const bool retention_due =
      !last_retention_ ||
      std::chrono::steady_clock::now() - *last_retention_ > std::chrono::hours(1);
  if (options_.retention_days > 0 && retention_due) {
    last_retention_ = std::chrono::steady_clock::now();
    const int64_t before = now - int64_t(options_.retention_days * 86400);
    context_.store->DeleteFinishedBefore(before, [](Result<int64_t> deleted) {
      if (!deleted)
        std::cerr << "savanna serve: retention: " << deleted.error().message << "\n";
      else if (*deleted > 0)
        std::cerr << "savanna serve: retention: deleted " << *deleted << " finished tables\n";
    });
  }
  ScheduleSweep();
}

}  // namespace savanna::server
