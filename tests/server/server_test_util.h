// Shared pieces of the server tests: an in-process server on an ephemeral loopback port with a
// fresh database, table creation over HTTP, and the check that every message a viewer received
// matches an independent replay of the game's record (so nothing else reached it).
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/registry.h"
#include "server/server.h"
#include "server/ws_client.h"

namespace savanna::testing {

// A fresh, empty directory for one test (removed afterwards).
class TempDir {
 public:
  TempDir();
  ~TempDir();
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }

 private:
  std::filesystem::path dir_;
};

class ServerTest : public ::testing::Test {
 protected:
  // Starts a server over `games` (Games() unless given) with `options` (port 0, db in a temp dir).
  void StartServer(server::ServerOptions options = {}, const GameRegistry* games = nullptr);
  void TearDown() override;

  // POST /api/tables; expects success and returns the summary.
  Json CreateTable(const std::string& game, const std::vector<std::string>& seats,
                   const Json& options = nullptr);
  // Opens a connection and joins `seat` of `table`; returns the "joined" reply (with the token).
  Json JoinSeat(WsClient& client, const std::string& table, int seat);

  uint16_t port() const { return server_->port(); }
  server::ServerOptions options_;
  TempDir dir_;
  std::unique_ptr<server::Server> server_;
};

// Every "state" message in `messages` (received by `viewer`: a seat or kSpectator) agrees with a
// replay of `record`: its view is View(viewer) after as many actions as the message says, its
// legal actions (if any) are the viewer's own, and its log names only public steps and gives
// action texts only for the viewer's own actions. Returns how many state messages it checked.
int ExpectMessagesMatchReplay(const GameRegistry& games, const Json& record_json, int viewer,
                              const std::vector<Json>& messages);

}  // namespace savanna::testing
