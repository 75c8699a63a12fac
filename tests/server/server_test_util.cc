// The in-process server fixture and the replay check of what a viewer was sent.
#include "server/server_test_util.h"

#include <unistd.h>

#include "games/registry.h"
#include "session/session.h"

namespace savanna::testing {

TempDir::TempDir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  dir_ = std::filesystem::temp_directory_path() /
         ("savanna_server_" + std::to_string(getpid()) + "_" + (info ? info->name() : "x"));
  std::filesystem::remove_all(dir_);
  std::filesystem::create_directories(dir_);
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

void ServerTest::StartServer(server::ServerOptions options, const GameRegistry* games) {
  options.host = "127.0.0.1";
  options.port = 0;
  if (options.db_path == server::ServerOptions().db_path) options.db_path = dir_.Path("tables.db");
  options_ = options;
  auto started = server::Server::Start(games ? *games : Games(), options);
  ASSERT_TRUE(started) << started.error().message;
  server_ = std::move(*started);
}

void ServerTest::TearDown() {
  if (server_) server_->Stop();
  server_.reset();
}

Json ServerTest::CreateTable(const std::string& game, const std::vector<std::string>& seats,
                             const Json& options) {
  Json request = {{"game", game}, {"seats", seats}};
  if (!options.is_null()) request["options"] = options;
  const HttpReply reply = Http(port(), "POST", "/api/tables", request);
  EXPECT_EQ(reply.status, 201) << reply.body;
  return reply.json();
}

Json ServerTest::JoinSeat(WsClient& client, const std::string& table, int seat) {
  EXPECT_TRUE(client.connected());
  Json joined = client.Request({{"type", "join"}, {"table", table}, {"seat", seat}}, "joined");
  EXPECT_EQ(joined.value("type", ""), "joined") << joined.dump();
  return joined;
}

int ExpectMessagesMatchReplay(const GameRegistry& games, const Json& record_json, int viewer,
                              const std::vector<Json>& messages) {
  auto record = GameRecord::FromJson(record_json);
  EXPECT_TRUE(record) << record.error().message;
  if (!record) return 0;
  const size_t n = record->actions.size();
  // After k actions: the viewer's view, its legal actions and the first sealed action (or n+1).
  std::vector<Json> views(n + 1);
  std::vector<std::vector<std::string>> legal(n + 1);
  std::vector<Json> structured(n + 1);
  std::vector<size_t> open_from(n + 1, size_t(-1));
  GameRecord start = *record;
  start.actions.clear();
  start.result = nullptr;
  const std::vector<std::string> humans(record->seats.size(), "human");
  auto initial = Session::FromRecord(games, start, humans);
  EXPECT_TRUE(initial) << initial.error().message;
  if (!initial) return 0;
  views[0] = initial->View(viewer);
  if (viewer >= 0) legal[0] = initial->LegalActions(viewer);
  if (viewer >= 0) structured[0] = initial->StructuredLegalActions(viewer);
  size_t open = size_t(-1);
  auto replayed = Session::FromRecord(games, *record, humans,
                                      [&](size_t i, const Session& s, const Revealed& revealed) {
                                        if (!revealed.empty())
                                          open = size_t(-1);
                                        else if (open == size_t(-1))
                                          open = i;
                                        views[i + 1] = s.View(viewer);
                                        if (viewer >= 0) {
                                          legal[i + 1] = s.LegalActions(viewer);
                                          structured[i + 1] = s.StructuredLegalActions(viewer);
                                        }
                                        open_from[i + 1] = open;
                                      });
  EXPECT_TRUE(replayed) << replayed.error().message;
  int checked = 0;
  for (const Json& m : messages) {
    if (m.value("type", "") != "state") continue;
    ++checked;
    const size_t k = m["actions"].get<size_t>();
    EXPECT_LE(k, n);
    if (k > n) continue;
    EXPECT_EQ(m["view"], views[k]) << "viewer " << viewer << " after " << k << " actions";
    if (m.contains("legal")) {
      EXPECT_GE(viewer, 0) << "a spectator is never sent legal actions";
      EXPECT_EQ(m["legal"].get<std::vector<std::string>>(), legal[k]) << "after " << k;
      EXPECT_EQ(m["legal_structured"], structured[k]) << "after " << k;
    }
    for (const Json& entry : m["log"]) {
      const size_t index = entry["index"].get<size_t>();
      EXPECT_LT(index, k);
      if (index >= n) continue;
      const int player = entry["player"].get<int>();
      EXPECT_EQ(player, record->actions[index].player);
      // The structured form as this viewer may read it (the public one for another's action).
      EXPECT_EQ(entry["structured"], replayed->StructuredFor(index, viewer)) << entry.dump();
      if (player == viewer) {
        EXPECT_EQ(entry.value("action", ""), record->actions[index].action);
      } else {
        // Another seat's action reads as its public text, never the full one.
        EXPECT_EQ(entry.value("action", ""), replayed->PublicText(index)) << entry.dump();
        EXPECT_LT(index, open_from[k]) << "a sealed submission was shown: " << entry.dump();
      }
    }
  }
  return checked;
}

}  // namespace savanna::testing
