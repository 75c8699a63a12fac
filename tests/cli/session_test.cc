// Tests of the session layer (src/session) that the CLI and the server share: seat lists,
// checked submissions that change nothing when rejected, agent turns, sealed simultaneous
// submissions revealed only when the step resolves, records and resuming from them.
#include "session/session.h"

#include <gtest/gtest.h>

#include "games/registry.h"
#include "testing/test_games.h"

namespace savanna {
namespace {

using testing::TestGames;

Session Make(const GameRegistry& registry, const std::string& spec,
             const std::vector<std::string>& seats, uint64_t seed = 11) {
  auto session = Session::Create(registry, spec, seats, seed);
  EXPECT_TRUE(session) << session.error().message;
  return std::move(*session);
}

TEST(SessionTest, SeatListMustFitTheGame) {
  auto few = Session::Create(Games(), "kariba(players=3)", {"human", "random"}, 1);
  ASSERT_FALSE(few);
  EXPECT_NE(few.error().message.find("2 seats given"), std::string::npos) << few.error().message;
  auto unknown = Session::Create(Games(), "kariba(players=2)", {"human", "wizard"}, 1);
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("seat 1: "), std::string::npos);
  EXPECT_NE(unknown.error().message.find("wizard"), std::string::npos);
  EXPECT_FALSE(Session::Create(Games(), "chess", {"human", "human"}, 1));
}

TEST(SessionTest, RecordStartsWithSeedSeatsAndAgentSpecs) {
  Session s = Make(Games(), "kariba(players=2)", {"human", "random"}, 42);
  const GameRecord& record = s.record();
  EXPECT_EQ(record.game, "kariba");
  EXPECT_EQ(record.seed, 42u);
  EXPECT_EQ(record.params["players"], 2);
  ASSERT_EQ(record.seats.size(), 2u);
  EXPECT_EQ(record.seats[0], "human");
  EXPECT_EQ(record.seats[1].rfind("random(seed=", 0), 0u) << "the agent's full spec";
  EXPECT_TRUE(record.actions.empty());
  EXPECT_TRUE(record.result.is_null());
}

TEST(SessionTest, RejectedSubmissionsChangeNothing) {
  Session s = Make(Games(), "kariba(players=3)", {"human", "human", "random"});
  ASSERT_EQ(s.PlayersToAct(), PlayerSet::Single(0));
  const std::string legal = s.LegalActions(0).front();
  const uint64_t hash = s.state().Hash();
  const auto rejected = {s.Submit(1, legal), s.Submit(0, "fly away"), s.Submit(3, legal),
                         s.Submit(-1, legal), s.Submit(2, legal)};
  for (const auto& r : rejected) {
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message.find('\n'), std::string::npos);
  }
  EXPECT_EQ(s.state().Hash(), hash);
  EXPECT_TRUE(s.record().actions.empty());

  auto accepted = s.Submit(0, "  " + legal + " ");
  ASSERT_TRUE(accepted) << accepted.error().message;
  ASSERT_EQ(accepted->size(), 1u);
  EXPECT_EQ((*accepted)[0].player, 0);
  EXPECT_EQ((*accepted)[0].action, legal) << "recorded in ActionToString's form";
  EXPECT_EQ(s.record().actions.size(), 1u);
}

TEST(SessionTest, RunAgentsStopsWhenAHumanMustAct) {
  Session s = Make(Games(), "kariba(players=3)", {"human", "random", "random"});
  EXPECT_TRUE(s.RunAgents().empty()) << "seat 0 starts";
  ASSERT_TRUE(s.Submit(0, s.LegalActions(0).front()));
  int saves = 0;
  const Revealed played = s.RunAgents([&] { ++saves; });
  ASSERT_EQ(played.size(), 2u);
  EXPECT_EQ(played[0].player, 1);
  EXPECT_EQ(played[1].player, 2);
  EXPECT_EQ(saves, 2);
  EXPECT_EQ(s.HumansToAct(), PlayerSet::Single(0));
  EXPECT_TRUE(s.AgentsToAct().Empty());
}

