// The local host (src/local/local_host.h): the server's tables for one person on one device, as
// the browser's worker drives it. Whole games of every game against AI seats through the same
// messages as the server's; a reload (the stored records given to a new host) that resumes them;
// hints, take-backs, the review and a rematch; AI answers that wait for their time; bad requests
// that are refused and change nothing; and no seed or record ever in what the page receives.
#include "local/local_host.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/rng.h"
#include "games/registry.h"
#include "server/message_capture.h"
#include "session/session.h"

namespace savanna::local {
namespace {

// A page and its worker: sends requests, keeps the store the way the worker does, and collects
// what the page would receive.
class Page {
 public:
  explicit Page(LocalHostOptions options = {}) : host_(Games(), std::move(options)) {}

  // An RPC's reply (ok or error object), with every other output handled.
  Json Rpc(const std::string& call, Json fields = Json::object()) {
    fields["rpc"] = next_rpc_;
    fields["call"] = call;
    const int rpc = next_rpc_++;
    Take(host_.Call(fields.dump()));
    const auto it = rpc_replies_.find(rpc);
    EXPECT_NE(it, rpc_replies_.end()) << call << " was not answered";
    if (it == rpc_replies_.end()) return Json();
    CaptureAsHttp(call, fields, it->second);
    return it->second;
  }

  void Open(int socket) { Take(host_.Call(Json{{"socket", socket}, {"open", true}}.dump())); }
  void Close(int socket) { Take(host_.Call(Json{{"socket", socket}, {"close", true}}.dump())); }
  void Message(int socket, const Json& message) {
    Take(host_.Call(Json{{"socket", socket}, {"data", message.dump()}}.dump()));
  }
  void Think(int ms = 20) { Take(host_.Think(ms)); }

  // The server messages socket `s` received, in order.
  std::vector<Json>& Received(int s) { return received_[s]; }
  Json Last(int s, const std::string& type) {
    for (auto it = received_[s].rbegin(); it != received_[s].rend(); ++it)
      if ((*it)["type"] == type) return *it;
    return Json();
  }

  std::map<std::string, std::string>& store() { return store_; }
  bool busy() const { return busy_; }
  int64_t wait_ms() const { return wait_ms_; }
  LocalHost& host() { return host_; }

  // Every output the page received (RPC replies and server messages), for the secrecy check.
  const std::vector<Json>& seen() const { return seen_; }

 private:
  void Take(const std::string& text) {
    const Json outputs = Json::parse(text);
    ASSERT_TRUE(outputs.is_array());
    ASSERT_FALSE(outputs.empty());
    EXPECT_EQ(outputs.back()["to"], "busy") << "the busy line comes last";
    for (const Json& o : outputs) {
      const std::string to = o["to"];
      if (to == "rpc") {
        seen_.push_back(o);
        if (o["rpc"].is_number_integer())
          rpc_replies_[o["rpc"].get<int>()] = o.contains("error") ? o["error"] : o["ok"];
      } else if (to == "socket") {
        const Json message = Json::parse(o["data"].get<std::string>());
        seen_.push_back(message);
        testing::CaptureWs(o["data"]);
        received_[o["socket"].get<int>()].push_back(message);
      } else if (to == "store") {
        store_[o["table"]] = o["record"].dump();
      } else if (to == "forget") {
        store_.erase(o["table"].get<std::string>());
      } else if (to == "busy") {
        busy_ = o["busy"];
        wait_ms_ = o.value("wait_ms", int64_t(0));
      } else {
        ADD_FAILURE() << "unknown output " << o.dump();
      }
    }
  }

  // A successful reply as the HTTP API's route of the same call carries it, for the schema check
  // (the server's schemas). Errors are the RPC's own {code, message}, checked by the tests.
  static void CaptureAsHttp(const std::string& call, const Json& fields, const Json& reply) {
    if (reply.contains("code") && reply.contains("message") && !reply.contains("id")) return;
    const std::string id = fields.value("id", Json("")).is_string() ? fields.value("id", "") : "";
    std::string method = "GET", target;
    int status = 200;
    if (call == "games" || call == "agents" || call == "tables") {
      target = "/api/" + call;
    } else if (call == "create") {
      method = "POST", target = "/api/tables", status = 201;
    } else if (call == "table") {
      target = "/api/tables/" + id;
    } else if (call == "remove") {
      method = "DELETE", target = "/api/tables/" + id;
    } else if (call == "rematch") {
      method = "POST", target = "/api/tables/" + id + "/rematch";
    } else if (call == "review") {
      target = "/api/tables/" + id + "/review";
    } else {
      return;  // restore is the worker's own, and unknown calls have no route
    }
    testing::CaptureHttp(method, target, status, "application/json", reply.dump());
  }

