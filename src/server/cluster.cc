// The cluster: the heartbeat, the keeper (takeovers, dead nodes, leases lost, shared AI budgets),
// the relay between nodes over LISTEN/NOTIFY (one channel per node, savanna_<id>; a message too
// large for a NOTIFY payload waits in the mailbox table and the notification names its row), and
// the database's side of the limits.
#include "server/cluster.h"

#include <poll.h>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <condition_variable>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "server/agent_scheduler.h"
#include "server/batch_queue.h"
#include "server/http_api.h"
#include "server/lobby.h"
#include "server/postgres_conn.h"

namespace savanna::server {
namespace {

using SteadyClock = std::chrono::steady_clock;
using pg::Param;
using pg::PgResult;

// NOTIFY payloads must stay under 8000 bytes; larger messages go through the mailbox.
constexpr size_t kMaxPayload = 7000;

std::string Channel(const std::string& node) { return "savanna_" + node; }

std::chrono::microseconds Micros(double seconds) {
  return std::chrono::microseconds(int64_t(seconds * 1e6));
}

}  // namespace

// The conversation a node keeps for a connection that another node (the edge) holds: it talks
// to this node's lobby and tables like any connection, and its replies go back to the edge.
class RemoteConversation final : public WsConversation {
 public:
  RemoteConversation(Cluster::Impl& cluster, Lobby& lobby, WsLimits limits, RateLimiter* joins,
                     std::string client, boost::asio::any_io_executor net, std::string edge,
                     uint64_t conn)
      : WsConversation(lobby, limits, joins, std::move(client)),
        cluster_(cluster),
        strand_(boost::asio::make_strand(net)),
        edge_(std::move(edge)),
        conn_(conn) {}

 protected:
  void Post(std::function<void()> work) override { boost::asio::post(strand_, std::move(work)); }
  void Deliver(std::shared_ptr<const std::string> message) override;
  void CloseForPolicy() override { CloseEdge(); }
  void CloseAfterError() override { CloseEdge(); }

 private:
  void CloseEdge();

  Cluster::Impl& cluster_;
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  const std::string edge_;
  const uint64_t conn_;
};

struct Cluster::Impl {
  ClusterOptions options;
  pg::Connection beat;    // the heartbeat thread's
  pg::Connection keep;    // the keeper's
  pg::Connection listen;  // LISTEN, and the mailbox reads
  pg::Connection send;    // NOTIFY
  pg::Connection query;   // OwnerOf and the limits, from the network threads
  std::mutex query_mutex;

  Parts parts;
  std::atomic<bool> stopping{false};
  std::mutex stop_mutex;
  std::condition_variable stop_cv;
  std::thread beat_thread, keep_thread, listen_thread, send_thread;
  std::atomic<int64_t> last_beat{0};  // steady-clock microseconds of the last renewal

  // The sender's queue: (node, payload).
  BatchQueue<std::pair<std::string, std::string>> outbox;

  // The relay's state (any network thread).
  std::mutex relay_mutex;
  struct Edge {  // a connection of this node relayed to another
    std::weak_ptr<WsConversation> conversation;
    std::string node;
  };
  std::map<uint64_t, Edge> edges;
  std::map<std::pair<std::string, uint64_t>, std::shared_ptr<RemoteConversation>> remotes;
  struct PendingHttp {
    std::function<void(HttpResponse)> reply;
    std::string node;
    SteadyClock::time_point deadline;
  };
  std::map<uint64_t, PendingHttp> http;
  struct PendingList {
    std::function<void(Json)> reply;
    std::set<std::string> waiting;
    Json tables;
    SteadyClock::time_point deadline;
  };
  std::map<uint64_t, PendingList> lists;
  uint64_t next_request = 1;

  // ---- Sending ----
  void Send(const std::string& node, const Json& message) {
    outbox.Push({node, JsonText(message)});
  }

  void SendLoop() {
    while (true) {
      std::vector<std::pair<std::string, std::string>> batch = outbox.Take();
      if (batch.empty()) return;
      if (!send.healthy() && !(send.Reset() && send.Prepare("notify", "SELECT pg_notify($1, $2)") &&
                               send.Prepare("mail", kMailSql)))
        continue;  // the messages are lost; their connections time out or are closed
      std::vector<pg::Connection::Step> steps;
      for (auto& [node, payload] : batch)
        steps.push_back({payload.size() <= kMaxPayload ? "notify" : "mail",
                         {Channel(node), std::move(payload)}});
      if (auto sent = send.Pipeline(steps); !sent)
        std::cerr << "savanna serve: cluster: cannot notify: " << sent.error().message << "\n";
    }
  }
  static constexpr const char* kMailSql =
      "WITH m AS (INSERT INTO mailbox(body) VALUES($2) RETURNING id) "
      "SELECT pg_notify($1, '{\"k\":\"mail\",\"id\":' || id || '}') FROM m";

