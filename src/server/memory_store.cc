// The in-memory TableStore: one map of tables under a mutex.
#include "server/memory_store.h"

#include <map>
#include <mutex>

namespace savanna::server {
namespace {

class MemoryTableStore final : public TableStore {
 public:
  Result<std::vector<StoredTable>> LoadOpen(int64_t) override {
    std::lock_guard lock(mutex_);
    std::vector<StoredTable> open;
    for (const auto& [id, t] : tables_)
      if (!t.finished) open.push_back(t);
    return open;
  }
  Result<std::optional<StoredTable>> Load(const std::string& id) override {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(id);
    if (it == tables_.end()) return std::optional<StoredTable>();
    return std::optional<StoredTable>(it->second);
  }
  void CreateTable(const StoredTable& table, Done done) override {
    Write([&] { return tables_.emplace(table.id, table).second; }, done);
  }
  void AppendAction(const std::string& id, int64_t index, const RecordedAction& action,
                    Done done) override {
    Write(
        [&] {
          StoredTable* t = Find(id);
          if (t == nullptr || int64_t(t->actions.size()) != index) return false;
          t->actions.push_back(action);
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
          return true;
        },
        done);
  }
  void MarkFinished(const std::string& id, int64_t when, Done done) override {
    Write(
        [&] {
          StoredTable* t = Find(id);
          if (t != nullptr) t->finished = when;
          return t != nullptr;
        },
        done);
  }
  void DeleteTable(const std::string& id, Done done) override {
    Write([&] { return tables_.erase(id) == 1; }, done);
  }
  void DeleteFinishedBefore(int64_t, std::function<void(Result<int64_t>)> done) override {
    done(int64_t(0));
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
