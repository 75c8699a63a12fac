// The attackers: blocking raw sockets (tests/server/raw_client.h), one thread per kind of attack
// (one per address for the idle connections), counting how the server answered each.
#include "bench/attack_mix.h"

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "server/raw_client.h"

namespace savanna::bench {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
using testing::RawConnection;
using Json = nlohmann::json;

const std::string kAiAddress = "127.0.0.10";
const std::string kFloodAddress = "127.0.0.11";
const std::string kSlowAddress = "127.0.0.12";
const std::string kBigHeaderAddress = "127.0.0.13";
const std::string kJunkAddress = "127.0.0.14";
std::string IdleAddress(int a) { return "127.0.2." + std::to_string(a + 1); }

int64_t NowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
      .count();
}

std::string Status(const std::string& response) {
  const int status = testing::StatusOf(response);
  return status == 0 ? "no answer" : std::to_string(status);
}

// What the flood sends, in turn: honest-looking reads, hostile paths, over-budget and bad specs.
struct FloodRequest {
  const char* method;
  const char* target;
  const char* body;
};
constexpr FloodRequest kFloodRequests[] = {
    {"GET", "/api/games", ""},
    {"GET", "/api/tables", ""},
    {"GET", "//etc/passwd", ""},
    {"GET", "/..%2f..%2f..%2fetc%2fpasswd", ""},
    {"GET", "/%2e%2e/%2e%2e/proc/self/environ", ""},
    {"GET", "/savanna.db-wal", ""},
    {"GET", "/assets/..\\..\\etc\\passwd", ""},
    {"POST", "/api/tables",
     R"j({"game": "kariba(players=2)", "seats": ["ismcts(iters=1000000000,time=0,threads=64)", "random"]})j"},
    {"POST", "/api/tables",
     R"j({"game": "kariba(players=2,data=/etc/passwd)", "seats": ["human", "human"]})j"},
    {"POST", "/api/tables/000000000000/join", "{}"},
    {"DELETE", "/api/tables/000000000000", R"({"token": "00"})"},
};

}  // namespace

AttackMix::AttackMix(AttackOptions options) : options_(options) {}

AttackMix::~AttackMix() { Stop(); }

bool AttackMix::Start() {
  std::ostringstream spec;
  spec << options_.ai_agent << "(time=" << options_.ai_seconds << ")";
  const std::string request =
      Json{{"game", "kariba(players=2)"}, {"seats", {spec.str(), spec.str()}}}.dump();
  for (int t = 0; t < options_.ai_tables; ++t) {
    const std::string reply =
        testing::RawRequest(options_.port, "POST", "/api/tables", "", request, kAiAddress);
    Count("ai tables at the limit", "created " + Status(reply));
    if (testing::StatusOf(reply) != 201) return false;
  }
  running_ = true;
  if (options_.only_ai) return true;
  threads_.emplace_back([this] { Flood(); });
  for (int a = 0; a < options_.idle_addresses; ++a)
    threads_.emplace_back([this, a] { HoldIdle(a); });
  threads_.emplace_back([this] { SlowHeaders(); });
  threads_.emplace_back([this] { BigHeaders(); });
  threads_.emplace_back([this] { WebSocketJunk(); });
  return true;
}

void AttackMix::Stop() {
  running_ = false;
  for (auto& thread : threads_) thread.join();
  threads_.clear();
}

std::string AttackMix::Summary() const {
  std::lock_guard lock(mutex_);
  std::string text;
  for (const auto& [attacker, outcomes] : counts_) {
    text += "  " + attacker + ":";
    for (const auto& [outcome, n] : outcomes)
      text += " " + outcome + " x" + std::to_string(n) + ",";
    text.back() = '\n';
  }
  return text;
}

void AttackMix::Count(const std::string& attacker, const std::string& outcome, long n) {
  std::lock_guard lock(mutex_);
  counts_[attacker][outcome] += n;
}

void AttackMix::Pace(double rate, int64_t& count, int64_t start_ns) const {
  ++count;
  const int64_t due = start_ns + int64_t(double(count) * 1e9 / rate);
  const int64_t wait = due - NowNs();
  if (wait > 0) std::this_thread::sleep_for(std::chrono::nanoseconds(wait));
}