  // ---- Listening ----
  void ListenLoop() {
    const int socket = PQsocket(listen.get());
    while (!stopping) {
      pollfd fd{socket, POLLIN, 0};
      poll(&fd, 1, 200);
      if (PQconsumeInput(listen.get()) != 1) {
        std::cerr << "savanna serve: cluster: the LISTEN connection broke: " << listen.error()
                  << "\n";
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        if (listen.Reset() && listen.Exec("LISTEN " + Channel(options.node))) continue;
        continue;
      }
      while (PGnotify* note = PQnotifies(listen.get())) {
        std::string payload = note->extra;
        PQfreemem(note);
        Json message = Json::parse(payload, nullptr, false);
        if (message.is_object() && message.contains("k") && message["k"] == "mail") {
          // A mailbox row's id; anything else (forged on the channel) names no row.
          const Json& id = message.contains("id") ? message["id"] : Json();
          if (!id.is_number_integer()) continue;
          PgResult body = listen.Query("DELETE FROM mailbox WHERE id = $1 RETURNING body",
                                       {std::to_string(id.get<int64_t>())});
          if (!body.ok() || body.rows() != 1) continue;
          message = Json::parse(body.text(0, 0), nullptr, false);
        }
        if (!message.is_object()) continue;
        boost::asio::post(parts.net, [this, message = std::move(message)] {
          // The channel is the database's: anyone who may connect to it can NOTIFY it. A message
          // of the wrong shape is dropped, and never ends the process.
          try {
            Receive(message);
          } catch (const std::exception& e) {
            std::cerr << "savanna serve: cluster: a relayed message was dropped: " << e.what()
                      << "\n";
          }
        });
      }
    }
  }

  void Receive(const Json& m) {
    const std::string kind = m.value("k", "");
    const std::string from = m.value("from", "");
    if (kind == "ws") return ReceiveWs(from, m.value("c", uint64_t(0)), m);
    if (kind == "leave") {
      std::shared_ptr<RemoteConversation> gone;
      {
        std::lock_guard lock(relay_mutex);
        auto it = remotes.find({from, m.value("c", uint64_t(0))});
        if (it == remotes.end()) return;
        gone = it->second;
        remotes.erase(it);
      }
      gone->Closed();
      return;
    }
    if (kind == "out" || kind == "close") {
      std::shared_ptr<WsConversation> conversation;
      {
        std::lock_guard lock(relay_mutex);
        auto it = edges.find(m.value("c", uint64_t(0)));
        if (it == edges.end()) return;
        conversation = it->second.conversation.lock();
        if (kind == "close") edges.erase(it);
      }
      if (!conversation) return;
      if (kind == "close") return conversation->CloseSoon();
      return conversation->Send(std::make_shared<const std::string>(m.value("m", "")));
    }
    if (kind == "http") return ReceiveHttp(from, m);
    if (kind == "httpr") {
      std::function<void(HttpResponse)> reply;
      {
        std::lock_guard lock(relay_mutex);
        auto it = http.find(m.value("r", uint64_t(0)));
        if (it == http.end()) return;
        reply = std::move(it->second.reply);
        http.erase(it);
      }
      HttpResponse response{
          m.value("s", 500), m.value("t", "application/json"), m.value("b", ""), nullptr, {}};
      for (const auto& h : m.value("h", Json::array()))
        response.headers.emplace_back(h.at(0).get<std::string>(), h.at(1).get<std::string>());
      return reply(std::move(response));
    }
    if (kind == "list") {
      Send(from, {{"k", "listr"},
                  {"from", options.node},
                  {"r", m.value("r", uint64_t(0))},
                  {"tables", parts.lobby->List()["tables"]}});
      return;
    }
    if (kind == "listr") {
      std::optional<PendingList> done;
      {
        std::lock_guard lock(relay_mutex);
        auto it = lists.find(m.value("r", uint64_t(0)));
        if (it == lists.end()) return;
        for (const Json& t : m.value("tables", Json::array())) it->second.tables.push_back(t);
        it->second.waiting.erase(from);
        if (!it->second.waiting.empty()) return;
        done = std::move(it->second);
        lists.erase(it);
      }
      return FinishList(std::move(*done));
    }
  }