TEST(SessionTest, AgentsAloneFinishTheGameAndTheRecordReplays) {
  Session s = Make(Games(), "kariba(players=4)", {"random", "random", "random", "random"});
  const Revealed played = s.RunAgents();
  ASSERT_TRUE(s.IsTerminal());
  EXPECT_EQ(played.size(), s.record().actions.size());
  EXPECT_EQ(s.record().result, ResultJson(s.state()));
  EXPECT_FALSE(s.Submit(0, "draw pile")) << "an agent's seat";

  auto replayed = Session::FromRecord(Games(), s.record());
  ASSERT_TRUE(replayed) << replayed.error().message;
  EXPECT_EQ(replayed->state().Hash(), s.state().Hash());
  EXPECT_EQ(replayed->record().ToJson(), s.record().ToJson());
  // Core Replay agrees.
  auto core = Replay(Games(), s.record());
  ASSERT_TRUE(core) << core.error().message;
  EXPECT_EQ(core->state->Hash(), s.state().Hash());

  // All-human review of a finished game: submissions are rejected as the game is over.
  const std::vector<std::string> humans(4, "human");
  auto review = Session::FromRecord(Games(), s.record(), humans);
  ASSERT_TRUE(review);
  auto late = review->Submit(0, "draw pile");
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().message, "the game is over");
}

TEST(SessionTest, FromRecordRejectsBadRecords) {
  Session s = Make(Games(), "kariba(players=2)", {"random", "random"});
  s.RunAgents();
  GameRecord bad_action = s.record();
  bad_action.actions[3].action = "fly away";
  auto r = Session::FromRecord(Games(), bad_action);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message.rfind("record: actions[3]: ", 0), 0u) << r.error().message;
  GameRecord bad_result = s.record();
  bad_result.result["winners"] = Json::array({0, 1, 2});
  EXPECT_FALSE(Session::FromRecord(Games(), bad_result));
  GameRecord bad_seats = s.record();
  bad_seats.seats.push_back("human");
  EXPECT_FALSE(Session::FromRecord(Games(), bad_seats));
}

// A record written before `depth` was retired (by `savanna play 'kalimambo(players=2)' --seats
// 'ismcts(iters=30),ismcts(iters=30,reopen=1,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1)'
// --seed 5 --record`): its seats name depth=0. It still restores, its agents play it again move
// for move, and their specs no longer print the retired parameter.
TEST(SessionTest, ARecordNamingTheRetiredDepthStillReplaysAndPlaysTheSame) {
  Json old = Json::parse(R"json({
    "actions": [
      {"action": "play 7", "player": 0}, {"action": "play 8", "player": 1},
      {"action": "play 2", "player": 0}, {"action": "play 7", "player": 1},
      {"action": "play 6", "player": 0}, {"action": "play 1", "player": 1},
      {"action": "play 9", "player": 0}, {"action": "play 9", "player": 1},
      {"action": "play 3", "player": 0}, {"action": "play 6", "player": 1},
      {"action": "play 10", "player": 0}, {"action": "play 4", "player": 1},
      {"action": "play 0", "player": 0}, {"action": "play 0", "player": 1},
      {"action": "play 1", "player": 0}, {"action": "play 2", "player": 1},
      {"action": "play 11", "player": 0}, {"action": "play 10", "player": 1},
      {"action": "play 5", "player": 0}, {"action": "play 3", "player": 1},
      {"action": "play 4", "player": 0}, {"action": "play 5", "player": 1},
      {"action": "play 8", "player": 0}, {"action": "play 11", "player": 1}],
    "format": 1, "game": "kalimambo",
    "params": {"data": "", "heaps": "", "order": "", "players": 2, "rhino": "", "track": 32},
    "result": {"returns": [0.0, 1.0], "scores": [-26.0, -18.0], "winners": [1]},
    "seed": 5})json");
  old["seats"] = {
      "ismcts(c=0.7,clock=wall,cutoff=0,depth=0,eps=0.1,expand=0,iters=30,margin=0.5,"
      "playout=random,reopen=false,seed=6177851601696653293,threads=1,time=0,"
      "tree_mb=0,widen=0)",
      "ismcts(c=0.7,clock=wall,cutoff=-1,depth=0,eps=-1,expand=1,iters=30,margin=0.5,"
      "playout=policy,reopen=true,seed=2685503953512930023,threads=1,time=0,"
      "tree_mb=0,widen=1)"};
  auto record = GameRecord::FromJson(old);
  ASSERT_TRUE(record) << record.error().message;
  ASSERT_NE(record->seats[0].find(",depth=0,"), std::string::npos);
  auto restored = Session::FromRecord(Games(), *record);
  ASSERT_TRUE(restored) << restored.error().message;
  EXPECT_TRUE(restored->IsTerminal());

  auto game = Games().Create(record->game, record->params);
  ASSERT_TRUE(game);
  auto again = Session::Create(*game, record->seats, record->seed);
  ASSERT_TRUE(again) << again.error().message;
  again->RunAgents();
  EXPECT_EQ(again->record().actions, record->actions);
  EXPECT_EQ(again->record().result, record->result);
  for (size_t s = 0; s < record->seats.size(); ++s) {
    std::string without = record->seats[s];
    without.erase(without.find(",depth=0"), 8);
    EXPECT_EQ(again->record().seats[s], without);
  }
  auto refused = Session::Create(*game, {"ismcts(depth=3)", "human"}, 1);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("'depth' was retired"), std::string::npos)
      << refused.error().message;
}

