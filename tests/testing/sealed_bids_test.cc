// Rules tests of sealed_bids, the test-only game of simultaneous hidden bids: resolution, ties,
// order independence, what views hide, determinization and the validation of saved states.
#include "testing/sealed_bids.h"

#include <gtest/gtest.h>

#include <set>

#include "testing/test_games.h"

namespace savanna::testing {
namespace {

std::shared_ptr<const Game> Make(const std::string& spec) {
  auto game = TestGames().Create(spec);
  SAVANNA_CHECK_MSG(game.has_value(), spec);
  return *game;
}

int Prize(const State& s) { return s.View(kSpectator)["prize"].get<int>(); }

// Each player p bids card bids[p] (1-based), in seat order.
void PlayRound(State& s, const std::vector<int>& bids) {
  for (Player p = 0; p < int(bids.size()); ++p) ASSERT_TRUE(s.Apply(p, bids[p] - 1));
}

TEST(SealedBids, StartsWithEveryoneToBidEveryCard) {
  auto game = Make("sealed_bids(players=3,cards=4)");
  auto s = game->NewInitialState(1);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::FirstN(3));
  ActionList legal;
  s->LegalActions(2, legal);
  EXPECT_EQ(std::vector<Action>(legal.begin(), legal.end()), (std::vector<Action>{0, 1, 2, 3}));
  EXPECT_EQ(s->ActionToString(0, 2), "bid 3");
  EXPECT_EQ(*s->ParseAction(0, " BID 3"), 2);
  EXPECT_EQ(game->NumDistinctActions(), 4);
  EXPECT_EQ(game->MaxGameLength(), 12);
}

TEST(SealedBids, HighestUniqueBidTakesThePrize) {
  auto game = Make("sealed_bids(players=3,cards=5)");  // outlives its states
  auto s = game->NewInitialState(2);
  const int prize = Prize(*s);
  PlayRound(*s, {5, 5, 3});  // the two 5s cancel: 3 is the highest unique bid
  EXPECT_EQ(s->Scores()[0], 0);
  EXPECT_EQ(s->Scores()[1], 0);
  EXPECT_EQ(s->Scores()[2], prize);
  EXPECT_EQ(s->MoveNumber(), 3);
  // The played cards are gone from the hands.
  EXPECT_FALSE(s->IsLegal(0, 4));
  EXPECT_TRUE(s->IsLegal(0, 3));
}

TEST(SealedBids, NoUniqueBidDiscardsThePrize) {
  auto game = Make("sealed_bids(players=2,cards=3)");  // outlives its states
  auto s = game->NewInitialState(3);
  const int prize = Prize(*s);
  PlayRound(*s, {2, 2});
  EXPECT_EQ(s->Scores()[0] + s->Scores()[1], 0);
  const Json history = s->View(0)["history"];
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history[0]["prize"], prize);
  EXPECT_EQ(history[0]["bids"], Json::array({2, 2}));
}

TEST(SealedBids, EndsAfterEveryCardWithTheSumOfPrizes) {
  auto game = Make("sealed_bids(players=2,cards=3)");  // outlives its states
  auto s = game->NewInitialState(4);
  std::vector<int> prizes;
  for (const std::vector<int>& bids : {std::vector<int>{3, 2}, {2, 1}, {1, 3}}) {
    prizes.push_back(Prize(*s));
    PlayRound(*s, bids);
  }
  ASSERT_TRUE(s->IsTerminal());
  EXPECT_TRUE(s->PlayersToAct().Empty());
  EXPECT_EQ(s->MoveNumber(), 6);
  EXPECT_EQ(s->Scores()[0], prizes[0] + prizes[1]);
  EXPECT_EQ(s->Scores()[1], prizes[2]);
  PlayerSet winners;
  if (s->Scores()[0] >= s->Scores()[1]) winners.Insert(0);
  if (s->Scores()[1] >= s->Scores()[0]) winners.Insert(1);
  EXPECT_EQ(s->Winners(), winners);
  EXPECT_TRUE(s->View(1)["prize"].is_null());
}

TEST(SealedBids, SubmissionOrderDoesNotMatter) {
  auto game = Make("sealed_bids(players=4,cards=5)");
  auto a = game->NewInitialState(5), b = game->NewInitialState(5);
  const std::vector<int> bids = {4, 2, 4, 1};
  PlayRound(*a, bids);
  for (Player p : {3, 1, 2, 0}) ASSERT_TRUE(b->Apply(p, bids[p] - 1));
  EXPECT_EQ(a->Hash(), b->Hash());
  EXPECT_EQ(a->ToJson(), b->ToJson());
}

