// Vom Kap bis Kairo rules tests: the rule text's example, then one test per rule and per decision
// in docs/rules/kap_kairo.md (the test names match the decisions' names there).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/json_io.h"
#include "games/embedded_data.h"
#include "games/kap_kairo/kap_kairo_position.h"

namespace savanna::kap_kairo::testing {
namespace {

int DiscardCount(const KapKairoData& d, int card) {
  return int(std::count(d.discard.cards.begin(), d.discard.cards.begin() + d.discard.size, card));
}

// The state reads back through the game's own validating reader.
void ExpectReloads(const State& state) {
  auto loaded = state.game().StateFromJson(state.ToJson());
  EXPECT_TRUE(loaded.has_value()) << loaded.error().message;
}

std::vector<int> Order(const KapKairoData& d, int players) {
  return std::vector<int>(d.last_auction.order.begin(), d.last_auction.order.begin() + players);
}

// ---- The rule text's example -----------------------------------------------------------------

// Michi has 3 tracks from the revealed card and 4 in his row, but needs 9 for the mountains in
// front of him: 20 pounds would be due, and he passes. Dinah, his left neighbour, reveals a card
// with 2 more tracks; with the 3 already revealed and 2 in her own row she builds the savanna,
// which needs only 6: one track lapses.
TEST(KapKairoExample, MichiPassesDinahBuildsSavannaWithATrackToSpare) {
  Position pos("kap_kairo(players=3)");
  const int michi = 0, dinah = 1;
  const int river3 = pos.Card("river", 1);        // 3 tracks: revealed for Michi
  const int villages2 = pos.Card("villages", 3);  // 2 tracks: Dinah reveals it
  auto s = pos.Row(michi, {pos.Card("mountains", 6), pos.Card("desert", 1)})  // 1 + 3 tracks
               .Row(dinah, {pos.Card("savanna", 9), pos.Card("villages", 6),
                            pos.Card("desert", 7)})  // 0 + 1 + 1 tracks
               .Row(2, {pos.Card("desert", 10)})
               .Revealed({river3})
               .PileTop({villages2})
               .Building(michi)
               .Build();
  EXPECT_EQ(FreeTracks(s->data(), michi), 7);
  EXPECT_EQ(LegalStrings(*s, michi), (std::vector<std::string>{"pass", "build paying 20 pounds"}));
  Do(*s, "pass", michi);

  const KapKairoData& d = s->data();
  ASSERT_EQ(s->PlayersToAct(), PlayerSet::Single(dinah));
  ASSERT_EQ(d.revealed.size, 2);
  EXPECT_EQ(d.revealed.cards[1], villages2);
  EXPECT_EQ(FreeTracks(d, dinah), 3 + 2 + 2);
  EXPECT_EQ(LegalStrings(*s, dinah), (std::vector<std::string>{"pass", "build"}));
  Do(*s, "build", dinah);

  EXPECT_EQ(d.rows[dinah].built, 1);
  EXPECT_EQ(d.capital[dinah], 100 + 9);  // the savanna's pounds; nothing paid
  EXPECT_EQ(d.capital[michi], 100);
  EXPECT_EQ(d.last_build.pounds_paid, 0);
  // The revealed cards are discarded; the cards in Dinah's row stay, still open.
  EXPECT_EQ(DiscardCount(d, river3), 1);
  EXPECT_EQ(DiscardCount(d, villages2), 1);
  EXPECT_EQ(d.rows[dinah].size, 3);
  EXPECT_EQ(d.rows[dinah].Front(), pos.Card("villages", 6));
  // Everyone still has an open landscape: Dinah, the last builder, reveals again.
  EXPECT_EQ(d.phase, Phase::kBuild);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(dinah));
  EXPECT_EQ(d.revealed.size, 1);
}

// ---- Rules -------------------------------------------------------------------------------------

TEST(KapKairoRules, SetUpGivesEveryone100PoundsAndRevealsOneCardPerPlayer) {
  for (int players = 2; players <= 4; ++players) {
    auto game = Games().Create("kap_kairo(players=" + std::to_string(players) + ")");
    ASSERT_TRUE(game.has_value());
    auto state = (*game)->NewInitialState(7);
    const auto& d = static_cast<const KapKairoState&>(*state).data();
    EXPECT_EQ(d.phase, Phase::kBid);
    EXPECT_EQ(d.auction_size, players);
    EXPECT_EQ(d.pile.size, 50 - players);
    EXPECT_EQ(state->PlayersToAct(), PlayerSet::FirstN(players));  // everyone bids at once
    for (int p = 0; p < players; ++p) EXPECT_EQ(d.capital[p], 100);
    ActionList legal;
    state->LegalActions(0, legal);
    EXPECT_EQ(legal.Size(), 101);  // bid 0 to bid 100
  }
}

TEST(KapKairoRules, EveryBidIsPaidAndTheHighestBidChoosesFirst) {
  Position pos("kap_kairo(players=3)");
  const int a = pos.Card("desert", 2), b = pos.Card("river", 9), c = pos.Card("savanna", 4);
  auto s = pos.Bidding({a, b, c}).Build();
  Do(*s, "bid 5", 0);
  Do(*s, "bid 30", 1);
  Do(*s, "bid 0", 2);
  const KapKairoData& d = s->data();
  EXPECT_EQ(d.capital[0], 95);  // all bids are paid, not only the winner's
  EXPECT_EQ(d.capital[1], 70);
  EXPECT_EQ(d.capital[2], 100);
  EXPECT_EQ(Order(d, 3), (std::vector<int>{1, 0, 2}));
  ASSERT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
  EXPECT_EQ(LegalStrings(*s, 1), (std::vector<std::string>{"take desert (3 tracks, 2 pounds)",
                                                           "take river (0 tracks, 9 pounds)",
                                                           "take savanna (2 tracks, 4 pounds)"}));
  Do(*s, "take river (0 tracks, 9 pounds)", 1);
  ASSERT_EQ(s->PlayersToAct(), PlayerSet::Single(0));
  Do(*s, "take savanna (2 tracks, 4 pounds)", 0);
  // The last card needs no choice: player 2 gets the desert; the auction winner builds first.
  EXPECT_EQ(d.rows[2].size, 1);
  EXPECT_EQ(d.rows[2].cards[0], a);
  EXPECT_EQ(d.phase, Phase::kBuild);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
  EXPECT_EQ(d.revealed.size, 1);  // the winner's revealed card
}

TEST(KapKairoRules, ChosenCardsGoToTheEndOfTheRow) {
  Position pos("kap_kairo(players=2)");
  const int old1 = pos.Card("desert", 9), old2 = pos.Card("river", 4);
  const int x = pos.Card("villages", 1), y = pos.Card("mountains", 2);
  auto s = pos.Row(0, {old1, old2}, 1).Bidding({x, y}).Build();
  Do(*s, "bid 10", 0);
  Do(*s, "bid 0", 1);
  Do(*s, "take mountains (3 tracks, 2 pounds)", 0);
  const Row& row = s->data().rows[0];
  ASSERT_EQ(row.size, 3);
  EXPECT_EQ(row.cards[0], old1);
  EXPECT_EQ(row.cards[1], old2);
  EXPECT_EQ(row.cards[2], y);
  EXPECT_EQ(row.Front(), old2);  // landscapes are built in the order bought
}

TEST(KapKairoRules, BidsAreSealedUntilTheLastIsIn) {
  Position pos("kap_kairo(players=3)");
  auto s =
      pos.Bidding({pos.Card("desert", 2), pos.Card("river", 9), pos.Card("savanna", 4)}).Build();
  Do(*s, "bid 42", 0);
  for (Player viewer : {1, 2, kSpectator}) {
    const Json view = s->View(viewer);
    EXPECT_EQ(view["players"][0]["bid_submitted"], true);
    EXPECT_FALSE(view["players"][0].contains("my_bid"));
    EXPECT_EQ(view["players"][0]["capital"], 100);  // the new capital is written in secret
    EXPECT_EQ(view.dump().find("42"), std::string::npos);
    EXPECT_EQ(s->ViewText(viewer).find("42"), std::string::npos);
  }
  EXPECT_EQ(s->View(0)["players"][0]["my_bid"], 42);
  // The others' options do not depend on the pending bid, and player 0 cannot bid twice.
  EXPECT_EQ(LegalStrings(*s, 1).size(), 101u);
  EXPECT_FALSE(s->Apply(0, BidAction(10)).has_value());
  Do(*s, "bid 7", 2);
  Do(*s, "bid 13", 1);
  // Every bid is in: they become public.
  const Json view = s->View(kSpectator);
  EXPECT_EQ(view["last_auction"]["bids"], (std::vector<int>{42, 13, 7}));
  EXPECT_EQ(view["last_auction"]["order"], (std::vector<int>{0, 1, 2}));
}

TEST(KapKairoRules, BidResolutionIgnoresSubmissionOrder) {
  Position pos("kap_kairo(players=4)");
  auto base = pos.Bidding({pos.Card("desert", 2), pos.Card("river", 9), pos.Card("savanna", 4),
                           pos.Card("mountains", 3)})
                  .Build();
  const std::array<int, 4> bids = {20, 20, 20, 5};  // a tie that needs drawn cards
  std::vector<int> seats = {0, 1, 2, 3};
  uint64_t first = 0;
  do {
    auto s = base->Clone();
    for (int p : seats) ASSERT_TRUE(s->Apply(p, BidAction(bids[p])).has_value());
    if (first == 0) first = s->Hash();
    EXPECT_EQ(s->Hash(), first);
  } while (std::next_permutation(seats.begin(), seats.end()));
}

// A pass hands the decision to the left neighbour (the next seat), who reveals one more card.
TEST(KapKairoRules, PassHandsTheDecisionToTheLeftWithOneMoreCard) {
  Position pos("kap_kairo(players=4)");
  auto s = pos.Row(0, {pos.Card("river", 10)})
               .Row(1, {pos.Card("river", 9)})
               .Row(2, {pos.Card("river", 8)})
               .Row(3, {pos.Card("river", 7)})
               .Revealed({pos.Card("savanna", 10)})
               .Building(2)
               .Build();
  Do(*s, "pass");
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(3));
  EXPECT_EQ(s->data().revealed.size, 2);
  Do(*s, "pass");
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(0));
  EXPECT_EQ(s->data().revealed.size, 3);  // the pool is never capped
}