  void ReceiveWs(const std::string& edge, uint64_t conn, const Json& m) {
    std::shared_ptr<RemoteConversation> conversation;
    {
      std::lock_guard lock(relay_mutex);
      auto& slot = remotes[{edge, conn}];
      if (!slot)
        slot =
            std::make_shared<RemoteConversation>(*this, *parts.lobby, parts.ws_limits, parts.joins,
                                                 m.value("client", ""), parts.net, edge, conn);
      conversation = slot;
    }
    conversation->Handle(m.value("m", ""), true);
  }

  void ReceiveHttp(const std::string& from, const Json& m) {
    HttpRequest request{m.value("method", "GET"), m.value("target", "/"), m.value("body", ""),
                        m.value("client", ""), true};
    const uint64_t r = m.value("r", uint64_t(0));
    parts.api->Handle(request, [this, from, r](HttpResponse response) {
      Json headers = Json::array();
      for (const auto& [name, value] : response.headers) headers.push_back({name, value});
      Send(from, {{"k", "httpr"},
                  {"from", options.node},
                  {"r", r},
                  {"s", response.status},
                  {"t", response.content_type},
                  {"b", response.shared_body ? *response.shared_body : response.body},
                  {"h", headers}});
    });
  }

  static void FinishList(PendingList list) {
    std::vector<Json> tables(list.tables.begin(), list.tables.end());
    std::sort(tables.begin(), tables.end(), [](const Json& a, const Json& b) {
      return std::pair(a.value("created", int64_t(0)), a.value("id", "")) <
             std::pair(b.value("created", int64_t(0)), b.value("id", ""));
    });
    list.reply(Json{{"tables", tables}});
  }

  // ---- The heartbeat ----
  Result<void> Beat(pg::Connection& conn) {
    PgResult r = conn.Query(
        "INSERT INTO nodes(id, address, expires) VALUES($1, $2, now() + make_interval(secs => $3)) "
        "ON CONFLICT (id) DO UPDATE SET expires = excluded.expires, address = excluded.address",
        {options.node, options.address, std::to_string(options.lease_seconds)});
    if (!r.ok()) return Fail(ErrorCode::kIoError, "cluster: cannot renew the node: " + r.error());
    last_beat =
        std::chrono::duration_cast<std::chrono::microseconds>(SteadyClock::now().time_since_epoch())
            .count();
    return {};
  }

  // Waits `seconds` or until Stop; false when stopping.
  bool Sleep(double seconds) {
    std::unique_lock lock(stop_mutex);
    return !stop_cv.wait_for(lock, Micros(seconds), [this] { return stopping.load(); });
  }

  void BeatLoop() {
    while (Sleep(options.lease_seconds / 3)) {
      if (!beat.healthy()) beat.Reset();
      if (auto ok = Beat(beat); !ok) std::cerr << "savanna serve: " << ok.error().message << "\n";
    }
  }

  // ---- The keeper ----
  Result<std::vector<std::string>> Claim(pg::Connection& conn) {
    // Unfinished tables whose node is dead, or that have no lease at all.
    PgResult taken = conn.Query(
        "WITH orphans AS ("
        "  SELECT l.table_id FROM leases l JOIN tables t ON t.id = l.table_id"
        "  WHERE t.finished IS NULL AND l.node <> $1"
        "    AND NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = l.node AND n.expires > now())"
        "  LIMIT 1000 FOR UPDATE OF l SKIP LOCKED) "
        "UPDATE leases SET node = $1, epoch = leases.epoch + 1 FROM orphans "
        "WHERE leases.table_id = orphans.table_id RETURNING leases.table_id",
        {options.node});
    if (!taken.ok()) return Fail(ErrorCode::kIoError, "cluster: takeover: " + taken.error());
    PgResult unleased = conn.Query(
        "INSERT INTO leases(table_id, node, epoch) SELECT id, $1, 1 FROM tables t "
        "WHERE finished IS NULL AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.table_id = t.id) "
        "ON CONFLICT DO NOTHING RETURNING table_id",
        {options.node});
    if (!unleased.ok()) return Fail(ErrorCode::kIoError, "cluster: takeover: " + unleased.error());
    std::vector<std::string> ids;
    for (const PgResult* r : {&taken, &unleased})
      for (int i = 0; i < r->rows(); ++i) ids.push_back(r->text(i, 0));
    return ids;
  }

