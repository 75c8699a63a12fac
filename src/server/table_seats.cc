// A table's seats: taking a free human seat (its token made here, stored as a digest), coming
// back with the token, watching, giving a seat up, and connections leaving.
#include <algorithm>

#include "server/request_fields.h"
#include "server/table.h"
#include "server/table_internal.h"
#include "server/tokens.h"

namespace savanna::server {
using namespace table_detail;

bool Table::IsOpen() const {
  Lock lock(mutex_);
  if (session_.IsTerminal()) return false;
  for (size_t s = 0; s < stored_.seats.size(); ++s)
    if (session_.IsHuman(Player(s)) && stored_.seats[s].token_hash.empty()) return true;
  return false;
}

std::optional<int> Table::SeatOfToken(const std::string& token) const {
  std::optional<int> found;
  for (size_t s = 0; s < stored_.seats.size(); ++s)
    if (TokenMatches(token, stored_.seats[s].token_hash)) found = int(s);
  return found;
}

bool Table::SeatConnected(int seat) const {
  for (const Viewer& v : viewers_)
    if (v.seat == seat && !v.client.expired()) return true;
  return false;
}

Json Table::SeatsJson() const {
  Json seats = Json::array();
  for (size_t s = 0; s < stored_.seats.size(); ++s) {
    const StoredSeat& seat = stored_.seats[s];
    Json j = {{"seat", s}};
    if (session_.IsHuman(Player(s))) {
      j["player"] = "human";
      j["taken"] = !seat.token_hash.empty();
      j["name"] = seat.name;
      j["connected"] = SeatConnected(int(s));
    } else {
      j["player"] = "agent";
      j["agent"] = seat.label;  // never the full spec: an agent's seed is derived from the deal's
    }
    seats.push_back(std::move(j));
  }
  return seats;
}

void Table::Join(std::optional<int> wanted, std::string name, std::shared_ptr<Client> client,
                 std::function<void(ApiResult<Joined>)> reply) {
  Run([this, wanted, name = std::move(name), client = std::move(client), reply] {
    if (closed_) return reply(TableClosed());
    if (session_.IsTerminal()) return reply(ApiFail(409, "game_over", "the game is over"));
    if (name.size() > kMaxNameSize)
      return reply(ApiFail(400, "bad_request",
                           "a name has at most " + std::to_string(kMaxNameSize) + " characters"));
    const int n = session_.NumPlayers();
    std::optional<int> seat;
    if (wanted) {
      if (*wanted < 0 || *wanted >= n)
        return reply(
            ApiFail(400, "bad_request",
                    "no seat " + std::to_string(*wanted) + " at a table of " + std::to_string(n)));
      if (!session_.IsHuman(*wanted))
        return reply(ApiFail(409, "seat_taken",
                             "seat " + std::to_string(*wanted) + " is played by an agent"));
      if (!stored_.seats[*wanted].token_hash.empty())
        return reply(ApiFail(409, "seat_taken", "seat " + std::to_string(*wanted) + " is taken"));
      seat = wanted;
    } else {
      for (int s = 0; s < n && !seat; ++s)
        if (session_.IsHuman(s) && stored_.seats[s].token_hash.empty()) seat = s;
      if (!seat) return reply(ApiFail(409, "no_free_seat", "no human seat is free"));
    }
    const std::string token = RandomHex(kTokenBytes);
    StoredSeat updated = stored_.seats[*seat];
    updated.token_hash = Sha256Hex(token);
    // A player who gives no name gets a readable one, never "human": the seat counted from 1.
    const bool blank = name.find_first_not_of(" \t") == std::string::npos;
    updated.name = blank ? "Guest " + std::to_string(*seat + 1) : name;
    const bool was_waiting = StatusLocked() == TableStatus::kWaiting;
    Write(
        [this, s = *seat, updated](TableStore::Done done) {
          context_.store->UpdateSeat(id_, s, updated, std::move(done));
        },
        [this, s = *seat, updated, token, client, reply, was_waiting](Result<void> stored) {
          if (!stored) return reply(tl::unexpected(StorageError(stored.error())));
          stored_.seats[s] = updated;
          Touch();
          reply(Joined{s, token});
          if (client) Attach(client, s);
          Broadcast({}, -1, client.get());
          if (was_waiting && StatusLocked() == TableStatus::kPlaying) ScheduleAgents();
          UpdateVacancyTimers();
        });
  });
}

void Table::Rejoin(const std::string& token, std::shared_ptr<Client> client,
                   std::function<void(ApiResult<int>)> reply) {
  Run([this, token, client = std::move(client), reply] {
    if (closed_) return reply(TableClosed());
    const std::optional<int> seat = SeatOfToken(token);
    if (!seat)
      return reply(ApiFail(403, "bad_token", "the token does not hold a seat at this table"));
    reply(*seat);
    Attach(client, *seat);
    UpdateVacancyTimers();
    Broadcast({}, -1, client.get());  // the others learn that the seat is connected
  });
}

void Table::Spectate(std::shared_ptr<Client> client, std::function<void(ApiResult<void>)> reply) {
  Run([this, client = std::move(client), reply] {
    if (closed_) return reply(TableClosed());
    reply({});
    Attach(client, kSpectator);
  });
}

void Table::Leave(const std::string& token, std::function<void(ApiResult<int>)> reply) {
  Run([this, token, reply] {
    if (closed_) return reply(TableClosed());
    const std::optional<int> seat = SeatOfToken(token);
    if (!seat)
      return reply(ApiFail(403, "bad_token", "the token does not hold a seat at this table"));
    StoredSeat updated = stored_.seats[*seat];
    updated.token_hash.clear();
    updated.name.clear();
    Write(
        [this, s = *seat, updated](TableStore::Done done) {
          context_.store->UpdateSeat(id_, s, updated, std::move(done));
        },
        [this, s = *seat, updated, reply](Result<void> stored) {
          if (!stored) return reply(tl::unexpected(StorageError(stored.error())));
          stored_.seats[s] = updated;
          Touch();
          std::erase_if(viewers_, [s](const Viewer& v) { return v.seat == s; });
          reply(s);
          Broadcast({}, -1);
          UpdateVacancyTimers();
        });
  });
}

// A spectator leaving changes nothing anyone sees; a seat's connection leaving changes the
// seat's "connected", and a hint its seat no longer waits for is cancelled.
void Table::Detach(const Client* client) {
  {
    Lock lock(mutex_);
    const auto it = std::find_if(viewers_.begin(), viewers_.end(),
                                 [client](const Viewer& v) { return v.key == client; });
    if (it == viewers_.end()) return;
    const Player seat = it->seat;
    viewers_.erase(it);
    if (seat == kSpectator) return;
    Touch();
  }
  Run([this] {
    if (hint_ && !SeatConnected(hint_seat_)) CancelHint();
    UpdateVacancyTimers();
    Broadcast({}, -1);
  });
}

}  // namespace savanna::server