// ---- Simultaneous decisions (sealed_bids: every player bids at once) --------------------------

TEST(SessionTest, SealedSubmissionsAreRevealedOnlyWhenTheStepResolves) {
  Session s = Make(TestGames(), "sealed_bids(players=3,cards=4)", {"human", "random", "human"});
  ASSERT_EQ(s.PlayersToAct().Size(), 3);
  // The agent submits first; nothing is public yet and both humans still owe their bids.
  EXPECT_TRUE(s.RunAgents().empty());
  EXPECT_EQ(s.record().actions.size(), 1u);
  EXPECT_EQ(s.HumansToAct(), PlayerSet::FromMask(0b101));
  auto second = s.Submit(2, "bid 4");
  ASSERT_TRUE(second) << second.error().message;
  EXPECT_TRUE(second->empty());
  auto again = s.Submit(2, "bid 3");
  EXPECT_FALSE(again) << "a seat submits once per step";
  auto last = s.Submit(0, "bid 1");
  ASSERT_TRUE(last) << last.error().message;
  ASSERT_EQ(last->size(), 3u) << "all three bids, in submission order";
  EXPECT_EQ((*last)[0].player, 1);
  EXPECT_EQ((*last)[1].player, 2);
  EXPECT_EQ((*last)[1].action, "bid 4");
  EXPECT_EQ((*last)[2].player, 0);
  EXPECT_EQ(s.PlayersToAct().Size(), 3) << "the next round";
}

TEST(SessionTest, SubmissionOrderDoesNotChangeTheResolvedState) {
  Session a = Make(TestGames(), "sealed_bids(players=2,cards=3)", {"human", "human"}, 5);
  Session b = Make(TestGames(), "sealed_bids(players=2,cards=3)", {"human", "human"}, 5);
  ASSERT_TRUE(a.Submit(0, "bid 2"));
  ASSERT_TRUE(a.Submit(1, "bid 3"));
  ASSERT_TRUE(b.Submit(1, "bid 3"));
  ASSERT_TRUE(b.Submit(0, "bid 2"));
  EXPECT_EQ(a.state().Hash(), b.state().Hash());
  EXPECT_EQ(a.View(kSpectator), b.View(kSpectator));
}

TEST(SessionTest, ResumingMidStepKeepsEarlierSubmissionsSealed) {
  Session s = Make(TestGames(), "sealed_bids(players=3,cards=4)", {"human", "human", "random"});
  s.RunAgents();
  ASSERT_TRUE(s.Submit(0, "bid 2"));
  std::vector<Revealed> seen;
  auto resumed =
      Session::FromRecord(TestGames(), s.record(), {},
                          [&](size_t, const Session&, const Revealed& r) { seen.push_back(r); });
  ASSERT_TRUE(resumed) << resumed.error().message;
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_TRUE(seen[0].empty());
  EXPECT_TRUE(seen[1].empty());
  EXPECT_EQ(resumed->HumansToAct(), PlayerSet::Single(1));
  EXPECT_TRUE(resumed->IsHuman(1));
  EXPECT_FALSE(resumed->IsHuman(2));
  auto last = resumed->Submit(1, "bid 1");
  ASSERT_TRUE(last);
  EXPECT_EQ(last->size(), 3u);
}

TEST(SessionTest, AllAgentSimultaneousGameFinishes) {
  Session s =
      Make(TestGames(), "sealed_bids(players=4,cards=6)", {"random", "random", "random", "random"});
  const Revealed played = s.RunAgents();
  EXPECT_TRUE(s.IsTerminal());
  EXPECT_EQ(played.size(), 24u);
}