TEST(KapKairoRules, BuildEarnsPoundsAndPaysMissingTracks) {
  Position pos("kap_kairo(players=2)");
  const int desert = pos.Card("desert", 10);              // 0 tracks, needs 8
  auto s = pos.Row(0, {desert, pos.Card("villages", 1)})  // 0 + 3 tracks
               .Row(1, {pos.Card("river", 10)})
               .Revealed({pos.Card("savanna", 3)})  // 2 tracks
               .Capital(0, 60)
               .Building(0)
               .Build();
  EXPECT_EQ(LegalStrings(*s, 0), (std::vector<std::string>{"pass", "build paying 30 pounds"}));
  Do(*s, "build paying 30 pounds");
  const KapKairoData& d = s->data();
  EXPECT_EQ(d.capital[0], 60 - 30 + 10);
  EXPECT_EQ(d.rows[0].built, 1);
  EXPECT_EQ(d.last_build.pounds_paid, 30);
  EXPECT_EQ(s->Scores()[0], 1);
}

// Every split of the missing tracks between bonus tracks and pounds is a legal build.
TEST(KapKairoRules, EveryMixOfBonusTracksAndPoundsIsOffered) {
  Position pos("kap_kairo(players=2)");
  auto s = pos.Row(0, {pos.Card("mountains", 4)})  // 2 tracks, needs 9
               .Row(1, {pos.Card("river", 10)})
               .Revealed({pos.Card("savanna", 1), pos.Card("desert", 6)})  // 3 + 1 tracks
               .Bonus(0, {pos.Card("river", 1), pos.Card("river", 2), pos.Card("river", 3)})
               .Capital(0, 25)
               .Building(0)
               .Build();
  // 3 missing tracks: 30 pounds is more than the capital.
  EXPECT_EQ(LegalStrings(*s, 0),
            (std::vector<std::string>{"pass", "build using 1 bonus track and 20 pounds",
                                      "build using 2 bonus tracks and 10 pounds",
                                      "build using 3 bonus tracks"}));
  Do(*s, "build using 2 bonus tracks and 10 pounds");
  const KapKairoData& d = s->data();
  EXPECT_EQ(d.bonus_count[0], 1);
  EXPECT_EQ(d.capital[0], 25 - 10 + 4);
  EXPECT_EQ(d.last_build.bonus_used, 2);
  // Spent bonus tracks go to the discard pile with the revealed cards.
  EXPECT_EQ(d.discard.size, 4);
  EXPECT_EQ(DiscardCount(d, pos.Card("river", 3)), 1);
  EXPECT_EQ(DiscardCount(d, pos.Card("river", 2)), 1);
}

