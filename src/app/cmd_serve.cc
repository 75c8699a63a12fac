// `savanna serve [--host H] [--port P] [--db FILE|URL] [--web DIR] ...`: the game server
// (src/server) started from the command line (src/cli's subcommand helpers). Prints one line when
// it listens, then runs until SIGINT or SIGTERM.
#include <pthread.h>
#include <signal.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "app/serve_command.h"
#include "cli/commands.h"
#include "server/server.h"

namespace savanna::app {
namespace {

using namespace cli;  // the subcommand helpers

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
  options.server.durability =
      options.sync == "full" ? server::Durability::kFull : server::Durability::kNormal;
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
            << (*running)->port() << " (database " << server::RedactDb(options.server.db_path)
            << ", " << (*running)->resumed_tables() << " tables resumed"
            << (options.server.web_dir.empty() ? "" : ", web UI " + options.server.web_dir) << ")"
            << std::endl;
  int signal = 0;
  sigwait(&signals, &signal);
  std::cout << "savanna serve: stopping" << std::endl;
  (*running)->Stop();
  return kExitOk;
}

// A numeric option that accepts the values in [lo, hi] (the range's type as given) and shows its
// default in the help.
template <class T, class R>
void AddRanged(CLI::App& cmd, const char* name, T& value, R lo, R hi, const std::string& help) {
  cmd.add_option(name, value, help)->check(CLI::Range(lo, hi))->capture_default_str();
}

}  // namespace