void AttackMix::Flood() {
  const int64_t start = NowNs();
  int64_t sent = 0;
  for (size_t i = 0; Running(); ++i) {
    const FloodRequest& r = kFloodRequests[i % std::size(kFloodRequests)];
    const std::string reply =
        testing::RawRequest(options_.port, r.method, r.target, "", r.body, kFloodAddress);
    Count("request flood", Status(reply));
    Pace(options_.flood_rate, sent, start);
  }
}

// Holds the address's share of connections open and silent (half plain TCP, half WebSockets
// that follow nothing); whenever the server closes one, another is opened.
void AttackMix::HoldIdle(int address) {
  const std::string source = IdleAddress(address);
  std::vector<std::unique_ptr<RawConnection>> held(size_t(options_.idle_per_address));
  while (Running()) {
    for (size_t i = 0; i < held.size() && Running(); ++i) {
      auto& c = held[i];
      if (c && c->connected() && !c->ClosedByPeer(milliseconds(1))) continue;
      if (c) Count("idle connections", "closed by the server");
      c = std::make_unique<RawConnection>(options_.port, source);
      if (i % 2 == 1 && c->connected() && !testing::RawWebSocketHandshake(*c))
        Count("idle connections", "upgrade refused");
      Count("idle connections", "opened");
    }
    std::this_thread::sleep_for(milliseconds(200));
  }
}

// Connections that send their request's headers a byte a second, never finishing them.
void AttackMix::SlowHeaders() {
  const std::string header = "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
  std::vector<std::unique_ptr<RawConnection>> slow(size_t(options_.slow_connections));
  std::vector<size_t> sent(slow.size(), 0);
  while (Running()) {
    for (size_t i = 0; i < slow.size(); ++i) {
      auto& c = slow[i];
      const char byte = sent[i] < header.size() ? header[sent[i]] : 'a';
      if (c && c->Send(std::string(1, byte)) && !c->ClosedByPeer(milliseconds(1))) {
        ++sent[i];
        continue;
      }
      if (c) Count("slow headers", "cut off by the server");
      c = std::make_unique<RawConnection>(options_.port, kSlowAddress);
      sent[i] = 0;
      Count("slow headers", "opened");
    }
    for (int tick = 0; tick < 10 && Running(); ++tick)
      std::this_thread::sleep_for(milliseconds(100));
  }
}

void AttackMix::BigHeaders() {
  const std::string headers = "X-Big: " + std::string(32 << 10, 'b') + "\r\n";
  const int64_t start = NowNs();
  int64_t sent = 0;
  while (Running()) {
    Count("oversized headers", Status(testing::RawRequest(options_.port, "GET", "/api/games",
                                                          headers, "", kBigHeaderAddress)));
    Pace(options_.big_header_rate, sent, start);
  }
}

// One WebSocket sending junk, bad tokens and acts without a seat; reopened when the server
// closes it (it does after 200 refusals in a row). Replies are read and dropped.
void AttackMix::WebSocketJunk() {
  const std::string messages[] = {
      "{{{ not json",
      Json{{"type", "rejoin"}, {"table", "000000000000"}, {"token", std::string(64, '0')}}.dump(),
      Json{{"type", "act"}, {"action", "play 9 elephant"}}.dump(),
      Json{{"type", "spectate"}, {"table", std::string(5000, 'x')}}.dump(),
      Json{{"type", "nope"}}.dump(),
  };
  std::unique_ptr<RawConnection> ws;
  const int64_t start = NowNs();
  int64_t sent = 0;
  for (size_t i = 0; Running(); ++i) {
    if (!ws || !ws->connected() || ws->peer_closed()) {
      if (ws) Count("websocket junk", "closed by the server");
      ws = std::make_unique<RawConnection>(options_.port, kJunkAddress);
      if (!testing::RawWebSocketHandshake(*ws)) Count("websocket junk", "upgrade refused");
    }
    if (!ws->Send(testing::MaskedTextFrame(messages[i % std::size(messages)]))) ws->Close();
    Count("websocket junk", "messages sent");
    ws->Receive(milliseconds(1));
    Pace(options_.junk_rate, sent, start);
  }
}

}  // namespace savanna::bench