TEST(KapKairoRules, RiverBonusGoesToTheOtherPlayersWaitingBeforeARiver) {
  Position pos("kap_kairo(players=3)");
  const int top = pos.Card("desert", 4);
  auto s = pos.Row(0, {pos.Card("savanna", 1), pos.Card("river", 5)})  // then before a river
               .Row(1, {pos.Card("river", 6)})
               .Row(2, {pos.Card("desert", 3)})
               .Revealed({pos.Card("villages", 1)})
               .PileTop({pos.Card("mountains", 10), top})
               .Building(0)
               .Build();
  Do(*s, "build");
  const KapKairoData& d = s->data();
  EXPECT_EQ(d.bonus_count[0], 0);  // the builder gets none
  ASSERT_EQ(d.bonus_count[1], 1);  // waiting before a river
  EXPECT_EQ(d.bonus[1][0], top);   // a face-down card from the pile
  EXPECT_EQ(d.bonus_count[2], 0);  // waiting before a desert
  EXPECT_EQ(d.last_build.bonus_to, 1u << 1);
  // The face is hidden even from its owner; the count is public.
  EXPECT_EQ(s->View(1)["players"][1]["bonus_tracks"], 1);
  EXPECT_EQ(s->View(1).dump().find("\"id\":" + std::to_string(top) + ","), std::string::npos);
}