  void KeepLoop() {
    auto last_check = SteadyClock::now();
    while (Sleep(options.scan_seconds)) {
      if (!keep.healthy() && !keep.Reset()) continue;
      // A node that could not renew its row for a lease may have lost its tables already.
      const int64_t now_us = std::chrono::duration_cast<std::chrono::microseconds>(
                                 SteadyClock::now().time_since_epoch())
                                 .count();
      if (now_us - last_beat > int64_t(options.lease_seconds * 1e6)) {
        const auto ids = parts.lobby->Ids();
        if (!ids.empty()) {
          std::cerr << "savanna serve: cluster: this node's lease lapsed; giving up its "
                    << ids.size() << " tables\n";
          boost::asio::post(parts.net, [this, ids] { parts.lobby->Release(ids); });
        }
        continue;
      }
      auto live = LiveNodes(keep);
      if (live) ForgetDead(*live);
      if (auto claimed = Claim(keep); claimed && !claimed->empty()) {
        std::cerr << "savanna serve: cluster: node " << options.node << " takes over "
                  << claimed->size() << " tables\n";
        boost::asio::post(parts.net, [this, ids = *claimed] { parts.lobby->Adopt(ids); });
      }
      ExpireRequests();
      if (SteadyClock::now() - last_check >= std::chrono::seconds(1)) {
        last_check = SteadyClock::now();
        DropLostTables();
        ShareAiBudgets();
      }
    }
  }

  Result<std::set<std::string>> LiveNodes(pg::Connection& conn) {
    PgResult r = conn.Query("SELECT id FROM nodes WHERE expires > now()");
    if (!r.ok()) return Fail(ErrorCode::kIoError, r.error());
    std::set<std::string> live;
    for (int i = 0; i < r.rows(); ++i) live.insert(r.text(i, 0));
    return live;
  }

  // Connections relayed to a dead node are closed (their clients reconnect), and the
  // conversations kept for a dead node's connections end.
  void ForgetDead(const std::set<std::string>& live) {
    std::vector<std::shared_ptr<WsConversation>> close;
    std::vector<std::shared_ptr<RemoteConversation>> end;
    {
      std::lock_guard lock(relay_mutex);
      for (auto it = edges.begin(); it != edges.end();) {
        if (live.count(it->second.node)) {
          ++it;
          continue;
        }
        if (auto c = it->second.conversation.lock()) close.push_back(c);
        it = edges.erase(it);
      }
      for (auto it = remotes.begin(); it != remotes.end();) {
        if (live.count(it->first.first)) {
          ++it;
          continue;
        }
        end.push_back(it->second);
        it = remotes.erase(it);
      }
      for (auto& [r, pending] : http)
        if (!live.count(pending.node)) pending.deadline = SteadyClock::now();
      for (auto& [r, pending] : lists)
        for (auto it = pending.waiting.begin(); it != pending.waiting.end();)
          it = live.count(*it) ? std::next(it) : pending.waiting.erase(it);
    }
    for (auto& c : close) c->CloseSoon();
    for (auto& c : end) boost::asio::post(parts.net, [c] { c->Closed(); });
  }

  // Relayed requests past their time get 503; lists answer with what came.
  void ExpireRequests() {
    std::vector<std::function<void(HttpResponse)>> late;
    std::vector<PendingList> lists_done;
    const auto now = SteadyClock::now();
    {
      std::lock_guard lock(relay_mutex);
      for (auto it = http.begin(); it != http.end();) {
        if (it->second.deadline > now) {
          ++it;
          continue;
        }
        late.push_back(std::move(it->second.reply));
        it = http.erase(it);
      }
      for (auto it = lists.begin(); it != lists.end();) {
        if (it->second.deadline > now && !it->second.waiting.empty()) {
          ++it;
          continue;
        }
        lists_done.push_back(std::move(it->second));
        it = lists.erase(it);
      }
    }
    for (auto& reply : late)
      boost::asio::post(parts.net, [reply] {
        reply(ErrorResponse({503, "node_unreachable",
                             "the server that runs this table did not answer; try again"}));
      });
    for (auto& list : lists_done)
      boost::asio::post(parts.net, [list = std::move(list)]() mutable { FinishList(list); });
  }

