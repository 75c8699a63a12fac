// Load benchmark of `savanna serve` (not a test): many concurrent tables, each with one bot
// client playing a human seat over a WebSocket against agent seats, on loopback. Reports the
// tables, the actions per second, the acknowledgement latency (send of an "act" to receipt of its
// "ack", measured in this client) and the agents' reply latency (the ack to the state that asks
// the bot for its next action) as p50/p99/max. Each bot thinks for --think ms (0.5x to 1.5x, at
// random) before it acts; --think 0 acts at once (the server's throughput limit). A finished
// table is replaced by a new one, so the number of tables stays constant. Each bot is a client of
// its own (loopback address 127.1.x.y), as players are, so the server's per-client limits apply
// to each as to one person. --attack runs the attack mix (attack_mix.h) meanwhile;
// --attack-only-ai runs only its AI tables (all from one address). Start the
// server first, e.g.
//   build/release/savanna serve --port 8765 --db "$(mktemp -d)/load.db" &
//   build/release/bench/savanna_server_load --port 8765 --tables 1000 --seconds 20 [--attack]
#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench/attack_mix.h"
#include "core/rng.h"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Json = nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Options {
  std::string host = "127.0.0.1";
  uint16_t port = 8765;
  // Several nodes on one database (--ports A,B,C): bot i makes its table on node i mod n and
  // plays it over a WebSocket to node (i / n) mod n, so a third of the tables (with 3 nodes) are
  // played on their own node and the others through the relay, as behind a proxy that spreads
  // connections evenly. Empty: `port` alone.
  std::vector<uint16_t> ports;
  int tables = 1000;
  double seconds = 20;
  double warmup = 3;
  double think_ms = 1000;  // a bot waits 0.5x to 1.5x this long before each action
  std::string game = "kariba(players=2)";
  std::vector<std::string> seats = {"human", "random"};  // the bot plays seat 0
  bool attack = false;
  savanna::bench::AttackOptions attack_options;
};

// The loopback address of bot `index`: 127.1.0.1, 127.1.0.2, ... (250 per third byte).
std::string BotAddress(int index) {
  return "127.1." + std::to_string(index / 250) + "." + std::to_string(index % 250 + 1);
}

// The node bot `index` makes its tables on, and the one it plays them on (Options::ports).
uint16_t TablePort(const Options& o, int index) {
  return o.ports.empty() ? o.port : o.ports[size_t(index) % o.ports.size()];
}
uint16_t PlayPort(const Options& o, int index) {
  return o.ports.empty() ? o.port : o.ports[size_t(index) / o.ports.size() % o.ports.size()];
}

// A TCP stream to the server's `port` from `source`.
void ConnectFrom(beast::tcp_stream& stream, const Options& o, uint16_t port,
                 const std::string& source) {
  auto& socket = stream.socket();
  socket.open(tcp::v4());
  socket.bind(tcp::endpoint(asio::ip::make_address(source), 0));
  stream.connect(tcp::endpoint(asio::ip::make_address(o.host), port));
}

// Creates a table over HTTP to `port` from `source` (blocking); returns its id or "" on failure.
std::string CreateTable(const Options& o, uint16_t port, const std::string& source) {
  try {
    asio::io_context ioc;
    beast::tcp_stream stream(ioc);
    ConnectFrom(stream, o, port, source);
    http::request<http::string_body> request(http::verb::post, "/api/tables", 11);
    request.set(http::field::host, o.host);
    request.body() = Json{{"game", o.game}, {"seats", o.seats}}.dump();
    request.prepare_payload();
    http::write(stream, request);
    beast::flat_buffer buffer;
    http::response<http::string_body> response;
    http::read(stream, buffer, response);
    if (response.result_int() != 201) {
      std::cerr << "create failed: " << response.body() << "\n";
      return "";
    }
    return Json::parse(response.body())["id"];
  } catch (const std::exception& e) {
    std::cerr << "create failed: " << e.what() << "\n";
    return "";
  }
}

struct Stats {
  std::vector<double> latencies_ms;  // after the warm-up
  std::vector<double> replies_ms;    // the agents' replies: an ack to the next legal actions
  std::map<int, int> slow_acks;      // acks over 100 ms, by the second of the run they came in
  Clock::time_point start = Clock::now();
  long long acks = 0, actions = 0, errors = 0, games = 0;
  bool measuring = false;
};

// Makes tables on a helper thread so that the client's event loop never blocks on HTTP.
class TableMaker {
 public:
  explicit TableMaker(const Options& o) : options_(o), thread_([this] { Loop(); }) {}
  ~TableMaker() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  void Request(uint16_t port, std::string source, std::function<void(std::string)> done) {
    {
      std::lock_guard lock(mutex_);
      queue_.push_back({port, std::move(source), std::move(done)});
    }
    cv_.notify_one();
  }