TEST(KapKairoRules, BonusTracksAreCappedAtFive) {
  Position pos("kap_kairo(players=3)");
  auto s = pos.Row(0, {pos.Card("savanna", 1), pos.Card("desert", 1)})
               .Row(1, {pos.Card("river", 6)})
               .Row(2, {pos.Card("river", 7)})
               .Bonus(1, {pos.Card("savanna", 2), pos.Card("savanna", 3), pos.Card("savanna", 4),
                          pos.Card("savanna", 5), pos.Card("savanna", 6)})
               .Bonus(2, {pos.Card("villages", 2), pos.Card("villages", 3), pos.Card("villages", 4),
                          pos.Card("villages", 5)})
               .Revealed({pos.Card("villages", 1)})
               .PileTop({pos.Card("mountains", 1), pos.Card("mountains", 10)})
               .Building(0)
               .Build();
  Do(*s, "build");
  EXPECT_EQ(s->data().bonus_count[1], 5);  // already at the cap
  EXPECT_EQ(s->data().bonus_count[2], 5);  // the fifth
  EXPECT_EQ(s->data().last_build.bonus_to, 1u << 2);
  // At the cap a further build gives nothing more. The desert needs 8: 3 in the row and 3 on
  // the newly revealed card.
  Do(*s, "build paying 20 pounds");
  EXPECT_EQ(s->data().bonus_count[1], 5);
  EXPECT_EQ(s->data().bonus_count[2], 5);
  EXPECT_EQ(s->data().last_build.bonus_to, 0);
}

TEST(KapKairoRules, NewPurchaseWhenSomeoneHasNoOpenLandscapeLeft) {
  Position pos("kap_kairo(players=2)");
  auto s = pos.Row(0, {pos.Card("savanna", 1)})
               .Row(1, {pos.Card("river", 6), pos.Card("river", 7)})
               .Revealed({pos.Card("villages", 1)})
               .Building(0)
               .Build();
  Do(*s, "build");
  const KapKairoData& d = s->data();
  EXPECT_EQ(d.phase, Phase::kBid);
  EXPECT_EQ(d.auction_size, 2);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::FirstN(2));
}

TEST(KapKairoRules, EighthLandscapeWinsTheGame) {
  Position pos("kap_kairo(players=3)");
  std::vector<int> row;
  for (int pounds = 1; pounds <= 8; ++pounds) row.push_back(pos.Card("savanna", pounds));
  std::vector<int> rich_row;
  for (int pounds = 6; pounds <= 10; ++pounds) rich_row.push_back(pos.Card("mountains", pounds));
  rich_row.push_back(pos.Card("river", 6));
  auto s = pos.Row(0, row, 7)
               .Row(1, rich_row, 5)
               .Row(2, {pos.Card("desert", 1)})
               .Capital(0, 0)
               .Capital(1, 140)  // leftover money counts for nothing
               .Revealed({pos.Card("villages", 1), pos.Card("villages", 2)})  // 6 tracks
               .Building(0)
               .Build();
  Do(*s, "build");
  ASSERT_TRUE(s->IsTerminal());
  EXPECT_EQ(s->data().end, EndReason::kEighthLandscape);
  EXPECT_EQ(s->Winners(), PlayerSet::Single(0));
  EXPECT_EQ(s->Scores()[0], 8);
  EXPECT_EQ(s->Returns()[0], 1.0);
  EXPECT_EQ(s->Returns()[1], 0.0);
  EXPECT_TRUE(s->PlayersToAct().Empty());
}

TEST(KapKairoRules, CapitalNeverGoesBelowZero) {
  Position pos("kap_kairo(players=2)");
  auto s = pos.Row(0, {pos.Card("river", 10)})
               .Row(1, {pos.Card("river", 9)})
               .Capital(0, 15)
               .Capital(1, 0)
               .Bidding({pos.Card("desert", 2), pos.Card("desert", 3)})
               .Build();
  EXPECT_EQ(LegalStrings(*s, 0).size(), 16u);  // bid 0 .. bid 15
  EXPECT_EQ(LegalStrings(*s, 1), (std::vector<std::string>{"bid 0"}));
  EXPECT_FALSE(s->Apply(0, BidAction(16)).has_value());
  Do(*s, "bid 15", 0);
  Do(*s, "bid 0", 1);
  EXPECT_EQ(s->data().capital[0], 0);
  // Building the river (10 tracks) with little on the table would cost pounds nobody has.
  ASSERT_EQ(s->data().phase, Phase::kChoose);
  Do(*s, "take desert (3 tracks, 2 pounds)", 0);
  ASSERT_EQ(s->data().phase, Phase::kBuild);
  EXPECT_EQ(LegalStrings(*s, 0), (std::vector<std::string>{"pass"}));
}

TEST(KapKairoRules, EmptyPileIsRefilledFromTheDiscardPile) {
  Position pos("kap_kairo(players=2)");
  auto s = pos.Row(0, {pos.Card("river", 10)})
               .Row(1, {pos.Card("river", 9)})
               .Revealed({pos.Card("savanna", 10)})
               .RestToDiscard()
               .Building(0)
               .Build();
  const int discarded = s->data().discard.size;
  ASSERT_EQ(s->data().pile.size, 0);
  ASSERT_GT(discarded, 0);
  Do(*s, "pass");
  const KapKairoData& d = s->data();
  EXPECT_EQ(d.revealed.size, 2);
  EXPECT_EQ(d.discard.size, 0);
  EXPECT_EQ(d.pile.size, discarded - 1);  // shuffled into a new pile, then drawn from
  // The new pile's order comes from the state's RNG: another seed gives another order.
  auto t = pos.Build();
  t->mutable_data().rng.Seed(999);
  Do(*t, "pass");
  EXPECT_NE(std::vector<int>(d.pile.cards.begin(), d.pile.cards.begin() + d.pile.size),
            std::vector<int>(t->data().pile.cards.begin(),
                             t->data().pile.cards.begin() + t->data().pile.size));
}

