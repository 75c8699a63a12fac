// The in-memory TableStore: one map of tables under a mutex.
#include "server/memory_store.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "server/clock.h"

namespace savanna::server {
namespace {

class MemoryTableStore final : public TableStore {
 public:
  Result<std::vector<StoredTable>> LoadOpen(int64_t changed_since) override {
    std::lock_guard lock(mutex_);
    std::vector<StoredTable> open;
    for (const auto& [id, t] : tables_)
      if (!t.finished && t.updated >= changed_since) open.push_back(t);
    std::sort(open.begin(), open.end(), [](const StoredTable& a, const StoredTable& b) {
      return std::pair(a.created, a.id) < std::pair(b.created, b.id);
    });
    return open;
  }
  Result<std::optional<StoredTable>> Load(const std::string& id) override {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(id);
    if (it == tables_.end()) return std::optional<StoredTable>();
    return std::optional<StoredTable>(it->second);
  }
  void CreateTable(const StoredTable& table, Done done) override {
    Write(
        [&] {
          StoredTable stored = table;
          stored.updated = stored.created;
          return tables_.emplace(table.id, std::move(stored)).second;
        },
        done);
  }
  void AppendAction(const std::string& id, int64_t index, const RecordedAction& action,
                    Done done) override {
    Write(
        [&] {
          StoredTable* t = Find(id);
          if (t == nullptr || int64_t(t->actions.size()) != index) return false;
          t->actions.push_back(action);
          t->updated = UnixNow();
          return true;
        },
        done);
  }
  void TakeBack(const std::string& id, const StoredTakeBack& takeback, Done done) override {
    Write(
        [&] {
          StoredTable* t = Find(id);
          if (t == nullptr || takeback.from < 0 || takeback.from > int64_t(t->actions.size()))
            return false;
          t->actions.resize(size_t(takeback.from));
          t->takebacks.push_back(takeback);
          t->updated = UnixNow();
          return true;
        },
        done);
  }
  void UpdateSeat(const std::string& id, int seat, const StoredSeat& stored, Done done) override {
    Write(
        [&] {
          StoredTable* t = Find(id);
          if (t == nullptr || seat < 0 || size_t(seat) >= t->seats.size()) return false;
          t->seats[size_t(seat)] = stored;
          t->updated = UnixNow();
          return true;
        },
        done);
  }
  void MarkFinished(const std::string& id, int64_t when, Done done) override {
    Write(
        [&] {
          StoredTable* t = Find(id);
          if (t == nullptr) return false;
          t->finished = when;
          t->updated = when;
          return true;
        },
        done);
  }
  void DeleteTable(const std::string& id, Done done) override {
    Write([&] { return tables_.erase(id) == 1; }, done);
  }
  void DeleteFinishedBefore(int64_t before, std::function<void(Result<int64_t>)> done) override {
    int64_t deleted = 0;
    {
      std::lock_guard lock(mutex_);
      std::erase_if(tables_, [&](const auto& entry) {
        const bool old = entry.second.finished && *entry.second.finished < before;
        deleted += old ? 1 : 0;
        return old;
      });
    }
    done(deleted);
  }
  void Flush() override {}

 private:
  StoredTable* Find(const std::string& id) {
    auto it = tables_.find(id);
    return it == tables_.end() ? nullptr : &it->second;
  }
  // Applies `write` under the lock, then reports to `done` outside it.
  template <class F>
  void Write(F write, const Done& done) {
    bool ok = false;
    {
      std::lock_guard lock(mutex_);
      ok = write();
    }
    if (done) done(ok ? Result<void>() : Fail(ErrorCode::kIoError, "memory store: refused"));
  }

  std::mutex mutex_;
  std::map<std::string, StoredTable> tables_;
};

}  // namespace

std::unique_ptr<TableStore> MemoryStore() { return std::make_unique<MemoryTableStore>(); }

}  // namespace savanna::server