void AddServeCommand(CLI::App& app, Context& context) {
  auto [cmd, options] = AddSubcommand<ServeOptions>(
      app, context, "serve", "Run the game server (HTTP and WebSocket)", RunServe);
  server::ServerOptions& s = options->server;
  cmd->add_option("--host", s.host, "Address to listen on")->capture_default_str();
  cmd->add_option("--port", s.port, "Port to listen on (0: any free port)")->capture_default_str();
  cmd->add_option("--db", s.db_path,
                  "Where the tables are kept: a SQLite file (created if missing), or a "
                  "postgresql://USER@HOST:PORT/DB URL (docs/scale.md)")
      ->type_name("FILE|URL")
      ->capture_default_str();
  cmd->add_option("--web", options->web,
                  "Folder of the web UI served at / (default: the build's web/ folder if it has "
                  "an index.html, else a plain page)")
      ->type_name("DIR");
  cmd->add_option("--sync", options->sync,
                  "full: every acknowledged action is on disk; normal: survives a crash of the "
                  "server but not of the machine (SQLite) or of the database server (PostgreSQL)")
      ->capture_default_str();
  AddRanged(*cmd, "--lease-seconds", s.lease_seconds, 0.5, 600.0,
            "With a PostgreSQL --db: a server (node) that has not renewed its lease for this long "
            "is taken for dead, and the other nodes take its tables over");
  AddRanged(*cmd, "--threads", s.network_threads, 1, 64, "Threads for the network and the tables");
  AddRanged(*cmd, "--agent-threads", s.agent_threads, 1, 256, "Threads on which AI seats think");
  AddRanged(*cmd, "--ai-slice-ms", options->slice_ms, 1, 1000,
            "AI seats take turns on the agent threads in slices of this many milliseconds");
  AddRanged(*cmd, "--ai-max-seconds", s.ai_limits.max_seconds, 0.001, 3600.0,
            "Most thinking time of one AI decision (a longer time= is refused; every decision is "
            "cut here)");
  AddRanged(*cmd, "--ai-max-iters", s.ai_limits.max_iterations, int64_t(1), int64_t(1'000'000'000),
            "Most iters= of an AI that searches by iterations (time=0)");
  AddRanged(*cmd, "--ai-max-threads", s.ai_limits.max_threads, 1, 64,
            "Most threads= of one AI decision");
  AddRanged(*cmd, "--ai-max-tree-mb", s.ai_limits.max_tree_mb, 1, 1 << 20,
            "Most memory of one AI search tree, in MiB (tree_mb=; added to specs without it)");
  AddRanged(*cmd, "--ai-seconds-per-minute", s.ai_client_seconds_per_minute, 0.0, 1e6,
            "AI thinking seconds per minute that the tables (and hints) made from one client "
            "address may use together; AI time is also shared in turns between addresses first, "
            "then between an address's tables (0: no per-address budget)");
  AddRanged(*cmd, "--ai-burst-seconds", s.ai_client_burst_seconds, 0.001, 1e6,
            "AI thinking seconds one client address may use at once from a full budget");
  AddRanged(*cmd, "--max-takebacks", s.max_takebacks, 0, 1000000,
            "Take-backs one game may have (a player takes a move back against AI seats)");
  AddRanged(*cmd, "--ai-seconds", s.lobby.defaults.ai_seconds, 0.001, 3600.0,
            "Default time budget per AI decision (agents with a time parameter)");
  AddRanged(*cmd, "--replace-after", s.lobby.defaults.replace_after, 0.0, 7 * 86400.0,
            "Default seconds before an AI takes a vacant human seat (0: never)");
  cmd->add_option("--replacement", s.lobby.defaults.replacement,
                  "Default agent that takes a vacant human seat")
      ->capture_default_str();
  AddRanged(*cmd, "--max-tables", s.lobby.max_tables, 1, 10000000,
            "Most unfinished tables at once");
  AddRanged(*cmd, "--waiting-expiry", s.lobby.waiting_expiry, 0.0, 365 * 86400.0,
            "Seconds a table may wait for its players before it is deleted (0: forever)");
  AddRanged(*cmd, "--unplayed-expiry", s.lobby.unplayed_expiry, 0.0, 365 * 86400.0,
            "Seconds a table whose seats are all taken but where nobody has moved may stay "
            "unchanged with no seated person connected before it is deleted (0: forever)");
  AddRanged(*cmd, "--finished-in-memory", s.lobby.finished_in_memory, 0.0, 365 * 86400.0,
            "Seconds a finished table nobody watches stays in memory (then it is read from the "
            "database when asked for)");
  AddRanged(*cmd, "--dormant-after", s.lobby.dormant_after, 0.0, 365 * 86400.0,
            "Seconds a playing table with no connection and no move stays in memory (0: always)");
  AddRanged(*cmd, "--keep-finished-days", s.lobby.retention_days, 0.0, 100000.0,
            "Days a finished table is kept in the database (0: for ever)");
  AddRanged(*cmd, "--max-message", s.max_message_bytes, 256, 1 << 20,
            "Largest WebSocket message or HTTP body, in bytes");
  AddRanged(*cmd, "--requests-per-second", s.requests_per_second, 0.01, 1e6,
            "HTTP requests (and WebSocket upgrades) per second per client address");
  AddRanged(*cmd, "--request-burst", s.request_burst, 1.0, 1e6,
            "HTTP requests a client address may send at once");
  AddRanged(*cmd, "--tables-per-minute", s.tables_per_minute, 0.01, 1e6,
            "Tables (and rematches) a client address may create per minute");
  AddRanged(*cmd, "--joins-per-minute", s.joins_per_minute, 0.01, 1e6,
            "Seats a client address may take per minute (HTTP and WebSocket)");
  AddRanged(*cmd, "--max-connections-per-client", s.max_connections_per_client, 1, 1000000,
            "Open connections (HTTP and WebSocket) per client address");
  AddRanged(*cmd, "--max-connections", s.max_connections, 0, 10000000,
            "Open connections in all (0: the file-descriptor limit less a reserve)");
  cmd->add_option("--trusted-proxy", s.trusted_proxy,
                  "Address of a reverse proxy in front of the server: the last address of its "
                  "X-Forwarded-For header is the client")
      ->type_name("IP");
  AddRanged(*cmd, "--http-timeout", s.http_timeout, 0.1, 3600.0,
            "Seconds a client has to send one whole HTTP request");
  AddRanged(*cmd, "--ws-idle-timeout", s.ws_idle_timeout, 0.1, 86400.0,
            "Seconds of silence (no message, no answer to a ping) before a WebSocket is closed; "
            "one that follows no table must send a message as often");
  AddRanged(*cmd, "--max-header", s.max_header_bytes, 1024, 1 << 20,
            "Largest HTTP request headers, in bytes (larger: 431)");
  AddRanged(*cmd, "--max-queued", s.max_queued_bytes, 1 << 16, 1 << 30,
            "Bytes of replies waiting for a client that does not read before it is dropped");
  AddRanged(*cmd, "--rate", s.messages_per_second, 0.1, 100000.0,
            "WebSocket messages per second per connection");
  AddRanged(*cmd, "--burst", s.message_burst, 1.0, 100000.0,
            "WebSocket messages a connection may send at once");
  cmd->footer(
      "The protocol (HTTP API under /api/, WebSocket at /ws) is described in docs/protocol.md.\n"
      "Example:\n  savanna serve --port 8080 --db savanna.db");
}

}  // namespace savanna::app