// ---- Decisions (docs/rules/kap_kairo.md) --------------------------------------------------------

TEST(KapKairoDecisions, TiedBidsLessCapitalLeftChoosesFirst) {
  Position pos("kap_kairo(players=3)");
  auto s = pos.Row(0, {pos.Card("river", 10)}, 1)  // built cards make the higher capitals legal
               .Row(2, {pos.Card("river", 9)}, 1)
               .Capital(0, 110)
               .Capital(1, 80)
               .Capital(2, 109)
               .Bidding({pos.Card("desert", 2), pos.Card("river", 8), pos.Card("savanna", 4)})
               .Build();
  Do(*s, "bid 20", 0);
  Do(*s, "bid 20", 1);
  Do(*s, "bid 20", 2);
  // Left: 90, 60, 89. The least capital left chooses first; no card is drawn.
  EXPECT_EQ(Order(s->data(), 3), (std::vector<int>{1, 2, 0}));
  EXPECT_EQ(s->data().last_auction.draws, 0);
}

TEST(KapKairoDecisions, TiedBidsAndCapitalDrawCards) {
  Position pos("kap_kairo(players=3)");
  const int first = pos.Card("desert", 3), second = pos.Card("mountains", 8);
  auto s = pos.Bidding({pos.Card("desert", 2), pos.Card("river", 9), pos.Card("savanna", 4)})
               .PileTop({second, first})
               .Build();
  Do(*s, "bid 30", 2);
  Do(*s, "bid 30", 1);
  Do(*s, "bid 0", 0);
  // Players 1 and 2 tie on bid and capital. They draw in seat order: player 1 the top card
  // (3 pounds), player 2 the next (8 pounds): player 2 chooses first.
  const KapKairoData& d = s->data();
  EXPECT_EQ(Order(d, 3), (std::vector<int>{2, 1, 0}));
  ASSERT_EQ(d.last_auction.draws, 2);
  EXPECT_EQ(d.last_auction.draw_player[0], 1);
  EXPECT_EQ(d.last_auction.draw_card[0], first);
  EXPECT_EQ(d.last_auction.draw_player[1], 2);
  EXPECT_EQ(d.last_auction.draw_card[1], second);
  // The drawn cards are discarded and shown to everybody.
  EXPECT_EQ(DiscardCount(d, first), 1);
  EXPECT_EQ(DiscardCount(d, second), 1);
  EXPECT_EQ(s->View(0)["last_auction"]["tie_break_draws"].size(), 2u);
}

TEST(KapKairoDecisions, TieBreakDrawRepeatsOnEqualCards) {
  Position pos("kap_kairo(players=3)");
  // All three tie. First round: 5, 5, 9 pounds: player 2 first; players 0 and 1 draw again:
  // 7 and 2: player 0 before player 1.
  const std::vector<int> draws = {pos.Card("desert", 5), pos.Card("mountains", 5),
                                  pos.Card("savanna", 9), pos.Card("villages", 7),
                                  pos.Card("river", 2)};
  std::vector<int> top_last(draws.rbegin(), draws.rend());
  auto s = pos.Bidding({pos.Card("desert", 2), pos.Card("river", 9), pos.Card("savanna", 4)})
               .PileTop(top_last)
               .Build();
  for (int p = 0; p < 3; ++p) Do(*s, "bid 10", p);
  const KapKairoData& d = s->data();
  EXPECT_EQ(Order(d, 3), (std::vector<int>{2, 0, 1}));
  ASSERT_EQ(d.last_auction.draws, 5);
  const std::vector<int> drawers = {0, 1, 2, 0, 1};
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(d.last_auction.draw_player[i], drawers[i]);
    EXPECT_EQ(d.last_auction.draw_card[i], draws[i]);
    EXPECT_EQ(DiscardCount(d, draws[i]), 1);
  }
  EXPECT_FALSE(d.last_auction.by_lot);
}

TEST(KapKairoDecisions, TieWithNoCardToDrawIsDecidedByLot) {
  Position pos("kap_kairo(players=3)");
  // Every card not up for purchase sits in player 2's row: nothing can be drawn.
  auto s = pos.Bidding({pos.Card("desert", 2), pos.Card("river", 9), pos.Card("savanna", 4)})
               .RestToRow(2)
               .Build();
  std::set<std::vector<int>> orders;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    auto t = s->Clone();
    static_cast<KapKairoState&>(*t).mutable_data().rng.Seed(seed);
    for (int p = 0; p < 3; ++p) ASSERT_TRUE(t->Apply(p, BidAction(p == 2 ? 1 : 0)));
    const KapKairoData& d = static_cast<KapKairoState&>(*t).data();
    EXPECT_TRUE(d.last_auction.by_lot);
    EXPECT_EQ(d.last_auction.order[0], 2);  // the highest bid is not affected
    orders.insert(Order(d, 3));
  }
  EXPECT_EQ(orders.size(), 2u);  // players 0 and 1 in either order
}

