// examples/nginx/savanna.conf, run by a real nginx in front of two `savanna serve` nodes on one
// scratch PostgreSQL (docs/operations.md): tables are made, listed and played through the proxy,
// with WebSockets, whichever node each request reaches; and when one node is killed with SIGKILL
// the client reconnects through the same address and plays on. Its listen port and upstream
// servers are rewritten for the test; nothing else is.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/rng.h"
#include "server/scratch_postgres.h"
#include "server/server_process.h"
#include "server/server_test_util.h"

namespace savanna::testing {
namespace {

constexpr const char* kNginx = "/usr/sbin/nginx";

// A port nobody listens on now (a small race with other programs, as for any test server).
uint16_t UnusedPort() {
  boost::asio::io_context io;
  boost::asio::ip::tcp::acceptor acceptor(
      io, boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0));
  return acceptor.local_endpoint().port();
}

// The example configuration with its `listen 80;` on `port` (loopback) and its upstream servers
// replaced by `nodes`; pid, logs and temporary files in `dir`.
std::string NginxConfig(const std::filesystem::path& dir, uint16_t port,
                        const std::vector<uint16_t>& nodes) {
  std::ifstream in(std::string(SAVANNA_SOURCE_DIR) + "/examples/nginx/savanna.conf");
  std::ostringstream out;
  out << "pid " << (dir / "nginx.pid").string() << ";\n"
      << "error_log " << (dir / "error.log").string() << ";\n";
  bool servers_written = false;
  for (std::string line; std::getline(in, line);) {
    if (line.find("server 127.0.0.1:800") != std::string::npos) {
      if (!servers_written)
        for (uint16_t node : nodes)
          out << "    server 127.0.0.1:" << node << " max_fails=1 fail_timeout=5s;\n";
      servers_written = true;
      continue;
    }
    if (line.find("listen 80;") != std::string::npos) {
      out << "    listen 127.0.0.1:" << port << ";\n"
          << "    access_log off;\n";
      for (const char* temp : {"client_body", "proxy", "fastcgi", "uwsgi", "scgi"})
        out << "    " << temp << "_temp_path " << (dir / temp).string() << ";\n";
      continue;
    }
    out << line << "\n";
  }
  EXPECT_TRUE(servers_written) << "the example has no upstream servers to rewrite";
  return out.str();
}

class NginxProcess {
 public:
  NginxProcess(const std::filesystem::path& dir, uint16_t port, const std::vector<uint16_t>& nodes)
      : dir_(dir) {
    std::ofstream(dir / "nginx.conf") << NginxConfig(dir, port, nodes);
    std::vector<std::string> args = {kNginx,
                                     "-p",
                                     dir.string(),
                                     "-c",
                                     (dir / "nginx.conf").string(),
                                     "-e",
                                     (dir / "error.log").string(),
                                     "-g",
                                     "daemon off;"};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_ = fork();
    if (pid_ == 0) {
      execv(argv[0], argv.data());
      _exit(99);
    }
    // Up when it accepts connections.
    for (int i = 0; i < 100; ++i) {
      if (Http(port, "GET", "/api/tables").status == 200) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ADD_FAILURE() << "nginx did not start: " << Log();
  }
  ~NginxProcess() {
    if (pid_ > 0) {
      kill(pid_, SIGQUIT);
      waitpid(pid_, nullptr, 0);
    }
  }
  std::string Log() const {
    std::ifstream log(dir_ / "error.log");
    return std::string(std::istreambuf_iterator<char>(log), {});
  }

 private:
  std::filesystem::path dir_;
  pid_t pid_ = -1;
};

// Rejoins `token`'s seat through the proxy until it is taken (a node may be taking the table
// over); returns the client and its first state with legal actions, or null.
std::unique_ptr<WsClient> RejoinThroughProxy(uint16_t port, const std::string& id,
                                             const Json& token, Json& state) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (std::chrono::steady_clock::now() < deadline) {
    auto client = std::make_unique<WsClient>(port);
    if (client->Request({{"type", "rejoin"}, {"table", id}, {"token", token}}, "joined")["seat"] ==
        0) {
      while (true) {
        state = client->Receive(std::chrono::seconds(5));
        if (state.is_null() || state["type"] == "error") break;
        if (state["type"] == "state" && (state.contains("legal") || state["status"] == "finished"))
          return client;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return nullptr;
}

TEST(NginxTest, TheExampleConfigurationServesTwoNodesAndSurvivesAKilledNode) {
  if (access(kNginx, X_OK) != 0) GTEST_SKIP() << "no nginx (./scripts/setup.sh postgresql)";
  ScratchDatabase db;
  const std::vector<std::string> options = {"--trusted-proxy", "127.0.0.1", "--lease-seconds", "2"};
  std::vector<std::unique_ptr<ServerProcess>> nodes;
  for (int i = 0; i < 2; ++i) {
    nodes.push_back(std::make_unique<ServerProcess>(db.url(), options));
    ASSERT_NE(nodes.back()->port(), 0) << nodes.back()->first_line();
  }
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("savanna-nginx-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::filesystem::permissions(dir, std::filesystem::perms::all);  // nginx's workers: nobody
  const uint16_t port = UnusedPort();
  {
    NginxProcess nginx(dir, port, {nodes[0]->port(), nodes[1]->port()});
    const HttpReply created =
        Http(port, "POST", "/api/tables",
             Json{{"game", "kariba(players=2)"}, {"seats", {"human", "random"}}});
    ASSERT_EQ(created.status, 201) << created.body << nginx.Log();
    const std::string id = created.json()["id"];
    // Requests go to both nodes in turn; every one finds the table.
    for (int i = 0; i < 6; ++i) {
      const HttpReply summary = Http(port, "GET", "/api/tables/" + id);
      EXPECT_EQ(summary.status, 200) << i << ": " << summary.body;
    }
    auto client = std::make_unique<WsClient>(port);
    const Json joined = client->Request({{"type", "join"}, {"table", id}, {"seat", 0}}, "joined");
    ASSERT_EQ(joined["seat"], 0) << joined.dump() << nginx.Log();
    const Json token = joined["token"];
    Json state;
    client = RejoinThroughProxy(port, id, token, state);
    ASSERT_TRUE(client) << nginx.Log();
    Rng rng(5);
    int moves = 0;
    auto play = [&](int count) {
      for (int m = 0; m < count && state["status"] != "finished"; ++m) {
        const std::vector<std::string> legal = state["legal"];
        const Json ack = client->Request(
            {{"type", "act"}, {"action", legal[rng.Below(uint32_t(legal.size()))]}}, "ack");
        ASSERT_EQ(ack["type"], "ack") << ack.dump();
        ++moves;
        while (true) {
          state = client->Receive(std::chrono::seconds(5));
          ASSERT_FALSE(state.is_null()) << "no state after move " << moves;
          if (state["type"] == "state" &&
              (state.contains("legal") || state["status"] == "finished"))
            break;
        }
      }
    };
    play(3);
    // One node dies; the client comes back through the same address and plays to the end.
    EXPECT_EQ(nodes[0]->Kill(SIGKILL), SIGKILL);
    client = RejoinThroughProxy(port, id, token, state);
    ASSERT_TRUE(client) << "no rejoin through the proxy after a node died: " << nginx.Log();
    play(1000);
    EXPECT_EQ(state["status"], "finished");
    const Json record = Http(port, "GET", "/api/tables/" + id + "/record").json();
    ASSERT_TRUE(record.contains("actions")) << record.dump();
    EXPECT_GE(record["actions"].size(), size_t(moves));
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace savanna::testing