TEST(SealedBids, PendingBidShowsOnlyAsSubmitted) {
  auto game = Make("sealed_bids(players=3,cards=5)");  // outlives its states
  auto s = game->NewInitialState(6);
  const Json before = s->View(1), spectator_before = s->View(kSpectator);
  ASSERT_TRUE(s->Apply(0, 3));
  // Only the submission shows: the flag, and the view header's players still to act (which the
  // flag tells anyway).
  const Json expected = Json::parse(R"([{"op":"replace","path":"/submitted/0","value":true}])");
  for (const auto& [was, now] :
       {std::pair{before, s->View(1)}, std::pair{spectator_before, s->View(kSpectator)}}) {
    EXPECT_EQ(now["to_act"], Json::parse("[1, 2]"));
    Json was_rest = was, now_rest = now;
    was_rest.erase("to_act");
    now_rest.erase("to_act");
    EXPECT_EQ(Json::diff(was_rest, now_rest), expected);
  }
  EXPECT_EQ(s->View(0)["my_bid"], 4);
  EXPECT_NE(s->ViewText(0).find("bids 4"), std::string::npos);
  EXPECT_NE(s->ViewText(1).find("has bid"), std::string::npos);
  EXPECT_EQ(s->ViewText(1).find("bids 4"), std::string::npos);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::FromMask(0b110));
  EXPECT_FALSE(s->Apply(0, 1)) << "a second bid in the same round";
}

TEST(SealedBids, DeterminizeRedrawsOtherBidsAndUnrevealedPrizes) {
  auto game = Make("sealed_bids(players=2,cards=6)");  // outlives its states
  auto s = game->NewInitialState(7);
  PlayRound(*s, {6, 1});
  ASSERT_TRUE(s->Apply(0, 2));  // player 0 bids 3, pending
  ASSERT_TRUE(s->Apply(1, 4));  // resolves: player 1 bids 5
  ASSERT_TRUE(s->Apply(1, 3));  // player 1 bids 4, pending
  const Json truth = s->ToJson();
  std::set<int> bids_seen;
  std::set<Json> prize_orders;
  Rng rng(8);
  for (int i = 0; i < 200; ++i) {
    auto d = s->Determinize(0, rng);
    const Json j = d->ToJson();
    EXPECT_EQ(d->View(0), s->View(0));
    EXPECT_EQ(j["pending"][0], 0);
    bids_seen.insert(j["pending"][1].get<int>());
    prize_orders.insert(j["prizes"]);
    // Revealed prizes stay where they are.
    for (int r = 0; r <= 2; ++r) EXPECT_EQ(j["prizes"][r], truth["prizes"][r]);
    EXPECT_NE(j["rng"], truth["rng"]);
  }
  // Player 1 still holds 2, 3, 4 and 6: each could be the hidden bid.
  EXPECT_EQ(bids_seen, (std::set<int>{2, 3, 4, 6}));
  EXPECT_EQ(prize_orders.size(), 6u);  // 3 unrevealed prizes: 3! orders
}

TEST(SealedBids, JsonRoundTrip) {
  auto game = Make("sealed_bids(players=3,cards=4)");
  auto s = game->NewInitialState(9);
  PlayRound(*s, {1, 2, 3});
  ASSERT_TRUE(s->Apply(2, 3));
  auto loaded = game->StateFromJson(Json::parse(s->ToJson().dump()));
  ASSERT_TRUE(loaded) << loaded.error().message;
  EXPECT_EQ((*loaded)->ToJson(), s->ToJson());
  EXPECT_EQ((*loaded)->Hash(), s->Hash());
}

// Each corruption of a valid document, and the words its error must contain.
TEST(SealedBids, StateFromJsonNamesTheBadField) {
  auto game = Make("sealed_bids(players=2,cards=3)");
  auto s = game->NewInitialState(10);
  PlayRound(*s, {1, 2});
  ASSERT_TRUE(s->Apply(0, 1));
  const Json good = s->ToJson();
  ASSERT_TRUE(game->StateFromJson(good));
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"prizes": [1, 1, 2]})", "prizes"},
      {R"({"prizes": [1, 2]})", "prizes"},
      {R"({"round": 4})", "round"},
      {R"({"bids": [[1, 2], [1, 3]], "round": 2, "move_number": 5})", "twice"},
      {R"({"pending": [1, 0]})", "does not hold card 1"},
      {R"({"pending": [2, 3]})", "must be resolved"},
      {R"({"scores": [0, 0]})", "scores"},
      {R"({"move_number": 2})", "move_number"},
      {R"({"rng": ["0000000000000000", "0000000000000000", "0000000000000000",
                   "0000000000000000"]})",
       "rng"},
  };
  for (const auto& [patch, words] : cases) {
    Json bad = good;
    bad.merge_patch(Json::parse(patch));
    auto loaded = game->StateFromJson(bad);
    ASSERT_FALSE(loaded) << patch;
    EXPECT_NE(loaded.error().message.find(words), std::string::npos)
        << patch << " -> " << loaded.error().message;
  }
}

}  // namespace
}  // namespace savanna::testing