TEST(KapKairoDecisions, IdenticalAuctionCardsAreOneChoice) {
  // A user deck with duplicate cards: two identical cards offer one "take".
  const std::string path = ::testing::TempDir() + "/kap_kairo_duplicates.json";
  Json data = Json::parse(*FindEmbeddedFile("kap_kairo/landscapes.json"));
  data["cards"][1] = data["cards"][0];
  ASSERT_TRUE(WriteTextFileAtomic(path, data.dump()));
  Position pos("kap_kairo(players=3,data=" + path + ")");
  auto s = pos.Bidding({0, 1, pos.Card("savanna", 4)}).Build();
  Do(*s, "bid 3", 0);
  Do(*s, "bid 2", 1);
  Do(*s, "bid 1", 2);
  EXPECT_EQ(LegalStrings(*s, 0), (std::vector<std::string>{"take river (3 tracks, 1 pound)",
                                                           "take savanna (2 tracks, 4 pounds)"}));
  Do(*s, "take savanna (2 tracks, 4 pounds)", 0);
  // Only identical cards are left: they are handed out without asking.
  EXPECT_EQ(s->data().phase, Phase::kBuild);
  EXPECT_EQ(s->data().rows[1].size, 1);
  EXPECT_EQ(s->data().rows[2].size, 1);
}

TEST(KapKairoDecisions, OpenRowCardsIncludeTheOneInFrontOfTheLocomotive) {
  Position pos("kap_kairo(players=2)");
  auto s = pos.Row(0, {pos.Card("savanna", 1), pos.Card("desert", 9)}, 0)  // 3 + 0 tracks
               .Row(1, {pos.Card("river", 10)})
               .Revealed({pos.Card("villages", 2)})  // 3 tracks
               .Building(0)
               .Build();
  EXPECT_EQ(FreeTracks(s->data(), 0), 6);
  EXPECT_EQ(LegalStrings(*s, 0), (std::vector<std::string>{"pass", "build"}));
}

TEST(KapKairoDecisions, PoundsPayOnlyForMissingTracks) {
  Position pos("kap_kairo(players=2)");
  auto s = pos.Row(0, {pos.Card("savanna", 1)})  // 3 tracks, needs 6
               .Row(1, {pos.Card("river", 10)})
               .Revealed({pos.Card("villages", 2), pos.Card("desert", 3)})  // 3 + 2 tracks
               .Building(0)
               .Build();
  // Enough free tracks: no build that pays pounds is offered.
  EXPECT_EQ(LegalStrings(*s, 0), (std::vector<std::string>{"pass", "build"}));
}

TEST(KapKairoDecisions, UnneededBonusTracksMayBeSpent) {
  Position pos("kap_kairo(players=2)");
  auto s = pos.Row(0, {pos.Card("savanna", 1)})
               .Row(1, {pos.Card("river", 10)})
               .Revealed({pos.Card("villages", 2), pos.Card("desert", 3)})
               .Bonus(0, {pos.Card("river", 1), pos.Card("river", 2)})
               .Building(0)
               .Build();
  EXPECT_EQ(LegalStrings(*s, 0),
            (std::vector<std::string>{"pass", "build", "build using 1 bonus track",
                                      "build using 2 bonus tracks"}));
  Do(*s, "build using 1 bonus track");
  EXPECT_EQ(s->data().bonus_count[0], 0 + 1);
  EXPECT_EQ(DiscardCount(s->data(), pos.Card("river", 2)), 1);  // the last received is spent
}

TEST(KapKairoDecisions, BonusTracksComeFaceDownFromThePile) {
  Position pos("kap_kairo(players=2)");
  const int top = pos.Card("mountains", 1);
  auto s = pos.Row(0, {pos.Card("savanna", 1), pos.Card("desert", 9)})
               .Row(1, {pos.Card("river", 6)})
               .Revealed({pos.Card("villages", 2)})
               .PileTop({pos.Card("savanna", 10), top})
               .Discard({pos.Card("desert", 10)})
               .Building(0)
               .Build();
  Do(*s, "build");
  EXPECT_EQ(s->data().bonus[1][0], top);  // not the discard pile's top
  // Determinization treats bonus faces like the pile: they are re-dealt with it.
  std::set<int> faces;
  Rng rng(5);
  for (int i = 0; i < 30; ++i) {
    auto det = s->Determinize(1, rng);
    faces.insert(static_cast<const KapKairoState&>(*det).data().bonus[1][0]);
    EXPECT_EQ(det->View(1), s->View(1));
  }
  EXPECT_GT(faces.size(), 1u);
}

