// `savanna serve [--host H] [--port P] [--db FILE] [--web DIR] ...`: the game server (src/server).
// Prints one line when it listens, then runs until SIGINT or SIGTERM.
#include <pthread.h>
#include <signal.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "server/server.h"

namespace savanna::cli {
namespace {

struct ServeOptions {
  server::ServerOptions server;
  std::string sync = "full";
  std::string web;  // "": the build's web folder if it has an index.html
  int slice_ms = 10;
};

// The web UI built beside the program (build/<preset>/web), if there is one.
std::string DefaultWebDir() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  const auto web = exe.parent_path() / "web";
  return std::filesystem::is_regular_file(web / "index.html", ec) ? web.string() : "";
}

int RunServe(const GameRegistry& games, ServeOptions options) {
  if (options.sync != "full" && options.sync != "normal")
    return PrintError("--sync must be 'full' or 'normal'");
  options.server.sync =
      options.sync == "full" ? server::SyncMode::kFull : server::SyncMode::kNormal;
  options.server.web_dir = options.web.empty() ? DefaultWebDir() : options.web;
  options.server.ai_slice = std::chrono::milliseconds(options.slice_ms);
  if (!options.web.empty() && !std::filesystem::is_directory(options.web))
    return PrintError("--web " + options.web + ": not a directory");

  // SIGINT and SIGTERM are taken by this thread (sigwait); the server's threads inherit the mask.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  auto running = server::Server::Start(games, options.server);
  if (!running) return PrintError(running.error());
  std::cout << "savanna serve: listening on http://" << options.server.host << ":"
            << (*running)->port() << " (database " << options.server.db_path << ", "
            << (*running)->resumed_tables() << " tables resumed"
            << (options.server.web_dir.empty() ? "" : ", web UI " + options.server.web_dir) << ")"
            << std::endl;
  int signal = 0;
  sigwait(&signals, &signal);
  std::cout << "savanna serve: stopping" << std::endl;
  (*running)->Stop();
  return kExitOk;
}

}  // namespace

