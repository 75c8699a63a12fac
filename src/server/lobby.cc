// Creating, deleting, finding and resuming tables. Game specs from the network may not name
// files on the server (string parameters such as data=FILE are refused), and a new game's seed
// comes from the CSPRNG. Tables that left memory come back from the store by replaying.
#include "server/lobby.h"

#include <boost/asio/post.hpp>
#include <chrono>
#include <iostream>

#include "agents/agent.h"
#include "server/catalog.h"
#include "server/clock.h"
#include "server/request_fields.h"
#include "server/tokens.h"

namespace savanna::server {
namespace {

// Table ids are hex digits (12 today); anything else is never looked up.
bool IsTableId(std::string_view id) {
  return !id.empty() && id.size() <= 32 &&
         id.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

void LogStoreError(const std::string& id, const Result<void>& done) {
  if (!done) std::cerr << "savanna serve: table " << id << ": " << done.error().message << "\n";
}

}  // namespace

Lobby::Lobby(const GameRegistry& games, TableContext context, LobbyOptions options)
    : games_(games),
      context_(std::move(context)),
      options_(std::move(options)),
      sweep_timer_(context_.net) {}

void Lobby::Create(const Json& json, std::function<void(ApiResult<Json>)> reply, const Admit& admit,
                   const std::string& client) {
  auto request = ReadTableRequest(json);
  if (!request) return reply(tl::unexpected(request.error()));
  auto game = ClientGame(games_, request->game);
  if (!game) return reply(tl::unexpected(game.error()));
  const int n = (*game)->NumPlayers();
  auto options = TableOptions::FromJson(request->options, options_.defaults, context_.limits);
  if (!options) return reply(tl::unexpected(options.error()));

  // Seats: "human" or an agent spec each; agents that take a time budget get the table's.
  if (int(request->seats.size()) != n)
    return reply(ApiFail(400, "bad_request",
                         "field 'seats' must be an array of " + std::to_string(n) +
                             " entries (\"human\" or an agent spec) for " + (*game)->Spec()));
  std::vector<std::string> labels;
  for (const std::string& text : request->seats) {
    if (text == kHumanSeat) {
      labels.push_back(text);
      continue;
    }
    auto agent = SeatSpec(text, options->ai_seconds, context_.limits);
    if (!agent)
      return reply(ApiFail(agent.error().status, agent.error().code,
                           "seat " + std::to_string(labels.size()) + ": " + agent.error().message));
    // An agent that cannot play this game (the policy agent where it ships no net) is refused
    // now, not at its first move.
    if (auto plays = CheckAgentPlays(*MakeAgentFactory(*agent), **game); !plays)
      return reply(ApiFail(400, "bad_request",
                           "seat " + std::to_string(labels.size()) + ": " + plays.error().message));
    labels.push_back(*agent);
  }
  const uint64_t seed = RandomSeed();
  auto session = Session::Create(*game, labels, seed);
  if (!session) return reply(tl::unexpected(FromError(session.error())));

  if (admit)
    if (const double wait = admit(); wait > 0)
      return reply(tl::unexpected(RateLimited("tables created", wait)));
  const std::string creator_token = RandomHex(kTokenBytes);
  StoredTable stored;
  stored.creator_hash = Sha256Hex(creator_token);
  stored.game = (*game)->name();
  stored.params = session->record().params;
  stored.seed = seed;
  stored.options = options->ToJson();
  stored.created = UnixNow();
  stored.updated = stored.created;
  for (int s = 0; s < n; ++s)
    stored.seats.push_back({session->seats()[size_t(s)], labels[size_t(s)], "", ""});
  {
    std::lock_guard lock(mutex_);
    size_t unfinished = creating_;
    const std::optional<size_t> everywhere =
        unfinished_counter_ ? unfinished_counter_() : std::nullopt;
    if (everywhere)
      unfinished += *everywhere;
    else
      for (const auto& [id, table] : tables_)
        unfinished += table->Status() != TableStatus::kFinished ? 1 : 0;
    if (unfinished >= options_.max_tables)
      return reply(ApiFail(503, "too_many_tables",
                           "the server holds its maximum of " +
                               std::to_string(options_.max_tables) + " unfinished tables"));
    do stored.id = RandomHex(6);
    while (tables_.count(stored.id) != 0);
    ++creating_;
  }
  auto table = std::make_shared<Table>(context_, stored, std::move(*session), *options,
                                       Table::kNoStep, client);
  context_.store->CreateTable(stored, [this, table, reply, creator_token](Result<void> done) {
    {
      std::lock_guard lock(mutex_);
      --creating_;
      if (done) tables_.emplace(table->id(), table);
    }
    if (!done) {
      std::cerr << "savanna serve: storage error: " << done.error().message << "\n";
      return reply(ApiFail(500, "storage_error", "the server could not store the table"));
    }
    table->Start();
    Json summary = table->Summary();
    summary["creator_token"] = creator_token;
    reply(summary);
  });
}

void Lobby::Delete(const std::string& id, const std::string& creator_token,
                   std::function<void(ApiResult<void>)> reply) {
  const std::shared_ptr<Table> table = Find(id);
  if (!table) return reply(ApiFail(404, "unknown_table", "no table with that id"));
  table->DeleteIfUnplayed(creator_token, "deleted", [this, id, reply](ApiResult<void> deleted) {
    // Not under the table's lock: the lobby's lock comes first elsewhere.
    if (deleted) boost::asio::post(context_.net, [this, id] { Forget(id); });
    reply(deleted);
  });
}

void Lobby::Forget(const std::string& id) {
  std::lock_guard lock(mutex_);
  tables_.erase(id);
}

Result<std::shared_ptr<Table>> Lobby::Revive(StoredTable t, bool& finished_now) {
  GameRecord record;
  record.game = t.game;
  record.params = t.params;
  record.seed = t.seed;
  for (const StoredSeat& seat : t.seats) record.seats.push_back(seat.player);
  record.actions = t.actions;
  record.result = nullptr;
  // The open simultaneous step, if any: its submissions stay sealed after the restart.
  size_t open_step = Table::kNoStep;
  auto session = Session::FromRecord(games_, record, {}, Table::OpenStepTracker(open_step));
  if (!session) return tl::unexpected(session.error());
  // Options and agents stored under other limits are brought within today's.
  auto options = TableOptions::FromJson(t.options, options_.defaults, AgentLimits::Unlimited());
  if (!options) return Fail(ErrorCode::kBadData, options.error().message);
  options->ai_seconds = std::min(options->ai_seconds, context_.limits.max_seconds);
  options->replacement = LowerToLimits(options->replacement, context_.limits);
  for (int s = 0; s < session->NumPlayers(); ++s) {
    if (session->IsHuman(s)) continue;
    const std::string lowered = LowerToLimits(session->seats()[size_t(s)], context_.limits);
    if (lowered == session->seats()[size_t(s)] || !session->ReplaceSeat(s, lowered)) continue;
    std::cerr << "savanna serve: table " << t.id << ": seat " << s << " lowered to " << lowered
              << " (the operator's limits)\n";
    t.seats[size_t(s)].player = lowered;
    context_.store->UpdateSeat(t.id, s, t.seats[size_t(s)],
                               [id = t.id](Result<void> done) { LogStoreError(id, done); });
  }
  finished_now = session->IsTerminal() && !t.finished;
  if (finished_now)
    context_.store->MarkFinished(t.id, UnixNow(),
                                 [id = t.id](Result<void> done) { LogStoreError(id, done); });
  return std::make_shared<Table>(context_, std::move(t), std::move(*session), *options, open_step);
}

Result<size_t> Lobby::Resume(const std::optional<std::vector<std::string>>& only) {
  const int64_t since =
      options_.dormant_after > 0 ? UnixNow() - int64_t(options_.dormant_after) : 0;
  auto stored = only ? Result<std::vector<StoredTable>>() : context_.store->LoadOpen(since);
  if (!stored) return tl::unexpected(stored.error());
  if (only)
    for (const std::string& id : *only) {
      auto table = context_.store->Load(id);
      if (!table) return tl::unexpected(table.error());
      if (*table && !(*table)->finished) stored->push_back(std::move(**table));
    }
  size_t resumed = 0;
  for (StoredTable& t : *stored) {
    const std::string id = t.id;
    bool finished_now = false;
    auto table = Revive(std::move(t), finished_now);
    if (!table) {
      std::cerr << "savanna serve: table " << id << " is not resumed: " << table.error().message
                << "\n";
      continue;
    }
    if (finished_now) continue;  // a game of the first release that ended: loaded on demand
    std::lock_guard lock(mutex_);
    tables_.emplace(id, *table);
    ++resumed;
  }
  std::lock_guard lock(mutex_);
  for (const auto& [id, table] : tables_) table->Start();
  return resumed;
}

void Lobby::Rematch(const std::shared_ptr<Table>& table, std::function<void(ApiResult<Json>)> reply,
                    const Admit& admit, const std::string& client) {
  auto request = table->RematchRequest();
  if (!request) return reply(tl::unexpected(request.error()));
  std::shared_ptr<Table> made;
  if (const std::string id = table->rematch(); !id.empty()) made = Find(id);
  if (!made) {
    std::lock_guard lock(mutex_);
    auto& replies = rematch_replies_[table->id()];
    replies.push_back(std::move(reply));
    if (replies.size() > 1) return;  // the first request is creating it
  }
  if (made) return reply(made->Summary());
  Create(
      *request,
      [this, table](ApiResult<Json> created) {
        if (created) {
          table->SetRematch((*created)["id"].get<std::string>());
          created->erase(
              "creator_token");  // every requester gets this reply: nobody is its creator
        }
        std::vector<std::function<void(ApiResult<Json>)>> replies;
        {
          std::lock_guard lock(mutex_);
          replies = std::move(rematch_replies_[table->id()]);
          rematch_replies_.erase(table->id());
        }
        for (auto& r : replies) r(created);
      },
      admit, client);
}

std::shared_ptr<Table> Lobby::Find(std::string_view id) {
  if (!IsTableId(id)) return nullptr;
  {
    std::lock_guard lock(mutex_);
    const auto it = tables_.find(id);
    if (it != tables_.end() && !it->second->closed()) return it->second;
    if (closing_) return nullptr;
  }
  // Not in memory: read it back from the store.
  auto stored = context_.store->Load(std::string(id));
  if (!stored || !*stored) {
    if (!stored) std::cerr << "savanna serve: " << stored.error().message << "\n";
    return nullptr;
  }
  bool finished_now = false;
  auto table = Revive(std::move(**stored), finished_now);
  if (!table) {
    std::cerr << "savanna serve: table " << id << " cannot be loaded: " << table.error().message
              << "\n";
    return nullptr;
  }
  {
    std::lock_guard lock(mutex_);
    auto& slot = tables_[std::string(id)];
    if (slot && !slot->closed()) return slot;  // loaded by another request meanwhile
    slot = *table;
  }
  (*table)->Start();
  return *table;
}

Json Lobby::List() const {
  std::vector<std::shared_ptr<Table>> tables;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, table] : tables_) tables.push_back(table);
  }
  std::vector<Json> summaries;
  for (const auto& table : tables)
    if (table->Status() != TableStatus::kFinished) summaries.push_back(table->Summary());
  std::sort(summaries.begin(), summaries.end(), [](const Json& a, const Json& b) {
    return std::pair(a["created"].get<int64_t>(), a["id"].get<std::string>()) <
           std::pair(b["created"].get<int64_t>(), b["id"].get<std::string>());
  });
  return {{"tables", summaries}};
}

size_t Lobby::InMemory() const {
  std::lock_guard lock(mutex_);
  return tables_.size();
}

size_t Lobby::Adopt(const std::vector<std::string>& ids) {
  size_t loaded = 0;
  for (const std::string& id : ids) loaded += Find(id) != nullptr ? 1 : 0;
  return loaded;
}

std::vector<std::string> Lobby::Ids() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> ids;
  for (const auto& [id, table] : tables_) ids.push_back(id);
  return ids;
}

void Lobby::Release(const std::vector<std::string>& ids) {
  std::vector<std::shared_ptr<Table>> released;
  {
    std::lock_guard lock(mutex_);
    for (const std::string& id : ids)
      if (auto it = tables_.find(id); it != tables_.end()) {
        released.push_back(it->second);
        tables_.erase(it);
      }
  }
  for (const auto& table : released) {
    std::cerr << "savanna serve: table " << table->id() << " is run by another node now\n";
    table->Close();
  }
}

void Lobby::CloseAll() {
  std::lock_guard lock(mutex_);
  closing_ = true;
  sweep_timer_.cancel();
  for (const auto& [id, table] : tables_) table->Close();
}

}  // namespace savanna::server