TEST(KapKairoDecisions, DiscardPileAndRowsAreOpenInformation) {
  Position pos("kap_kairo(players=2)");
  const int discarded = pos.Card("desert", 10), built = pos.Card("savanna", 5);
  auto s = pos.Row(0, {built, pos.Card("desert", 9)}, 1)
               .Row(1, {pos.Card("river", 6)})
               .Revealed({pos.Card("villages", 2)})
               .Discard({discarded})
               .Bonus(1, {pos.Card("mountains", 1)})
               .Building(0)
               .Build();
  for (Player viewer : {0, 1, kSpectator}) {
    const Json view = s->View(viewer);
    EXPECT_EQ(view["discard"][0]["id"], discarded);
    EXPECT_EQ(view["players"][0]["row"][0]["id"], built);  // built landscapes stay known
    EXPECT_EQ(view["players"][0]["landscapes_built"], 1);
    EXPECT_EQ(view["players"][1]["bonus_tracks"], 1);
    EXPECT_EQ(view["pile_size"], s->data().pile.size);
    EXPECT_FALSE(view.contains("pile"));
  }
}

TEST(KapKairoDecisions, BothPilesEmptyPassEndsTheBuildPhase) {
  Position pos("kap_kairo(players=3)");
  const int r1 = pos.Card("savanna", 10), r2 = pos.Card("villages", 10);
  auto s = pos.Row(0, {pos.Card("river", 10)})
               .Row(1, {pos.Card("savanna", 1)})  // 3 tracks, needs 6
               .Revealed({r1, r2})                // 0 tracks
               .RestToRow(2)
               .Building(0)
               .Build();
  Do(*s, "pass");
  const KapKairoData& d = s->data();
  // Player 1 has nothing to reveal, but may still build when able to pay.
  EXPECT_TRUE(d.reveal_failed);
  EXPECT_EQ(d.revealed.size, 2);
  EXPECT_EQ(LegalStrings(*s, 1), (std::vector<std::string>{"pass", "build paying 30 pounds"}));
  auto builder = s->Clone();
  Do(*builder, "build paying 30 pounds");
  EXPECT_EQ(static_cast<const KapKairoState&>(*builder).data().rows[1].built, 1);
  EXPECT_FALSE(static_cast<const KapKairoState&>(*builder).data().reveal_failed);
  ExpectReloads(*builder);
  // A pass ends the build phase: the revealed cards are discarded and a purchase follows,
  // revealing them again from the refilled pile.
  Do(*s, "pass");
  EXPECT_EQ(d.phase, Phase::kBid);
  EXPECT_EQ(d.auction_size, 2);
  EXPECT_EQ(d.pile.size + d.discard.size, 0);
  EXPECT_FALSE(d.reveal_failed);
  ExpectReloads(*s);
}

TEST(KapKairoDecisions, PurchaseRevealsWhatThereIs) {
  Position pos("kap_kairo(players=3)");
  const int a = pos.Card("savanna", 10), b = pos.Card("villages", 10);
  auto s = pos.Row(0, {pos.Card("river", 10)})
               .Row(1, {pos.Card("savanna", 1)})
               .Revealed({a, b})
               .RestToRow(2)
               .Building(0)
               .Build();
  Do(*s, "pass");
  Do(*s, "pass");
  ASSERT_EQ(s->data().phase, Phase::kBid);
  ASSERT_EQ(s->data().auction_size, 2);  // two cards for three players
  Do(*s, "bid 0", 0);
  Do(*s, "bid 5", 1);
  Do(*s, "bid 3", 2);
  Do(*s, "take villages (0 tracks, 10 pounds)", 1);
  // Player 2 takes the last card; player 0, last in the order, gets nothing.
  const KapKairoData& d = s->data();
  EXPECT_EQ(d.rows[0].size, 1);
  EXPECT_EQ(d.rows[2].cards[d.rows[2].size - 1], a);
  EXPECT_EQ(d.phase, Phase::kBuild);
  EXPECT_EQ(d.current, 1);
  EXPECT_EQ(d.capital[0], 100);
}

TEST(KapKairoDecisions, PlayersWithoutAnOpenLandscapeCanOnlyPass) {
  Position pos("kap_kairo(players=2)");
  auto s = pos.Row(0, {pos.Card("savanna", 1)}, 1)
               .Row(1, {pos.Card("savanna", 2)})
               .Revealed({pos.Card("villages", 1), pos.Card("villages", 2)})
               .Building(0)
               .Build();
  EXPECT_EQ(LegalStrings(*s, 0), (std::vector<std::string>{"pass"}));
}