 private:
  void Loop() {
    while (true) {
      Job request;
      {
        std::unique_lock lock(mutex_);
        cv_.wait(lock, [this] { return stop_ || !queue_.empty(); });
        if (stop_) return;
        request = std::move(queue_.front());
        queue_.pop_front();
      }
      request.done(CreateTable(options_, request.port, request.source));
    }
  }
  struct Job {
    uint16_t port;
    std::string source;
    std::function<void(std::string)> done;
  };
  const Options& options_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Job> queue_;
  bool stop_ = false;
  std::thread thread_;
};

class Bot : public std::enable_shared_from_this<Bot> {
 public:
  Bot(asio::io_context& ioc, const Options& o, Stats& stats, TableMaker& maker, int index)
      : ioc_(ioc),
        ws_(ioc),
        options_(o),
        stats_(stats),
        maker_(maker),
        rng_(uint64_t(index) + 1),
        index_(index),
        address_(BotAddress(index)) {}

  int index() const { return index_; }

  const std::string& address() const { return address_; }

  bool Connect() {
    try {
      ConnectFrom(beast::get_lowest_layer(ws_), options_, PlayPort(options_, index_), address_);
      ws_.handshake(options_.host, "/ws");
      return true;
    } catch (const std::exception& e) {
      std::cerr << "connect failed: " << e.what() << "\n";
      return false;
    }
  }
  void Start(const std::string& table) {
    Join(table);
    Read();
  }

 private:
  void Join(const std::string& table) {
    last_actions_ = 0;
    Send(Json{{"type", "join"}, {"table", table}, {"seat", 0}}.dump());
  }
  void Send(std::string text) {
    queue_.push_back(std::move(text));
    if (queue_.size() == 1) WriteNext();
  }
  void WriteNext() {
    ws_.async_write(asio::buffer(queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, size_t) {
                      if (ec) return;
                      self->queue_.pop_front();
                      if (!self->queue_.empty()) self->WriteNext();
                    });
  }
  void Read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return;
      const Json m = Json::parse(beast::buffers_to_string(self->buffer_.data()), nullptr, false);
      self->buffer_.consume(self->buffer_.size());
      self->Handle(m);
      self->Read();
    });
  }
  void Handle(const Json& m) {
    const std::string type = m.value("type", "");
    if (type == "error") {
      ++stats_.errors;
      std::cerr << "error: " << m.dump() << "\n";
      waiting_ = false;
      return;
    }
    if (type == "ack") {
      acked_ = Clock::now();
      const double ms = std::chrono::duration<double, std::milli>(acked_ - sent_).count();
      if (stats_.measuring) {
        stats_.latencies_ms.push_back(ms);
        if (ms > 100)
          ++stats_.slow_acks[int(std::chrono::duration<double>(acked_ - stats_.start).count())];
        ++stats_.acks;
      }
      waiting_ = false;
      awaiting_reply_ = true;
      return;
    }
    if (type != "state") return;
    const long long actions = m["actions"].get<long long>();
    if (stats_.measuring) stats_.actions += std::max(0LL, actions - last_actions_);
    last_actions_ = std::max(last_actions_, actions);
    if (m.contains("legal") && awaiting_reply_) {
      awaiting_reply_ = false;
      if (stats_.measuring)
        stats_.replies_ms.push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - acked_).count());
    }
    if (m["status"] == "finished") {
      awaiting_reply_ = false;
      if (stats_.measuring) ++stats_.games;
      auto self = shared_from_this();
      maker_.Request(TablePort(options_, index_), address_, [self](std::string id) {
        asio::post(self->ioc_, [self, id] {
          if (!id.empty()) self->Join(id);
        });
      });
      return;
    }
    if (waiting_ || !m.contains("legal")) return;
    const auto& legal = m["legal"];
    const std::string action = legal[rng_.Below(uint32_t(legal.size()))];
    waiting_ = true;
    const double think = options_.think_ms * (0.5 + double(rng_.Below(1001)) / 1000.0);
    timer_.expires_after(std::chrono::microseconds(int64_t(think * 1000)));
    timer_.async_wait([self = shared_from_this(), action](beast::error_code ec) {
      if (ec) return;
      self->sent_ = Clock::now();
      self->Send(Json{{"type", "act"}, {"action", action}}.dump());
    });
  }

  asio::io_context& ioc_;
  websocket::stream<beast::tcp_stream> ws_;
  const Options& options_;
  Stats& stats_;
  TableMaker& maker_;
  savanna::Rng rng_;
  int index_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  asio::steady_timer timer_{ioc_};
  bool waiting_ = false;
  Clock::time_point sent_, acked_;
  bool awaiting_reply_ = false;  // acked; the agents' reply (the next legal actions) is due
  long long last_actions_ = 0;
  std::string address_;
};

double Percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  const size_t k = std::min(v.size() - 1, size_t(p * double(v.size())));
  std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.end());
  return v[k];
}

int Usage() {
  std::cerr << "usage: savanna_server_load [--host H] [--port P | --ports P,Q,...] [--tables N] "
               "[--seconds S] "
               "[--warmup S] [--think MS] [--game SPEC] [--seats human,random,...] "
               "[--attack] [--attack-only-ai] [--attack-ai-tables N] [--attack-ai-agent NAME] "
               "[--attack-ai-seconds S] "
               "[--attack-idle-addresses N] [--flood-rate R]\n";
  return 1;
}

