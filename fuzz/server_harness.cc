// The in-process server of the fuzz targets, and its in-memory store.
#include "fuzz/server_harness.h"

#include <map>
#include <mutex>

#include "fuzz/fuzz_common.h"
#include "games/registry.h"

namespace savanna::fuzz {
namespace {

class Memory final : public server::TableStore {
 public:
  Result<std::vector<server::StoredTable>> LoadOpen(int64_t) override {
    std::lock_guard lock(mutex_);
    std::vector<server::StoredTable> open;
    for (const auto& [id, t] : tables_)
      if (!t.finished) open.push_back(t);
    return open;
  }
  Result<std::optional<server::StoredTable>> Load(const std::string& id) override {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(id);
    if (it == tables_.end()) return std::optional<server::StoredTable>();
    return std::optional<server::StoredTable>(it->second);
  }
  void CreateTable(const server::StoredTable& table, Done done) override {
    Run([&] { return tables_.emplace(table.id, table).second; }, done);
  }
  void AppendAction(const std::string& id, int64_t index, const RecordedAction& action,
                    Done done) override {
    Run(
        [&] {
          auto it = tables_.find(id);
          if (it == tables_.end() || int64_t(it->second.actions.size()) != index) return false;
          it->second.actions.push_back(action);
          return true;
        },
        done);
  }
  void UpdateSeat(const std::string& id, int seat, const server::StoredSeat& stored,
                  Done done) override {
    Run(
        [&] {
          auto it = tables_.find(id);
          if (it == tables_.end() || seat < 0 || size_t(seat) >= it->second.seats.size())
            return false;
          it->second.seats[size_t(seat)] = stored;
          return true;
        },
        done);
  }
  void MarkFinished(const std::string& id, int64_t when, Done done) override {
    Run(
        [&] {
          auto it = tables_.find(id);
          if (it != tables_.end()) it->second.finished = when;
          return it != tables_.end();
        },
        done);
  }
  void DeleteTable(const std::string& id, Done done) override {
    Run([&] { return tables_.erase(id) == 1; }, done);
  }
  void DeleteFinishedBefore(int64_t, std::function<void(Result<int64_t>)> done) override {
    done(int64_t(0));
  }
  void Flush() override {}

 private:
  template <class F>
  void Run(F write, const Done& done) {
    bool ok = false;
    {
      std::lock_guard lock(mutex_);
      ok = write();
    }
    if (done) done(ok ? Result<void>() : Fail(ErrorCode::kIoError, "memory store: refused"));
  }
  std::mutex mutex_;
  std::map<std::string, server::StoredTable> tables_;
};

}  // namespace

std::unique_ptr<server::TableStore> MemoryStore() { return std::make_unique<Memory>(); }

ServerHarness::ServerHarness()
    : store_(MemoryStore()), agents_({1, std::chrono::milliseconds(1), 0.01}) {
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
  store_ = MemoryStore();
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