TEST(KapKairoDecisions, NothingToAuctionEndsTheGame) {
  Position pos("kap_kairo(players=3)");
  std::vector<int> p1_row;
  for (int pounds = 1; pounds <= 3; ++pounds) p1_row.push_back(pos.Card("mountains", pounds));
  auto s = pos.Row(0, {pos.Card("savanna", 1), pos.Card("savanna", 2), pos.Card("desert", 10)}, 2)
               .Row(1, p1_row, 3)
               .Capital(0, 100)
               .Capital(1, 100)
               .RestToRow(2)
               .Building(0)
               .Build();
  // Nothing to reveal; player 0 builds the desert (8 tracks, 0 free) for 80 pounds and earns 10.
  ASSERT_TRUE(s->data().reveal_failed);
  auto tied = s->Clone();
  Do(*s, "build paying 80 pounds");
  ASSERT_TRUE(s->IsTerminal());
  EXPECT_EQ(s->data().end, EndReason::kNothingToAuction);
  ExpectReloads(*s);
  // Players 0 and 1 both built 3; player 1 has more pounds left.
  EXPECT_EQ(s->Winners(), PlayerSet::Single(1));
  // With equal pounds the win is shared.
  static_cast<KapKairoState&>(*tied).mutable_data().capital[1] = 30;
  Do(*tied, "build paying 80 pounds");
  EXPECT_EQ(tied->Winners(), PlayerSet::FromMask(0b011));
  EXPECT_DOUBLE_EQ(tied->Returns()[0], 0.5);
  EXPECT_DOUBLE_EQ(tied->Returns()[1], 0.5);
}

TEST(KapKairoDecisions, ScoresAreLandscapesBuilt) {
  Position pos("kap_kairo(players=2)");
  auto s = pos.Row(0, {pos.Card("savanna", 1), pos.Card("savanna", 2)}, 2)
               .Row(1, {pos.Card("savanna", 3), pos.Card("savanna", 4)}, 1)
               .Revealed({pos.Card("villages", 1)})
               .Building(0)
               .Build();
  EXPECT_EQ(s->Scores()[0], 2);
  EXPECT_EQ(s->Scores()[1], 1);
  EXPECT_TRUE(s->Winners().Empty());  // nobody wins before the end
}

TEST(KapKairoDecisions, LongPassCyclesEndWithinTheBound) {
  // Nobody ever bids or builds: the piles run dry, the rows absorb every card, and the game
  // ends because nothing is left to auction.
  for (int players = 2; players <= 4; ++players) {
    auto game = Games().Create("kap_kairo(players=" + std::to_string(players) + ")");
    ASSERT_TRUE(game.has_value());
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      auto s = (*game)->NewInitialState(seed);
      ActionList legal;
      while (!s->IsTerminal()) {
        const Player p = s->PlayersToAct().First();
        s->LegalActions(p, legal);
        s->ApplyUnchecked(p, legal[0]);  // "bid 0", the first card, "pass"
        ASSERT_LE(s->MoveNumber(), (*game)->MaxGameLength());
      }
      const auto& d = static_cast<const KapKairoState&>(*s).data();
      EXPECT_EQ(d.end, EndReason::kNothingToAuction);
      EXPECT_EQ(s->Winners(), PlayerSet::FirstN(players));
    }
  }
}

TEST(KapKairoDecisions, DeterminizeRedrawsOtherPlayersPendingBids) {
  Position pos("kap_kairo(players=3)");
  auto s =
      pos.Bidding({pos.Card("desert", 2), pos.Card("river", 9), pos.Card("savanna", 4)}).Build();
  Do(*s, "bid 50", 0);
  Do(*s, "bid 20", 1);
  Rng rng(11);
  std::set<int> seen;
  for (int i = 0; i < 20; ++i) {
    auto det = s->Determinize(2, rng);
    const auto& d = static_cast<const KapKairoState&>(*det).data();
    seen.insert(d.pending[0]);
    EXPECT_LE(d.pending[0], 100);
    EXPECT_EQ(det->View(2), s->View(2));
    auto own = s->Determinize(0, rng);
    EXPECT_EQ(static_cast<const KapKairoState&>(*own).data().pending[0], 50);
  }
  EXPECT_GT(seen.size(), 5u);
}

TEST(KapKairoDecisions, BadStateDocumentsAreRejected) {
  Position pos("kap_kairo(players=2)");
  auto s = pos.Row(0, {pos.Card("savanna", 1)})
               .Row(1, {pos.Card("river", 10)})
               .Revealed({pos.Card("villages", 1)})
               .Building(0)
               .Build();
  const Game& game = s->game();
  Json twice = s->ToJson();
  twice["rows"][1].push_back(pos.Card("savanna", 1));
  auto r = game.StateFromJson(twice);
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().message.find("savanna (3 tracks, 1 pound)"), std::string::npos)
      << r.error().message;
  Json rich = s->ToJson();
  rich["capital"][0] = 120;  // nothing built: at most the start capital
  EXPECT_FALSE(game.StateFromJson(rich).has_value());
  Json bid = s->ToJson();
  bid["pending"][0] = 10;  // a sealed bid while building
  EXPECT_FALSE(game.StateFromJson(bid).has_value());
  Json phase = s->ToJson();
  phase["phase"] = "auction";
  EXPECT_FALSE(game.StateFromJson(phase).has_value());
  EXPECT_TRUE(game.StateFromJson(s->ToJson()).has_value());
}

}  // namespace
}  // namespace savanna::kap_kairo::testing