void PrintLatency(const char* what, std::vector<double> l) {
  const double p50 = Percentile(l, 0.50), p99 = Percentile(l, 0.99);
  const double max = l.empty() ? 0 : *std::max_element(l.begin(), l.end());
  std::printf("%s ms (%zu): p50 %.2f  p99 %.2f  max %.2f\n", what, l.size(), p50, p99, max);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--attack") {
      o.attack = true;
      continue;
    }
    if (arg == "--attack-only-ai") {  // the attack mix's AI tables alone
      o.attack = true;
      o.attack_options.only_ai = true;
      continue;
    }
    if (i + 1 >= argc) return Usage();
    const std::string value = argv[++i];
    if (arg == "--host")
      o.host = value;
    else if (arg == "--port")
      o.port = uint16_t(std::stoi(value));
    else if (arg == "--ports") {
      std::stringstream list(value);
      for (std::string port; std::getline(list, port, ',');)
        o.ports.push_back(uint16_t(std::stoi(port)));
      if (o.ports.empty()) return Usage();
      o.port = o.ports[0];
    } else if (arg == "--tables")
      o.tables = std::stoi(value);
    else if (arg == "--seconds")
      o.seconds = std::stod(value);
    else if (arg == "--warmup")
      o.warmup = std::stod(value);
    else if (arg == "--think")
      o.think_ms = std::stod(value);
    else if (arg == "--game")
      o.game = value;
    else if (arg == "--attack-ai-seconds")
      o.attack_options.ai_seconds = std::stod(value);
    else if (arg == "--flood-rate")
      o.attack_options.flood_rate = std::stod(value);
    else if (arg == "--attack-ai-agent")
      o.attack_options.ai_agent = value;
    else if (arg == "--attack-ai-tables")
      o.attack_options.ai_tables = std::stoi(value);
    else if (arg == "--attack-idle-addresses")
      o.attack_options.idle_addresses = std::stoi(value);
    else if (arg == "--seats") {
      o.seats.clear();
      size_t start = 0;
      while (start <= value.size()) {
        const size_t comma = value.find(',', start);
        o.seats.push_back(value.substr(start, comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    } else
      return Usage();
  }
  asio::io_context ioc;
  Stats stats;
  TableMaker maker(o);
  std::vector<std::shared_ptr<Bot>> bots;
  const auto setup_start = Clock::now();
  for (int t = 0; t < o.tables; ++t) {
    auto bot = std::make_shared<Bot>(ioc, o, stats, maker, t);
    const std::string id = CreateTable(o, TablePort(o, bot->index()), bot->address());
    if (id.empty() || !bot->Connect()) {
      std::cerr << "setup failed at table " << t << "\n";
      return 1;
    }
    bot->Start(id);
    bots.push_back(bot);
  }
  std::cerr << o.tables << " tables and connections set up in "
            << std::chrono::duration<double>(Clock::now() - setup_start).count() << " s\n";
  o.attack_options.port = o.port;
  savanna::bench::AttackMix attack(o.attack_options);
  if (o.attack && !attack.Start()) {
    std::cerr << "the attack mix could not start (is --attack-ai-seconds within the server's "
                 "--ai-max-seconds?)\n"
              << attack.Summary();
    return 1;
  }
  asio::steady_timer warmup(ioc), end(ioc);
  warmup.expires_after(
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.warmup)));
  warmup.async_wait([&](beast::error_code) {
    stats.start = Clock::now();
    stats.measuring = true;
    // scripts/server_load.sh reads the servers' CPU time at these two marks.
    std::fprintf(stderr, "measuring\n");
  });
  end.expires_after(std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(o.warmup + o.seconds)));
  end.async_wait([&](beast::error_code) {
    std::fprintf(stderr, "measured\n");
    ioc.stop();
  });
  ioc.run();

  attack.Stop();
  std::printf(
      "game %s, seats %zu (bot plays seat 0), %d concurrent tables, think %.0f ms, "
      "%.1f s measured\n",
      o.game.c_str(), o.seats.size(), o.tables, o.think_ms, o.seconds);
  std::printf(
      "acknowledged bot actions: %lld (%.0f/s); all actions incl. agents: %lld (%.0f/s); "
      "games finished: %lld; errors: %lld\n",
      stats.acks, double(stats.acks) / o.seconds, stats.actions, double(stats.actions) / o.seconds,
      stats.games, stats.errors);
  PrintLatency("ack latency", stats.latencies_ms);
  PrintLatency("agent reply latency", stats.replies_ms);
  if (!stats.slow_acks.empty()) {
    std::printf("acks over 100 ms, by second of the run (count):");
    for (const auto& [second, n] : stats.slow_acks) std::printf(" %d (%d)", second, n);
    std::printf("\n");
  }
  if (o.attack) std::printf("attack mix:\n%s", attack.Summary().c_str());
  std::fflush(stdout);
  std::_Exit(0);  // the bots' sockets close with the process
}
