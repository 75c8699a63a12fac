// The table's chat between the people seated at it (Table::Chat): a line of words from a seated
// person goes to every connection of a human seat, never to a spectator (and an AI seat has no
// connection and no view of it). Kept in memory only: the last kChatKept lines, sent to a seat
// that (re)joins.
#include <chrono>

#include "core/json_io.h"
#include "core/text.h"
#include "server/request_fields.h"
#include "server/table.h"

namespace savanna::server {
namespace {

// A chat line from a client, made one line (OneLine: control, separator and direction characters
// as spaces, bytes that are not UTF-8 as U+FFFD, the ends trimmed) and cut after the first
// kChatMaxChars characters (between characters, never inside one).
std::string CleanChat(std::string_view raw) {
  return std::string(Trim(CutToChars(OneLine(raw), Table::kChatMaxChars)));
}

}  // namespace

void Table::Chat(int seat, const std::string& token, std::string_view raw,
                 std::function<void(ApiResult<void>)> reply) {
  Run([this, seat, token, text = CleanChat(raw), reply = std::move(reply)] {
    if (closed_) return reply(ApiFail(410, "table_closed", "the table is closed"));
    if (SeatOfToken(token) != seat)
      return reply(ApiFail(403, "bad_token", "the token does not hold a seat at this table"));
    if (text.empty())
      return reply(ApiFail(400, "bad_request", "field 'text' holds nothing to say"));
    // Per seat: kChatBurst lines at once, then one every kChatSecondsPerLine seconds.
    ChatBucket& bucket = chat_buckets_[size_t(seat)];
    const auto now = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(now - bucket.refilled).count();
    bucket.refilled = now;
    bucket.tokens = std::min(double(kChatBurst), bucket.tokens + elapsed / kChatSecondsPerLine);
    if (bucket.tokens < 1)
      return reply(ApiFail(
          429, "rate_limited",
          "too many chat lines: " + std::to_string(kChatBurst) + " at once, then one every " +
              std::to_string(int(kChatSecondsPerLine)) + " seconds; this one was not sent"));
    bucket.tokens -= 1;
    // A name is made one line when a seat is joined; a table stored before that is read so too.
    const std::string name = OneLine(stored_.seats[size_t(seat)].name);
    Json line = {{"seat", seat},
                 {"name", name.empty() ? "Guest " + std::to_string(seat + 1) : name},
                 {"text", text},
                 {"at", int64_t(std::chrono::duration_cast<std::chrono::seconds>(
                                    std::chrono::system_clock::now().time_since_epoch())
                                    .count())}};
    chat_.push_back(line);
    if (chat_.size() > kChatKept) chat_.pop_front();
    const auto message = std::make_shared<const std::string>(
        JsonText({{"type", "chat"}, {"table", id_}, {"messages", Json::array({line})}}));
    for (const Viewer& v : viewers_)
      if (v.seat != kSpectator)
        if (auto client = v.client.lock()) client->Send(message);
    reply({});
  });
}

void Table::SendChatLog(const std::shared_ptr<Client>& client, Player viewer) const {
  if (viewer == kSpectator || chat_.empty()) return;
  Json lines = Json::array();
  for (const Json& line : chat_) lines.push_back(line);
  client->Send(std::make_shared<const std::string>(
      JsonText({{"type", "chat"}, {"table", id_}, {"messages", std::move(lines)}})));
}

}  // namespace savanna::server