  // Tables in memory whose lease another node holds now (this node was taken for dead) go.
  void DropLostTables() {
    const std::vector<std::string> local = parts.lobby->Ids();  // before the query: see Release
    if (local.empty()) return;
    PgResult mine = keep.Query("SELECT table_id FROM leases WHERE node = $1", {options.node});
    if (!mine.ok()) return;
    std::set<std::string> held;
    for (int i = 0; i < mine.rows(); ++i) held.insert(mine.text(i, 0));
    std::vector<std::string> lost;
    for (const std::string& id : local)
      if (!held.count(id)) lost.push_back(id);
    if (!lost.empty()) boost::asio::post(parts.net, [this, lost] { parts.lobby->Release(lost); });
  }

  // Each client's AI seconds are one account in the database: what this node's workers spent is
  // charged there, and what is left there becomes this node's budget for that client.
  void ShareAiBudgets() {
    if (parts.agents == nullptr || options.ai_seconds_per_minute <= 0) return;
    for (const auto& [client, spent] : parts.agents->TakeSpent()) {
      PgResult left = keep.Query(
          "SELECT savanna_spend('ai', $1, $2, $3, $4)",
          {client, std::to_string(spent), std::to_string(options.ai_seconds_per_minute / 60),
           std::to_string(options.ai_burst_seconds)});
      if (left.ok() && left.rows() == 1) {
        parts.agents->SetBudget(client, std::stod(left.text(0, 0)));
      }
    }
  }
};

void RemoteConversation::Deliver(std::shared_ptr<const std::string> message) {
  cluster_.Send(edge_,
                {{"k", "out"}, {"from", cluster_.options.node}, {"c", conn_}, {"m", *message}});
}

void RemoteConversation::CloseEdge() {
  if (closed()) return;
  Closed();
  cluster_.Send(edge_, {{"k", "close"}, {"from", cluster_.options.node}, {"c", conn_}});
  std::lock_guard lock(cluster_.relay_mutex);
  cluster_.remotes.erase({edge_, conn_});
}

Result<std::unique_ptr<Cluster>> Cluster::Open(ClusterOptions options) {
  auto impl = std::make_unique<Impl>();
  impl->options = std::move(options);
  Impl& c = *impl;
  for (pg::Connection* conn : {&c.beat, &c.keep, &c.listen, &c.send, &c.query})
    if (auto ok = conn->Open(c.options.url); !ok) return tl::unexpected(ok.error());
  // The limits' and the relay's writes need no durability: they are lost with a crash anyway.
  for (pg::Connection* conn : {&c.send, &c.query, &c.keep})
    if (auto ok = conn->Exec("SET synchronous_commit = off"); !ok)
      return tl::unexpected(ok.error());
  if (auto ok = c.send.Prepare("notify", "SELECT pg_notify($1, $2)"); !ok)
    return tl::unexpected(ok.error());
  if (auto ok = c.send.Prepare("mail", Impl::kMailSql); !ok) return tl::unexpected(ok.error());
  if (auto ok = c.Beat(c.beat); !ok) return tl::unexpected(ok.error());
  c.beat_thread = std::thread([&c] { c.BeatLoop(); });
  return std::unique_ptr<Cluster>(new Cluster(std::move(impl)));
}

Cluster::Cluster(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Cluster::~Cluster() { Stop(); }

const std::string& Cluster::node() const { return impl_->options.node; }

Result<std::vector<std::string>> Cluster::ClaimOrphans() {
  std::lock_guard lock(impl_->query_mutex);
  return impl_->Claim(impl_->query);
}

void Cluster::Start(Parts parts) {
  Impl& c = *impl_;
  c.parts = std::move(parts);
  if (auto ok = c.listen.Exec("LISTEN " + Channel(c.options.node)); !ok)
    std::cerr << "savanna serve: cluster: cannot LISTEN: " << ok.error().message << "\n";
  c.listen_thread = std::thread([&c] { c.ListenLoop(); });
  c.send_thread = std::thread([&c] { c.SendLoop(); });
  c.keep_thread = std::thread([&c] { c.KeepLoop(); });
}

void Cluster::Stop() {
  Impl& c = *impl_;
  {
    std::lock_guard lock(c.stop_mutex);
    if (c.stopping.exchange(true)) return;
  }
  c.stop_cv.notify_all();
  c.outbox.Close();
  for (std::thread* t : {&c.beat_thread, &c.keep_thread, &c.listen_thread, &c.send_thread})
    if (t->joinable()) t->join();
  // Gone at once: the other nodes take this node's tables over at their next scan.
  std::lock_guard lock(c.query_mutex);
  c.query.Query("UPDATE nodes SET expires = now() - interval '1 second' WHERE id = $1",
                {c.options.node});
}

double Cluster::Take(const std::string& kind, const std::string& client, double per_second,
                     double burst) {
  std::lock_guard lock(impl_->query_mutex);
  PgResult r =
      impl_->query.Query("SELECT savanna_take($1, $2, 1, $3, $4)",
                         {kind, client, std::to_string(per_second), std::to_string(burst)});
  if (!r.ok() || r.rows() != 1) return 0;  // the database is away: the writes will fail anyway
  return std::stod(r.text(0, 0));
}

std::optional<size_t> Cluster::UnfinishedTables() {
  std::lock_guard lock(impl_->query_mutex);
  PgResult r = impl_->query.Query("SELECT count(*) FROM tables WHERE finished IS NULL");
  if (!r.ok() || r.rows() != 1) return std::nullopt;
  return size_t(r.int64(0, 0));
}

std::string Cluster::OwnerOf(const std::string& id) {
  Impl& c = *impl_;
  if (id.empty() || id.size() > 32 || id.find_first_not_of("0123456789abcdef") != std::string::npos)
    return "";
  std::lock_guard lock(c.query_mutex);
  for (int attempt = 0; attempt < 2; ++attempt) {
    PgResult r = c.query.Query(
        "SELECT l.node, EXISTS (SELECT 1 FROM nodes n WHERE n.id = l.node AND n.expires > now()) "
        "FROM tables t LEFT JOIN leases l ON l.table_id = t.id WHERE t.id = $1",
        {id});
    if (!r.ok() || r.rows() == 0) return "";  // no such table (or no database): answered here
    const std::string node = r.null(0, 0) ? "" : r.text(0, 0);
    const bool alive = r.text(0, 1) == "t";
    if (node == c.options.node) return "";
    if (!node.empty() && alive) return node;
    // Nobody runs it: this node takes it (Lobby::Find then loads it).
    PgResult claimed = c.query.Query(
        "INSERT INTO leases(table_id, node, epoch) VALUES($1, $2, 1) "
        "ON CONFLICT (table_id) DO UPDATE SET node = $2, epoch = leases.epoch + 1 "
        "WHERE NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = leases.node AND n.expires > now()) "
        "RETURNING node",
        {id, c.options.node});
    if (claimed.ok() && claimed.rows() == 1) return "";
  }
  return "";
}

void Cluster::Forward(const std::string& node, const std::shared_ptr<WsConversation>& conversation,
                      uint64_t conn, const std::string& client, const std::string& text) {
  Impl& c = *impl_;
  {
    std::lock_guard lock(c.relay_mutex);
    c.edges[conn] = {conversation, node};
  }
  c.Send(node,
         {{"k", "ws"}, {"from", c.options.node}, {"c", conn}, {"client", client}, {"m", text}});
}

void Cluster::Leave(const std::string& node, uint64_t conn) {
  Impl& c = *impl_;
  {
    std::lock_guard lock(c.relay_mutex);
    c.edges.erase(conn);
  }
  c.Send(node, {{"k", "leave"}, {"from", c.options.node}, {"c", conn}});
}

void Cluster::ForwardHttp(const std::string& node, const HttpRequest& request,
                          std::function<void(HttpResponse)> reply) {
  Impl& c = *impl_;
  uint64_t r = 0;
  {
    std::lock_guard lock(c.relay_mutex);
    r = c.next_request++;
    c.http[r] = {std::move(reply), node, SteadyClock::now() + Micros(c.options.relay_timeout)};
  }
  c.Send(node, {{"k", "http"},
                {"from", c.options.node},
                {"r", r},
                {"method", request.method},
                {"target", request.target},
                {"body", request.body},
                {"client", request.client}});
}

void Cluster::ListAll(Json local, std::function<void(Json)> reply) {
  Impl& c = *impl_;
  std::set<std::string> others;
  {
    std::lock_guard lock(c.query_mutex);
    if (auto live = c.LiveNodes(c.query)) others = *live;
  }
  others.erase(c.options.node);
  Impl::PendingList list{std::move(reply), others, local["tables"],
                         SteadyClock::now() + std::chrono::seconds(2)};
  if (others.empty()) return Impl::FinishList(std::move(list));
  uint64_t r = 0;
  {
    std::lock_guard lock(c.relay_mutex);
    r = c.next_request++;
    c.lists[r] = std::move(list);
  }
  for (const std::string& node : others)
    c.Send(node, {{"k", "list"}, {"from", c.options.node}, {"r", r}});
}

}  // namespace savanna::server