void AddServeCommand(CLI::App& app, Context& context) {
  auto* cmd = app.add_subcommand("serve", "Run the game server (HTTP and WebSocket)");
  auto options = std::make_shared<ServeOptions>();
  server::ServerOptions& s = options->server;
  cmd->add_option("--host", s.host, "Address to listen on")->capture_default_str();
  cmd->add_option("--port", s.port, "Port to listen on (0: any free port)")->capture_default_str();
  cmd->add_option("--db", s.db_path, "SQLite database of the tables (created if missing)")
      ->type_name("FILE")
      ->capture_default_str();
  cmd->add_option("--web", options->web,
                  "Folder of the web UI served at / (default: the build's web/ folder if it has "
                  "an index.html, else a plain page)")
      ->type_name("DIR");
  cmd->add_option("--sync", options->sync,
                  "full: every acknowledged action is on disk; normal: survives a crash of the "
                  "server but not of the machine")
      ->capture_default_str();
  cmd->add_option("--threads", s.network_threads, "Threads for the network and the tables")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd->add_option("--agent-threads", s.agent_threads, "Threads on which AI seats think")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd->add_option("--ai-slice-ms", options->slice_ms,
                  "AI seats take turns on the agent threads in slices of this many milliseconds")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  cmd->add_option("--ai-max-seconds", s.ai_limits.max_seconds,
                  "Most thinking time of one AI decision (a longer time= is refused; every "
                  "decision is cut here)")
      ->check(CLI::Range(0.001, 3600.0))
      ->capture_default_str();
  cmd->add_option("--ai-max-iters", s.ai_limits.max_iterations,
                  "Most iters= of an AI that searches by iterations (time=0)")
      ->check(CLI::Range(int64_t(1), int64_t(1'000'000'000)))
      ->capture_default_str();
  cmd->add_option("--ai-max-threads", s.ai_limits.max_threads, "Most threads= of one AI decision")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd->add_option("--ai-max-tree-mb", s.ai_limits.max_tree_mb,
                  "Most memory of one AI search tree, in MiB (tree_mb=; added to specs without it)")
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();
  cmd->add_option("--ai-seconds", s.lobby.defaults.ai_seconds,
                  "Default time budget per AI decision (agents with a time parameter)")
      ->check(CLI::Range(0.001, 3600.0))
      ->capture_default_str();
  cmd->add_option("--replace-after", s.lobby.defaults.replace_after,
                  "Default seconds before an AI takes a vacant human seat (0: never)")
      ->check(CLI::Range(0.0, 7 * 86400.0))
      ->capture_default_str();
  cmd->add_option("--replacement", s.lobby.defaults.replacement,
                  "Default agent that takes a vacant human seat")
      ->capture_default_str();
  cmd->add_option("--max-tables", s.lobby.max_tables, "Most unfinished tables at once")
      ->check(CLI::Range(1, 10000000))
      ->capture_default_str();
  cmd->add_option("--waiting-expiry", s.lobby.waiting_expiry,
                  "Seconds a table may wait for its players before it is deleted (0: forever)")
      ->check(CLI::Range(0.0, 365 * 86400.0))
      ->capture_default_str();
  cmd->add_option("--finished-in-memory", s.lobby.finished_in_memory,
                  "Seconds a finished table nobody watches stays in memory (then it is read "
                  "from the database when asked for)")
      ->check(CLI::Range(0.0, 365 * 86400.0))
      ->capture_default_str();
  cmd->add_option("--dormant-after", s.lobby.dormant_after,
                  "Seconds a playing table with no connection and no move stays in memory "
                  "(0: always)")
      ->check(CLI::Range(0.0, 365 * 86400.0))
      ->capture_default_str();
  cmd->add_option("--keep-finished-days", s.lobby.retention_days,
                  "Days a finished table is kept in the database (0: for ever)")
      ->check(CLI::Range(0.0, 100000.0))
      ->capture_default_str();
  cmd->add_option("--max-message", s.max_message_bytes,
                  "Largest WebSocket message or HTTP body, in bytes")
      ->check(CLI::Range(256, 1 << 20))
      ->capture_default_str();
  cmd->add_option("--requests-per-second", s.requests_per_second,
                  "HTTP requests (and WebSocket upgrades) per second per client address")
      ->check(CLI::Range(0.01, 1e6))
      ->capture_default_str();
  cmd->add_option("--request-burst", s.request_burst,
                  "HTTP requests a client address may send at once")
      ->check(CLI::Range(1.0, 1e6))
      ->capture_default_str();
  cmd->add_option("--tables-per-minute", s.tables_per_minute,
                  "Tables (and rematches) a client address may create per minute")
      ->check(CLI::Range(0.01, 1e6))
      ->capture_default_str();
  cmd->add_option("--joins-per-minute", s.joins_per_minute,
                  "Seats a client address may take per minute (HTTP and WebSocket)")
      ->check(CLI::Range(0.01, 1e6))
      ->capture_default_str();
  cmd->add_option("--max-connections-per-client", s.max_connections_per_client,
                  "Open connections (HTTP and WebSocket) per client address")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->add_option("--max-connections", s.max_connections,
                  "Open connections in all (0: the file-descriptor limit less a reserve)")
      ->check(CLI::Range(0, 10000000))
      ->capture_default_str();
  cmd->add_option("--trusted-proxy", s.trusted_proxy,
                  "Address of a reverse proxy in front of the server: the last address of its "
                  "X-Forwarded-For header is the client")
      ->type_name("IP");
  cmd->add_option("--http-timeout", s.http_timeout,
                  "Seconds a client has to send one whole HTTP request")
      ->check(CLI::Range(0.1, 3600.0))
      ->capture_default_str();
  cmd->add_option("--ws-idle-timeout", s.ws_idle_timeout,
                  "Seconds of silence (no message, no answer to a ping) before a WebSocket is "
                  "closed; one that follows no table must send a message as often")
      ->check(CLI::Range(0.1, 86400.0))
      ->capture_default_str();
  cmd->add_option("--max-header", s.max_header_bytes,
                  "Largest HTTP request headers, in bytes (larger: 431)")
      ->check(CLI::Range(1024, 1 << 20))
      ->capture_default_str();
  cmd->add_option("--max-queued", s.max_queued_bytes,
                  "Bytes of replies waiting for a client that does not read before it is dropped")
      ->check(CLI::Range(1 << 16, 1 << 30))
      ->capture_default_str();
  cmd->add_option("--rate", s.messages_per_second, "WebSocket messages per second per connection")
      ->check(CLI::Range(0.1, 100000.0))
      ->capture_default_str();
  cmd->add_option("--burst", s.message_burst, "WebSocket messages a connection may send at once")
      ->check(CLI::Range(1.0, 100000.0))
      ->capture_default_str();
  cmd->footer(
      "The protocol (HTTP API under /api/, WebSocket at /ws) is described in docs/protocol.md.\n"
      "Example:\n  savanna serve --port 8080 --db savanna.db");
  cmd->callback([&context, options] { context.exit_code = RunServe(context.games, *options); });
}

}  // namespace savanna::cli
