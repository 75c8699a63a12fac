// The in-process server of the fuzz targets, over the in-memory store.
#include "fuzz/server_harness.h"

#include "fuzz/fuzz_common.h"
#include "games/registry.h"
#include "server/memory_store.h"

namespace savanna::fuzz {

ServerHarness::ServerHarness()
    : store_(server::MemoryStore()), agents_({1, std::chrono::milliseconds(1), 0.01}) {
  Reset();
}

ServerHarness::~ServerHarness() {
  if (lobby_) lobby_->CloseAll();
  Drain();
  agents_.Stop();
}

void ServerHarness::Drain() {
  for (int round = 0; round < 1000; ++round) {
    net_.restart();
    if (net_.poll() == 0) return;
  }
}

void ServerHarness::Reset() {
  if (lobby_) lobby_->CloseAll();
  Drain();
  api_.reset();
  lobby_.reset();
  store_ = server::MemoryStore();
  server::TableContext context{store_.get(), net_.get_executor(), &agents_, {}};
  lobby_ = std::make_unique<server::Lobby>(Games(), context, server::LobbyOptions{});
  api_ = std::make_unique<server::HttpApi>(*lobby_, server::StaticFiles());
  auto create = [&](const Json& request) {
    Json made;
    lobby_->Create(request, [&](server::ApiResult<Json> r) {
      Require(r.has_value(), "the harness's table is made");
      made = *r;
    });
    Drain();
    return made;
  };
  const Json waiting =
      create({{"game", "kariba(players=3)"}, {"seats", {"human", "human", "human"}}});
  waiting_ = waiting["id"];
  creator_ = waiting["creator_token"];
  playing_ = create({{"game", "kap_kairo(players=2)"}, {"seats", {"human", "human"}}})["id"];
  for (int seat = 0; seat < 2; ++seat)
    lobby_->Find(playing_)->Join(seat, "p", nullptr,
                                 [&, seat](server::ApiResult<server::Table::Joined> joined) {
                                   Require(joined.has_value(), "the harness's seat is taken");
                                   if (seat == 0) token_ = joined->token;
                                 });
  Drain();
}

std::string ServerHarness::Substitute(std::string text) const {
  const std::pair<const char*, const std::string*> fills[] = {
      {"$W", &waiting_}, {"$P", &playing_}, {"$T", &token_}, {"$C", &creator_}};
  for (const auto& [mark, value] : fills)
    for (size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at + 1))
      text.replace(at, 2, *value);
  return text;
}

}  // namespace savanna::fuzz
