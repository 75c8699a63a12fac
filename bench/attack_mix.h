// The attack mix of the server load benchmark (`savanna_server_load --attack`): hostile clients,
// each kind from loopback addresses of its own (127.0.0.x; the honest bots use 127.1.x.y), run on
// threads of their own while the honest bots play, so the benchmark measures what honest players
// feel while the server is under attack. Every kind is one the hostile-client suite tests
// (docs/security.md): AI tables thinking at the operator's limit, over-budget specs, a request
// flood with hostile paths, idle and slow connections, oversized headers, WebSocket junk and bad
// tokens.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace savanna::bench {

struct AttackOptions {
  uint16_t port = 8765;
  int ai_tables = 2;                // tables of AI seats only, each thinking `ai_seconds` a move
  double ai_seconds = 10;           // the server's --ai-max-seconds (its default: 10)
  std::string ai_agent = "ismcts";  // the thinking tables' agent, given time=<ai_seconds>
  double flood_rate = 1000;         // HTTP requests per second of the flood (all from one address)
  int idle_addresses = 8;       // addresses that each hold `idle_per_address` silent connections
  int idle_per_address = 32;    // the server's default per-client connection cap
  int slow_connections = 16;    // connections sending their headers a byte a second
  double big_header_rate = 20;  // requests per second with 32 KiB of headers
  double junk_rate = 200;       // WebSocket messages per second: junk, bad tokens, bad actions
  bool only_ai = false;         // the AI tables alone (what one address's AI work costs others)
};

class AttackMix {
 public:
  explicit AttackMix(AttackOptions options);
  ~AttackMix();  // stops the attackers
  AttackMix(const AttackMix&) = delete;
  AttackMix& operator=(const AttackMix&) = delete;

  // Starts the AI tables (over HTTP, blocking; false when the server refused them) and then
  // every attacker thread.
  bool Start();
  void Stop();
  // One line per attacker: what it sent and how the server answered (counts by outcome).
  std::string Summary() const;

 private:
  void Count(const std::string& attacker, const std::string& outcome, long n = 1);
  bool Running() const { return running_.load(std::memory_order_relaxed); }
  // Sleeps so that a loop runs `rate` times per second.
  void Pace(double rate, int64_t& count, int64_t start_ns) const;

  void Flood();
  void HoldIdle(int address);
  void SlowHeaders();
  void BigHeaders();
  void WebSocketJunk();

  AttackOptions options_;
  std::atomic<bool> running_{false};
  std::vector<std::thread> threads_;
  mutable std::mutex mutex_;
  std::map<std::string, std::map<std::string, long>> counts_;
};

}  // namespace savanna::bench