// ---- Agents run by the front end (the server's worker pool) -----------------------------------

TEST(SessionTest, AgentChoiceMadeElsewhereIsCheckedThenApplied) {
  Session s = Make(Games(), "kariba(players=2)", {"random", "human"});
  EXPECT_EQ(s.agent(1), nullptr);
  EXPECT_EQ(s.agent(2), nullptr);
  Agent* agent = s.agent(0);
  ASSERT_NE(agent, nullptr);
  const std::unique_ptr<State> copy = s.state().Clone();
  const Action choice = agent->Choose(*copy, 0);
  const uint64_t hash = s.state().Hash();
  EXPECT_FALSE(s.SubmitAgentAction(1, choice)) << "a human's seat";
  EXPECT_FALSE(s.SubmitAgentAction(0, -1));
  EXPECT_FALSE(s.SubmitAgentAction(0, s.game().NumDistinctActions()));
  ActionList legal;
  s.state().LegalActions(0, legal);
  for (Action a = 0; a < s.game().NumDistinctActions(); ++a)
    if (!s.state().IsLegal(0, a)) {
      auto illegal = s.SubmitAgentAction(0, a);
      ASSERT_FALSE(illegal);
      EXPECT_EQ(illegal.error().code, ErrorCode::kIllegalAction);
      break;
    }
  EXPECT_EQ(s.state().Hash(), hash) << "rejections change nothing";
  auto applied = s.SubmitAgentAction(0, choice);
  ASSERT_TRUE(applied) << applied.error().message;
  ASSERT_EQ(applied->size(), 1u);
  EXPECT_EQ((*applied)[0].player, 0);
  EXPECT_EQ(s.record().actions.size(), 1u);
  EXPECT_FALSE(s.SubmitAgentAction(0, choice)) << "seat 0 no longer owes an action";
}

TEST(SessionTest, ReplacedSeatIsPlayedByTheNewPlayerAndReplays) {
  Session s = Make(Games(), "kariba(players=2)", {"human", "human"}, 9);
  ASSERT_TRUE(s.Submit(0, s.LegalActions(0).front()));
  EXPECT_FALSE(s.ReplaceSeat(1, "wizard"));
  EXPECT_FALSE(s.ReplaceSeat(2, "random"));
  EXPECT_TRUE(s.IsHuman(1)) << "a failed replacement changes nothing";
  ASSERT_TRUE(s.ReplaceSeat(1, "random"));
  EXPECT_FALSE(s.IsHuman(1));
  EXPECT_EQ(s.seats()[1].rfind("random(seed=", 0), 0u);
  EXPECT_EQ(s.RunAgents().size(), 1u);
  ASSERT_TRUE(s.Submit(0, s.LegalActions(0).front()));
  auto resumed = Session::FromRecord(Games(), s.record());
  ASSERT_TRUE(resumed) << resumed.error().message;
  EXPECT_EQ(resumed->state().Hash(), s.state().Hash());
  EXPECT_FALSE(resumed->IsHuman(1));
  ASSERT_TRUE(s.ReplaceSeat(1, "human"));
  EXPECT_TRUE(s.IsHuman(1));
  EXPECT_EQ(s.agent(1), nullptr);
}

// ---- Helpers ----------------------------------------------------------------------------------

TEST(SessionTest, ParseViewer) {
  EXPECT_EQ(*ParseViewer("spectator", 3), kSpectator);
  EXPECT_EQ(*ParseViewer("2", 3), 2);
  EXPECT_EQ(*ParseViewer(" 0 ", 3), 0);
  for (const char* bad : {"3", "-1", "", "x", "1x", "Spectator"}) EXPECT_FALSE(ParseViewer(bad, 3));
}

TEST(SessionTest, SplitSpecListKeepsParenthesesTogether) {
  auto list = SplitSpecList("human, ismcts(iters=100,c=0.7) ,random");
  ASSERT_TRUE(list);
  EXPECT_EQ(*list, (std::vector<std::string>{"human", "ismcts(iters=100,c=0.7)", "random"}));
  EXPECT_EQ(*SplitSpecList("random"), std::vector<std::string>{"random"});
  for (const char* bad : {"", "a,,b", "a,", "a(b", "a)b(", "a(b))"})
    EXPECT_FALSE(SplitSpecList(bad)) << bad;
}

}  // namespace
}  // namespace savanna