  LocalHost host_;
  int next_rpc_ = 1;
  std::map<int, Json> rpc_replies_;
  std::map<int, std::vector<Json>> received_;
  std::map<std::string, std::string> store_;
  std::vector<Json> seen_;
  bool busy_ = false;
  int64_t wait_ms_ = 0;
};

// Paths to every "seed" number and "record" field at any depth: what the page may never get.
void Secrets(const Json& value, const std::string& path, std::vector<std::string>& found) {
  if (value.is_string()) {
    const std::string& text = value.get_ref<const std::string&>();
    if (!text.empty() && (text[0] == '{' || text[0] == '['))
      if (Json inner = Json::parse(text, nullptr, false); !inner.is_discarded())
        Secrets(inner, path + "(text)", found);
    return;
  }
  if (value.is_array())
    for (size_t i = 0; i < value.size(); ++i)
      Secrets(value[i], path + "[" + std::to_string(i) + "]", found);
  if (!value.is_object()) return;
  for (const auto& [key, inner] : value.items()) {
    if (key == "record" || (key == "seed" && !inner.is_object())) found.push_back(path + "." + key);
    Secrets(inner, path + "." + key, found);
  }
}

void ExpectNothingSecret(const Page& page) {
  std::vector<std::string> found;
  for (const Json& o : page.seen()) Secrets(o, "page", found);
  EXPECT_EQ(found, std::vector<std::string>());
}

Json Create(Page& page, const std::string& game, const Json& seats, uint64_t seed) {
  Json reply =
      page.Rpc("create", {{"game", game}, {"seats", seats}, {"seed", std::to_string(seed)}});
  EXPECT_TRUE(reply.contains("id")) << reply.dump();
  return reply;
}

// Plays seat `seat` at random (and lets the AI think) until the table has `until` actions or is
// finished; returns the last state message.
Json PlayUntil(Page& page, int socket, Rng& rng, int64_t until) {
  for (int guard = 0; guard < 20000; ++guard) {
    const Json state = page.Last(socket, "state");
    if (state["status"] == "finished" || state["actions"].get<int64_t>() >= until) return state;
    if (state.contains("legal")) {
      const Json& legal = state["legal"];
      const size_t before = page.Received(socket).size();
      page.Message(
          socket,
          {{"type", "act"}, {"action", legal[rng.Below(uint32_t(legal.size()))]}, {"id", 1}});
      EXPECT_EQ(page.Received(socket)[before]["type"], "ack")
          << page.Received(socket)[before].dump();
    } else {
      EXPECT_TRUE(page.busy()) << "nobody can move: " << state.dump();
      page.Think();
    }
  }
  ADD_FAILURE() << "the game did not reach " << until << " actions";
  return Json();
}

// The record of `table` as the store holds it.
GameRecord StoredRecord(Page& page, const std::string& table) {
  const Json stored = Json::parse(page.store().at(table));
  auto record = GameRecord::FromJson(stored["record"]);
  EXPECT_TRUE(record) << (record ? "" : record.error().message);
  return record ? *record : GameRecord();
}

TEST(LocalHost, PlaysAWholeGameOfEveryGameAgainstAiAsTheSeatSeesIt) {
  const std::vector<std::pair<std::string, std::string>> games = {
      {"kariba(players=2)", "random"},
      {"kilimanjaro(players=3)", "random"},
      {"kap_kairo(players=2)", "random"},
      {"kalimambo(players=3)", "random"},
      {"kitara(players=2)", "random"}};
  uint64_t seed = 11;
  for (const auto& [game, ai] : games) {
    SCOPED_TRACE(game);
    Page page;
    const auto n = size_t(Games().Create(game).value()->NumPlayers());
    Json seats = Json::array({"human"});
    while (seats.size() < n) seats.push_back(ai);
    const Json table = Create(page, game, seats, ++seed);
    EXPECT_EQ(table["status"], "waiting");
    EXPECT_EQ(table["creator_token"].get<std::string>().size(), 64u);
    const std::string id = table["id"];
    page.Open(1);
    page.Message(1, {{"type", "join"}, {"table", id}, {"seat", 0}, {"id", "j"}});
    const Json joined = page.Received(1).front();
    ASSERT_EQ(joined["type"], "joined") << joined.dump();
    EXPECT_EQ(joined["token"].get<std::string>().size(), 64u);
    Rng rng(seed);
    const Json last = PlayUntil(page, 1, rng, 1 << 30);
    ASSERT_EQ(last["status"], "finished");
    EXPECT_FALSE(last["result"].is_null());
    EXPECT_FALSE(page.busy());

    // The record the worker keeps replays to the same end, and every state message showed seat 0
    // exactly its view after the actions it counted.
    const GameRecord record = StoredRecord(page, id);
    EXPECT_EQ(record.seed, seed);
    EXPECT_EQ(record.actions.size(), last["actions"].get<size_t>());
    std::map<size_t, Json> views;
    auto replayed = Session::FromRecord(
        Games(), record, {},
        [&](size_t i, const Session& s, const Revealed&) { views[i + 1] = s.View(0); });
    ASSERT_TRUE(replayed) << replayed.error().message;
    EXPECT_EQ(replayed->record().result, last["result"]);
    size_t checked = 0;
    for (const Json& m : page.Received(1))
      if (m["type"] == "state" && m["actions"].get<size_t>() > 0) {
        EXPECT_EQ(m["view"], views[m["actions"].get<size_t>()]) << "after " << m["actions"];
        ++checked;
      }
    EXPECT_GT(checked, record.actions.size() / 4);
    // The log the seat gathered has every action once, in order.
    int64_t next = 0;
    for (const Json& m : page.Received(1)) {
      if (m["type"] != "state") continue;
      for (const Json& entry : m["log"]) {
        EXPECT_EQ(entry["index"].get<int64_t>(), next++);
      }
    }
    EXPECT_EQ(size_t(next), record.actions.size());
    ExpectNothingSecret(page);
  }
}

TEST(LocalHost, AReloadResumesEveryGameWhereItWas) {
  Page page;
  const Json a = Create(page, "kariba(players=2)", {"human", "random"}, 5);
  const Json b = Create(page, "kalimambo(players=3)", {"human", "random", "random"}, 6);
  page.Open(1);
  page.Message(1, {{"type", "join"}, {"table", a["id"]}, {"seat", 0}});
  const std::string token = page.Last(1, "joined")["token"];
  Rng rng(3);
  const Json before = PlayUntil(page, 1, rng, 6);
  page.Open(2);
  page.Message(2, {{"type", "join"}, {"table", b["id"]}});
  const Json b_before = PlayUntil(page, 2, rng, 4);

  // A new host (the page reloaded) is given what the store holds.
  Page reloaded;
  Json records = Json::array();
  for (const auto& [table, record] : page.store())
    records.push_back({{"table", table}, {"record", Json::parse(record)}});
  records.push_back({{"table", "0badc0de"}, {"record", {{"local_format", 1}}}});
  const Json restored = reloaded.Rpc("restore", {{"records", records}});
  EXPECT_EQ(restored["restored"], 2);
  ASSERT_EQ(restored["refused"].size(), 1u);
  EXPECT_EQ(restored["refused"][0]["table"], "0badc0de");
  EXPECT_NE(restored["refused"][0]["message"].get<std::string>().find("record"), std::string::npos);

  reloaded.Open(7);
  reloaded.Message(7, {{"type", "rejoin"}, {"table", a["id"]}, {"token", token}});
  EXPECT_EQ(reloaded.Last(7, "joined")["seat"], 0);
  const Json after = reloaded.Last(7, "state");
  EXPECT_EQ(after["actions"], before["actions"]);
  EXPECT_EQ(after["view"], before["view"]);
  EXPECT_EQ(after["legal"], before["legal"]);
  // The full log: what the first page gathered message by message.
  Json gathered = Json::array();
  for (const Json& m : page.Received(1))
    if (m["type"] == "state")
      for (const Json& entry : m["log"]) gathered.push_back(entry);
  EXPECT_EQ(after["log"], gathered);
  EXPECT_EQ(reloaded.Rpc("tables")["tables"].size(), 2u);
  EXPECT_EQ(reloaded.Rpc("table", {{"id", b["id"]}})["actions"], b_before["actions"]);
  // The game goes on to its end.
  EXPECT_EQ(PlayUntil(reloaded, 7, rng, 1 << 30)["status"], "finished");
  ExpectNothingSecret(reloaded);
}

TEST(LocalHost, HintsTakeBacksReviewAndRematch) {
  Page page;
  const Json table = Create(page, "kariba(players=2)", {"human", "random"}, 9);
  const std::string id = table["id"];
  page.Open(1);
  page.Message(1, {{"type", "join"}, {"table", id}, {"seat", 0}});
  Rng rng(4);
  Json state = PlayUntil(page, 1, rng, 4);
  ASSERT_TRUE(state.contains("legal"));

  page.Message(1, {{"type", "hint"}, {"id", 5}});
  EXPECT_TRUE(page.busy());
  page.Message(1, {{"type", "hint"}, {"id", 6}});
  EXPECT_EQ(page.Last(1, "error")["code"], "hint_busy");
  for (int i = 0; i < 500 && page.Last(1, "hints").is_null(); ++i) page.Think(25);
  const Json hints = page.Last(1, "hints");
  ASSERT_FALSE(hints.is_null());
  EXPECT_EQ(hints["id"], 5);
  EXPECT_EQ(hints["index"], state["actions"]);
  ASSERT_FALSE(hints["hints"].empty());
  for (const Json& h : hints["hints"]) {
    EXPECT_NE(std::find(state["legal"].begin(), state["legal"].end(), h["action"]),
              state["legal"].end());
    EXPECT_GE(h["win_rate"].get<double>(), 0);
  }

  // A move, the AI's answer, then the take-back: the position before the move again.
  const int64_t n = state["actions"];
  page.Message(1, {{"type", "act"}, {"action", state["legal"][0]}});
  PlayUntil(page, 1, rng, n + 2);
  page.Message(1, {{"type", "takeback"}, {"id", 8}});
  const Json taken = page.Last(1, "taken_back");
  ASSERT_FALSE(taken.is_null()) << page.Received(1).back().dump();
  EXPECT_EQ(taken["actions"], n);
  const Json again = page.Last(1, "state");
  EXPECT_EQ(again["actions"], n);
  EXPECT_EQ(again["legal"], state["legal"]);
  EXPECT_EQ(again["view"], state["view"]);
  const Json stored = Json::parse(page.store().at(id));
  ASSERT_EQ(stored["takebacks"].size(), 1u);
  EXPECT_EQ(stored["takebacks"][0]["from"], n);

  // No review before the end; after it, every step; then a rematch with the seats moved round.
  EXPECT_EQ(page.Rpc("review", {{"id", id}, {"viewer", 0}, {"step", 0}})["code"], "not_finished");
  EXPECT_EQ(page.Rpc("rematch", {{"id", id}})["code"], "not_finished");
  const Json end = PlayUntil(page, 1, rng, 1 << 30);
  const Json review = page.Rpc("review", {{"id", id}, {"viewer", 0}, {"step", 3}});
  EXPECT_EQ(review["step"], 3);
  EXPECT_EQ(review["steps"], end["actions"]);
  EXPECT_EQ(review["log"].size(), 3u);
  EXPECT_EQ(page.Rpc("review", {{"id", id}, {"viewer", "spectator"}, {"step", 99999}})["code"],
            "bad_request");
  const Json rematch = page.Rpc("rematch", {{"id", id}});
  ASSERT_TRUE(rematch.contains("id")) << rematch.dump();
  EXPECT_EQ(rematch["seats"][0]["player"], "agent");
  EXPECT_EQ(rematch["seats"][1]["player"], "human");
  EXPECT_EQ(page.Rpc("rematch", {{"id", id}})["id"], rematch["id"]);
  EXPECT_EQ(page.Rpc("table", {{"id", id}})["rematch"], rematch["id"]);
  ExpectNothingSecret(page);
}

TEST(LocalHost, AnAiAnswerWaitsForItsLevelsTime) {
  double now = 1000;
  LocalHostOptions options;
  options.now = [&now] { return now; };
  Page page(options);
  // One legal action or not, a timed agent answers once its time (here 0.3 s) is spent.
  const Json table = Create(page, "kariba(players=2)", {"random(seed=1)", "ismcts(time=0.3)"}, 3);
  page.Think(5);  // seat 0 (random) answers at once
  page.Open(1);
  page.Message(1, {{"type", "spectate"}, {"table", table["id"]}});
  EXPECT_EQ(page.Last(1, "state")["actions"], 1);
  // ISMCTS thinks its 0.3 s of its own clock, but the host's clock has not moved.
  for (int i = 0; i < 400 && page.wait_ms() == 0; ++i) page.Think(25);
  EXPECT_TRUE(page.busy());
  EXPECT_GT(page.wait_ms(), 250);
  EXPECT_EQ(page.Rpc("table", {{"id", table["id"]}})["actions"], 1);
  now += 0.5;
  page.Think(5);
  EXPECT_GE(page.Rpc("table", {{"id", table["id"]}})["actions"].get<int>(), 2);
}

TEST(LocalHost, BadRequestsAreRefusedByNameAndChangeNothing) {
  Page page;
  const Json table = Create(page, "kariba(players=2)", {"human", "random"}, 1);
  const std::string id = table["id"];
  const auto stored = page.store();
  auto code = [](const Json& reply) { return reply.value("code", std::string("(none)")); };
  EXPECT_EQ(
      code(page.Rpc("create", {{"game", "kariba(players=2)"}, {"seats", {"human", "human"}}})),
      "bad_request");
  EXPECT_EQ(code(page.Rpc("create", {{"game", "kariba(players=2)"}, {"seats", {"human"}}})),
            "bad_request");
  EXPECT_EQ(code(page.Rpc("create",
                          {{"game", "kariba(data=/etc/passwd)"}, {"seats", {"human", "random"}}})),
            "bad_request");
  EXPECT_EQ(code(page.Rpc(
                "create",
                {{"game", "kariba(players=2)"}, {"seats", {"human", "random"}}, {"seed", "-1"}})),
            "bad_request");
  const Json over = page.Rpc(
      "create", {{"game", "kariba(players=2)"}, {"seats", {"human", "strong(threads=8)"}}});
  EXPECT_EQ(code(over), "over_limit");
  // The device's own limit, which nobody sets: no server, no operator named.
  EXPECT_EQ(over["message"], "seat 1: strong threads=8 is over this device's limit of 1");
  EXPECT_EQ(
      code(page.Rpc("create",
                    {{"game", "kariba(players=2)"}, {"seats", {"human", "random"}}, {"extra", 1}})),
      "bad_request");
  EXPECT_EQ(code(page.Rpc("launch")), "bad_request");
  EXPECT_EQ(code(page.Rpc("table", {{"id", "ffffffffffff"}})), "unknown_table");
  EXPECT_EQ(code(page.Rpc("review", {{"id", id}, {"viewer", {1}}, {"step", 0}})), "not_finished");
  EXPECT_EQ(page.store(), stored);
  EXPECT_EQ(page.Rpc("tables")["tables"].size(), 1u);

  // Socket messages: errors to the socket, nothing else.
  page.Message(3, {{"type", "ping"}});
  EXPECT_EQ(page.Last(3, "error")["message"], "this socket is not open");
  page.Open(3);
  const std::vector<std::pair<Json, std::string>> bad = {
      {{{"type", "act"}, {"action", "play 1 zebra"}}, "not_seated"},
      {{{"type", "dance"}}, "bad_request"},
      {{{"type", "join"}, {"table", id}, {"seat", 1}}, "seat_taken"},
      {{{"type", "join"}, {"table", id}, {"seat", 7}}, "bad_request"},
      {{{"type", "join"}, {"table", "nope"}}, "unknown_table"},
      {{{"type", "rejoin"}, {"table", id}, {"token", std::string(64, 'a')}}, "bad_token"},
      {{{"type", "chat"}, {"text", "hello"}}, "chat_unavailable"},
      {{{"type", "ping"}, {"extra", true}}, "bad_request"},
      {{{"type", "hint"}}, "not_seated"},
  };
  for (const auto& [message, expected] : bad) {
    page.Message(3, message);
    EXPECT_EQ(page.Received(3).back()["code"], expected) << message.dump();
  }
  page.Message(3, {{"type", "ping"}, {"text", std::string(20000, 'x')}});
  EXPECT_EQ(page.Received(3).back()["code"], "message_too_big");
  page.Message(3, {{"type", "join"}, {"table", id}});
  page.Message(3, {{"type", "act"}, {"action", "fly away"}, {"id", 4}});
  EXPECT_EQ(page.Received(3).back()["code"], "illegal_action");
  EXPECT_EQ(page.Received(3).back()["id"], 4);
  EXPECT_EQ(page.Rpc("table", {{"id", id}})["actions"], 0);
  // Not even JSON, or no route: an RPC error with no id.
  const Json garbage = Json::parse(page.host().Call("{not json"));
  EXPECT_EQ(garbage[0]["error"]["code"], "bad_json");
  const Json nowhere = Json::parse(page.host().Call("{\"where\":1}"));
  EXPECT_EQ(nowhere[0]["error"]["code"], "bad_request");
  const Json odd = Json::parse(page.host().Call(R"({"socket":3,"open":"yes"})"));
  EXPECT_EQ(Json::parse(odd[0]["data"].get<std::string>())["code"], "bad_request");
  ExpectNothingSecret(page);
}

// Requests cut and changed at random: every answer is a JSON array ending with the busy line, no
// call ends the process, and the table stays as the valid moves left it.
TEST(LocalHost, MangledRequestsNeverEndTheHost) {
  Page page;
  const Json table = Create(page, "kalimambo(players=2)", {"human", "random"}, 8);
  page.Open(1);
  page.Message(1, {{"type", "join"}, {"table", table["id"]}});
  const std::vector<std::string> valid = {
      Json{{"rpc", 9},
           {"call", "create"},
           {"game", "kariba(players=2)"},
           {"seats", {"human", "random"}},
           {"seed", "1"}}
          .dump(),
      Json{{"rpc", 9}, {"call", "review"}, {"id", table["id"]}, {"viewer", 0}, {"step", 0}}.dump(),
      Json{{"rpc", 9}, {"call", "restore"}, {"records", {{{"table", "ab"}, {"record", {}}}}}}
          .dump(),
      Json{{"socket", 1}, {"data", Json{{"type", "act"}, {"action", "x"}}.dump()}}.dump(),
      Json{{"socket", 1}, {"data", Json{{"type", "hint"}, {"id", "h"}}.dump()}}.dump(),
  };
  Rng rng(99);
  const std::string alphabet = "{}[]\":,0123456789-.eE truefalsnul\\u00ff";
  for (int i = 0; i < 3000; ++i) {
    std::string text = valid[rng.Below(uint32_t(valid.size()))];
    for (int k = 1 + int(rng.Below(4)); k > 0 && !text.empty(); --k) {
      const size_t at = rng.Below(uint32_t(text.size()));
      switch (rng.Below(3)) {
        case 0:
          text.erase(at, 1 + rng.Below(8));
          break;
        case 1:
          text.insert(at, 1, alphabet[rng.Below(uint32_t(alphabet.size()))]);
          break;
        default:
          text[at] = alphabet[rng.Below(uint32_t(alphabet.size()))];
      }
    }
    const Json outputs = Json::parse(page.host().Call(text), nullptr, false);
    ASSERT_TRUE(outputs.is_array()) << text;
    ASSERT_EQ(outputs.back()["to"], "busy") << text;
    for (const Json& o : outputs) {
      if (o["to"] == "rpc" && o.contains("error")) {
        EXPECT_NE(o["error"]["code"], "internal") << text;
      }
    }
  }
  EXPECT_EQ(Json::parse(page.host().Think(10)).back()["to"], "busy");
}

TEST(LocalHost, RemovingATableForgetsItAndTellsItsConnections) {
  Page page;
  const Json table = Create(page, "kitara(players=2)", {"human", "random"}, 2);
  page.Open(1);
  page.Message(1, {{"type", "join"}, {"table", table["id"]}});
  ASSERT_EQ(page.store().size(), 1u);
  const Json removed = page.Rpc("remove", {{"id", table["id"]}});
  EXPECT_EQ(removed["deleted"], true);
  EXPECT_TRUE(page.store().empty());
  EXPECT_EQ(page.Last(1, "closed")["reason"], "deleted");
  EXPECT_EQ(page.Rpc("tables")["tables"].size(), 0u);
  EXPECT_FALSE(page.busy());
}

}  // namespace
}  // namespace savanna::local
