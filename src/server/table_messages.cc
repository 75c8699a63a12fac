// A table's messages: each viewer's state message (its own view, its legal actions, the log as
// that viewer may read it) and the broadcast after a change, one message per kind of viewer.
#include <map>

#include "core/json_io.h"
#include "server/move_log.h"
#include "server/table.h"
#include "server/table_internal.h"

namespace savanna::server {
using namespace table_detail;

Json Table::LogEntry(int64_t index, Player viewer) const {
  return LogEntryJson(session_, index, viewer);
}

Json Table::FullLog(Player viewer) const {
  static_assert(kNoStep == kNoOpenStep);
  return MoveLogJson(session_, open_step_start_, viewer);
}

std::string Table::StateMessage(Player viewer, const Json& log) const {
  const TableStatus status = StatusLocked();
  Json message = {{"type", "state"},
                  {"table", id_},
                  {"viewer", viewer == kSpectator ? Json("spectator") : Json(viewer)},
                  {"status", StatusName(status)},
                  {"actions", session_.record().actions.size()},
                  {"to_act", PlayersJson(session_.PlayersToAct())},
                  {"seats", SeatsJson()},
                  {"view", session_.View(viewer)},
                  {"log", log},
                  {"result", session_.record().result},
                  {"rematch", rematch_.empty() ? Json() : Json(rematch_)}};
  if (viewer != kSpectator && status == TableStatus::kPlaying && session_.IsHuman(viewer) &&
      session_.PlayersToAct().Contains(viewer)) {
    message["legal"] = session_.LegalActions(viewer);
    message["legal_structured"] = session_.StructuredLegalActions(viewer);
  }
  return JsonText(message);
}

void Table::SendFullState(const std::shared_ptr<Client>& client, Player viewer) const {
  client->Send(std::make_shared<const std::string>(StateMessage(viewer, FullLog(viewer))));
}

void Table::Attach(const std::shared_ptr<Client>& client, Player seat) {
  std::erase_if(viewers_, [&](const Viewer& v) { return v.key == client.get(); });
  viewers_.push_back({client, client.get(), seat});
  SendFullState(client, seat);
  SendChatLog(client, seat);
}

void Table::Broadcast(const std::vector<int64_t>& now_public, int64_t own, const Client* skip) {
  std::erase_if(viewers_, [](const Viewer& v) { return v.client.expired(); });
  std::map<Player, std::shared_ptr<const std::string>> messages;  // one per viewer kind
  for (const Viewer& v : viewers_) {
    auto client = v.client.lock();
    if (!client || client.get() == skip) continue;
    auto& message = messages[v.seat];
    if (!message) {
      Json log = Json::array();
      for (int64_t i : now_public) {
        // The viewer saw its own sealed submissions when it made them.
        const bool seen =
            session_.record().actions[size_t(i)].player == v.seat && i != now_public.back();
        if (!seen) log.push_back(LogEntry(i, v.seat));
      }
      if (own >= 0 && session_.record().actions[size_t(own)].player == v.seat)
        log.push_back(LogEntry(own, v.seat));
      message = std::make_shared<const std::string>(StateMessage(v.seat, log));
    }
    client->Send(message);
  }
}

}  // namespace savanna::server
