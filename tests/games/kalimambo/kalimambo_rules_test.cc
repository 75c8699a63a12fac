// Kalimambo rules tests: one test per rule of the text, then one per decision in
// docs/rules/kalimambo.md (the test names match the decisions' names there). Positions are drawn
// as tracks: "R 0 1 2 K *" is the rhino, explorers 0-2, Kali and a dung heap on spaces 0-5.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <numeric>
#include <set>

#include "core/json_io.h"
#include "core/record.h"
#include "games/embedded_data.h"
#include "games/kalimambo/kalimambo_position.h"
#include "testing/named_actions.h"

namespace savanna::kalimambo::testing {
namespace {

using savanna::testing::LegalStrings;

constexpr const char* kThree = "kalimambo(players=3)";

std::vector<int> Minus(const KalimamboState& s) {
  return std::vector<int>(s.data().minus.begin(), s.data().minus.begin() + s.NumPlayers());
}

// ---- Moving: the order of the cards --------------------------------------------------------

TEST(KalimamboRules, HighestCardMovesFirst) {
  auto s = Position(kThree).Track("R 0 1 2 K").KaliNext({7}).Build();
  PlayRound(*s, {5, 9, 2});
  // 9: P1 to the front (5); Kali's 7: Kali is no longer in front, to 6; 5: P0 leaves the space in
  // front of the rhino (to 7), the rhino runs 2 up to P2; 2: P2 leaves it too (to 8), the rhino
  // runs 2 up to P1.
  EXPECT_EQ(Layout(*s), ". . . . R 1 K 0 2");
  EXPECT_EQ(Minus(*s), (std::vector<int>{0, 2, 2}));
  ASSERT_EQ(s->data().num_events, 4);
  EXPECT_EQ(s->data().events[0].figure, 1);
  EXPECT_EQ(s->data().events[1].figure, s->config().Kali());
  EXPECT_EQ(s->data().events[2].figure, 0);
  EXPECT_EQ(s->data().events[3].figure, 2);
}

TEST(KalimamboRules, ZeroStays) {
  auto s = Position(kThree).Track("R 0 1 2 K").KaliNext({3}).Build();
  PlayRound(*s, {0, 5, 4});
  EXPECT_EQ(Layout(*s), "R 0 . . . 1 2 K");
  EXPECT_EQ(Minus(*s), (std::vector<int>{0, 0, 0}));  // the rhino never ran
}

TEST(KalimamboRules, KaliWithZeroStays) {
  auto s = Position(kThree).Track("R 0 1 2 K").KaliNext({0}).Build();
  PlayRound(*s, {0, 6, 0});
  EXPECT_EQ(Layout(*s), "R 0 . 2 K 1");
}

TEST(KalimamboRules, FigureInFrontStays) {
  auto s = Position(kThree).Track("R 0 1 2 K").KaliNext({11}).Build();
  PlayRound(*s, {0, 0, 4});
  // Kali leads and moves first: it stays; then P2 goes to the front.
  EXPECT_EQ(Layout(*s), "R 0 1 . K 2");
  ASSERT_EQ(s->data().num_events, 1);
  EXPECT_EQ(s->data().events[0].figure, 2);
}

TEST(KalimamboRules, MoveSkipsGapsHeapsAndFiguresOfTheGroup) {
  auto s = Position(kThree).Track("R 0 1 . * 2 . K").KaliNext({0}).Build();
  PlayRound(*s, {0, 6, 0});
  EXPECT_EQ(Layout(*s), "R 0 . . * 2 . K 1");
  EXPECT_EQ(Minus(*s), (std::vector<int>{0, 0, 0}));
}

// ---- Ties ----------------------------------------------------------------------------------

TEST(KalimamboRules, OfEqualCardsOnlyTheRearmostMoves) {
  auto s = Position(kThree).Track("R 0 1 2 K").KaliNext({0}).Build();
  PlayRound(*s, {0, 6, 6});
  EXPECT_EQ(Layout(*s), "R 0 . 2 K 1");
}

TEST(KalimamboRules, OfEqualCardsTheRearmostMovesEvenFromTheRhino) {
  auto s = Position(kThree).Track("R 0 1 2 K").KaliNext({0}).Build();
  PlayRound(*s, {8, 0, 8});
  // P0 is the rearmost of the two 8s: it moves and the rhino runs up to P1; P2 stays.
  EXPECT_EQ(Layout(*s), ". R 1 2 K 0");
  EXPECT_EQ(Minus(*s), (std::vector<int>{0, 1, 0}));
}

// ---- Dung ----------------------------------------------------------------------------------

TEST(KalimamboRules, LandingOnDungCostsThreeAndTheHeapStays) {
  auto s = Position(kThree).Track("R 0 1 2 K *").KaliNext({0}).Build();
  PlayRound(*s, {0, 11, 10});
  EXPECT_EQ(Layout(*s), "R 0 . . K 1* 2");
  EXPECT_EQ(Minus(*s), (std::vector<int>{0, 3, 0}));
  EXPECT_TRUE(s->data().events[0].dung);
  EXPECT_FALSE(s->data().events[1].dung);
}

TEST(KalimamboRules, KaliInDungChargesEveryLowestPlayer) {
  auto s = Position(kThree).Track("R 0 1 2 K . *").KaliNext({5}).Build();
  PlayRound(*s, {0, 0, 9});
  // 9: P2 to 5; Kali's 5: to 6, a heap. P0 and P1 both played the lowest card: 3 each.
  EXPECT_EQ(Layout(*s), "R 0 1 . . 2 K*");
  EXPECT_EQ(Minus(*s), (std::vector<int>{3, 3, 0}));
}

// ---- The rhino -----------------------------------------------------------------------------

TEST(KalimamboRules, RhinoRunsWhenTheFigureInFrontOfItLeaves) {
  auto s = Position(kThree).Track("R 0 1 2 K").KaliNext({0}).Build();
  PlayRound(*s, {9, 0, 0});
  EXPECT_EQ(Layout(*s), ". R 1 2 K 0");
  EXPECT_EQ(Minus(*s), (std::vector<int>{0, 1, 0}));
  ASSERT_EQ(s->data().num_events, 1);
  EXPECT_EQ(s->data().events[0].run, 1);
  EXPECT_EQ(s->data().events[0].rammed, 1);
}

TEST(KalimamboRules, RhinoStaysWhenAnotherFigureLeaves) {
  auto s = Position(kThree).Track("R 0 1 2 K").KaliNext({0}).Build();
  PlayRound(*s, {0, 9, 0});
  EXPECT_EQ(Layout(*s), "R 0 . 2 K 1");
  EXPECT_EQ(s->data().events[0].run, 0);
}

TEST(KalimamboRules, RhinoRunsEveryTimeTheLastFigureLeaves) {
  auto s = Position(kThree).Track("R 0 1 2 K").KaliNext({0}).Build();
  PlayRound(*s, {9, 8, 0});
  // P0 leaves (the rhino runs 1 up to P1), then P1 leaves (it runs 1 up to P2).
  EXPECT_EQ(Layout(*s), ". . R 2 K 0 1");
  EXPECT_EQ(Minus(*s), (std::vector<int>{0, 1, 1}));
}

TEST(KalimamboRules, RhinoChargesOnePointPerSpaceToTheNewLastFigure) {
  auto s = Position(kThree).Track("R 0 . . 1 2 K").KaliNext({0}).Build();
  PlayRound(*s, {4, 0, 0});
  EXPECT_EQ(Layout(*s), ". . . R 1 2 K 0");
  EXPECT_EQ(Minus(*s), (std::vector<int>{0, 3, 0}));
}

TEST(KalimamboRules, RhinoRammingKaliChargesTheLowestPlayers) {
  auto s = Position(kThree).Track("R 0 . . K 1 2").KaliNext({0}).Build();
  PlayRound(*s, {5, 0, 1});
  // P0 leaves: the rhino runs 3 up to Kali; P1 played the lowest card (0) and pays. Then P2 (1)
  // goes to the front.
  EXPECT_EQ(Layout(*s), ". . . R K 1 . 0 2");
  EXPECT_EQ(Minus(*s), (std::vector<int>{0, 3, 0}));
}

// ---- Rounds, choices and the end -----------------------------------------------------------

TEST(KalimamboRules, EveryoneChoosesACardAtOnce) {
  auto game = Games().Create(kThree);
  ASSERT_TRUE(game.has_value());
  auto s = (*game)->NewInitialState(3);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::FirstN(3));
  ASSERT_TRUE(s->Apply(1, 4).has_value());
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::FromMask(0b101));
  EXPECT_TRUE(LegalStrings(*s, 1).empty());
  auto again = s->Apply(1, 5);
  ASSERT_FALSE(again.has_value());
  EXPECT_NE(again.error().message.find("not to act"), std::string::npos);
  ASSERT_TRUE(s->Apply(0, 4).has_value());
  ASSERT_TRUE(s->Apply(2, 7).has_value());
  // The round resolved: a new one begins for everybody.
  EXPECT_EQ(static_cast<const KalimamboState&>(*s).data().round, 1);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::FirstN(3));
}

TEST(KalimamboRules, EachCardIsPlayedOnce) {
  auto s = Position(kThree).Track("R 0 1 2 K").Build();
  EXPECT_EQ(LegalStrings(*s, 0).size(), 12u);
  EXPECT_EQ(LegalStrings(*s, 0).front(), "play 0");
  PlayRound(*s, {5, 6, 7});
  const auto legal = LegalStrings(*s, 0);
  EXPECT_EQ(legal.size(), 11u);
  EXPECT_EQ(std::find(legal.begin(), legal.end(), "play 5"), legal.end());
  EXPECT_FALSE(s->Apply(0, 5).has_value());
  EXPECT_FALSE(s->Apply(0, 12).has_value());
  EXPECT_EQ(*s->ParseAction(0, " PLAY 6 "), 6);
}

TEST(KalimamboRules, SubmissionOrderDoesNotMatter) {
  auto start = Position(kThree).Track("R 0 . * 1 2 K . *").KaliNext({6}).Build();
  std::vector<int> order = {0, 1, 2};
  const std::vector<int> cards = {6, 3, 6};
  uint64_t first = 0;
  do {
    auto s = start->Clone();
    for (int p : order) ASSERT_TRUE(s->Apply(p, cards[p]).has_value());
    if (first == 0) first = s->Hash();
    EXPECT_EQ(s->Hash(), first);
  } while (std::next_permutation(order.begin(), order.end()));
}

TEST(KalimamboRules, GameLastsOneRoundPerCard) {
  auto game = Games().Create("kalimambo(players=5)");
  ASSERT_TRUE(game.has_value());
  auto s = (*game)->NewInitialState(11);
  Rng rng(11);
  ActionList legal;
  int rounds = 0;
  while (!s->IsTerminal()) {
    for (Player p = 0; p < 5; ++p) {
      s->LegalActions(p, legal);
      ASSERT_EQ(legal.Size(), 12 - rounds);
      ASSERT_TRUE(s->Apply(p, legal[int(rng.Below(uint32_t(legal.Size())))]).has_value());
    }
    ++rounds;
  }
  EXPECT_EQ(rounds, 12);
  EXPECT_EQ(s->MoveNumber(), (*game)->MaxGameLength());
  EXPECT_TRUE(s->PlayersToAct().Empty());
  const auto& d = static_cast<const KalimamboState&>(*s).data();
  for (int p = 0; p < 5; ++p) EXPECT_EQ(d.hand[p], 0);
}

// ---- Decisions (docs/rules/kalimambo.md) --------------------------------------------------

TEST(KalimamboDecisions, TwoPlayersAreAnOption) {
  const GameEntry* entry = Games().Find("kalimambo");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->info.min_players, 2);
  EXPECT_EQ(entry->info.max_players, 7);
  EXPECT_FALSE(Games().Create("kalimambo(players=1)").has_value());
  EXPECT_FALSE(Games().Create("kalimambo(players=8)").has_value());
  auto s = Position("kalimambo(players=2)").Track("R 1 0 K").KaliNext({4}).Build();
  PlayRound(*s, {7, 2});
  // 7: P0 to the front; Kali's 4: Kali to the front; 2: P1 leaves the rhino, which runs 3 spaces
  // up to P0.
  EXPECT_EQ(Layout(*s), ". . . R 0 K 1");
  EXPECT_EQ(Minus(*s), (std::vector<int>{3, 0}));
}

TEST(KalimamboDecisions, LowestCardCountsThePlayersOnly) {
  auto s = Position(kThree).Track("R 0 1 2 K . . *").KaliNext({1}).Build();
  PlayRound(*s, {5, 5, 6});
  // 6: P2 to 5. 5: of P0 and P1 the rearmost, P0, goes to 6 and the rhino runs 1 up to P1.
  // Kali's 1: Kali to 7, a heap. Kali's card is the lowest of the round, but the penalty goes to
  // the players with the lowest players' card: P0 and P1 (5).
  EXPECT_EQ(Layout(*s), ". R 1 . . 2 0 K*");
  EXPECT_EQ(Minus(*s), (std::vector<int>{3, 4, 0}));
}

TEST(KalimamboDecisions, ZeroCountsAsLowest) {
  auto s = Position(kThree).Track("R 0 1 K 2 . *").KaliNext({2}).Build();
  PlayRound(*s, {0, 9, 9});
  // 9: P1, the rearmost 9, to 5; Kali's 2: to 6, a heap. P0 did not move but played the
  // lowest card.
  EXPECT_EQ(Layout(*s), "R 0 . . 2 1 K*");
  EXPECT_EQ(Minus(*s), (std::vector<int>{3, 0, 0}));
}

TEST(KalimamboDecisions, KaliTakesPartInTies) {
  // Kali is the rearmost of the 7s: Kali moves, P2 stays.
  auto kali_behind = Position(kThree).Track("R 0 K 1 2").KaliNext({7}).Build();
  PlayRound(*kali_behind, {0, 0, 7});
  EXPECT_EQ(Layout(*kali_behind), "R 0 . 1 2 K");
  // P1 is the rearmost of the 7s: P1 moves, Kali stays.
  auto kali_ahead = Position(kThree).Track("R 0 1 2 K").KaliNext({7}).Build();
  PlayRound(*kali_ahead, {0, 7, 0});
  EXPECT_EQ(Layout(*kali_ahead), "R 0 . 2 K 1");
}

TEST(KalimamboDecisions, FrontIsJudgedWhenTheFigureMoves) {
  auto s = Position(kThree).Track("R 0 1 2 K").KaliNext({3}).Build();
  PlayRound(*s, {0, 9, 0});
  // Kali led the group when the cards were turned, but P1 (9) passed it before Kali's turn.
  EXPECT_EQ(Layout(*s), "R 0 . 2 . 1 K");
}

TEST(KalimamboDecisions, AHeapDoesNotBlockTheTarget) {
  auto s = Position(kThree).Track("R 0 1 2 K *").KaliNext({0}).Build();
  PlayRound(*s, {0, 0, 9});
  EXPECT_EQ(s->data().pos[2], 5);  // onto the heap, not past it
  EXPECT_EQ(Minus(*s), (std::vector<int>{0, 0, 3}));
}

TEST(KalimamboDecisions, OnlyAMoveOntoDungCosts) {
  auto s = Position(kThree).Track("R 0 1* 2 K").KaliNext({0}).Build();
  PlayRound(*s, {0, 0, 6});
  // P1 stands on a heap and stays there: no charge.
  EXPECT_EQ(Layout(*s), "R 0 1* . K 2");
  EXPECT_EQ(Minus(*s), (std::vector<int>{0, 0, 0}));
}

TEST(KalimamboDecisions, EverySpaceOfTheRhinosRunCounts) {
  auto s = Position(kThree).Track("R 0 . * . 1 2 K").KaliNext({0}).Build();
  PlayRound(*s, {9, 0, 0});
  // The run crosses the space P0 left, two gaps and a heap: 4 spaces, 4 points to P1.
  EXPECT_EQ(Layout(*s), ". . . * R 1 2 K 0");
  EXPECT_EQ(Minus(*s), (std::vector<int>{0, 4, 0}));
}

TEST(KalimamboDecisions, TheFrontWrapsPastTheRhino) {
  // Track 20: the leader, Kali, stands on space 19, directly behind the rhino on space 0.
  const std::string spec = "kalimambo(players=3,track=20)";
  auto s = Position(spec).Track("R 0 . . . . . . . 1 . . . . . . . . 2 K").KaliNext({0}).Build();
  PlayRound(*s, {5, 7, 0});
  // P1 (7) passes the rhino and P0 to space 2, the first free one; then P0 (5) passes the
  // rhino, itself and P1 to space 3. P0 left the space in front of the rhino: the rhino runs one
  // space, up behind P1, who takes a point.
  EXPECT_EQ(Layout(*s), ". R 1 0 . . . . . . . . . . . . . . 2 K");
  EXPECT_EQ(s->data().num_events, 2);
  EXPECT_EQ(Minus(*s), (std::vector<int>{0, 1, 0}));
  // One space short of the loop, the front is still free (and the rear may go there).
  auto t = Position(spec).Track("R 0 . . . . . . . 1 . . . . . . . 2 K").KaliNext({0}).Build();
  PlayRound(*t, {5, 0, 0});
  EXPECT_EQ(t->data().pos[0], 19);
  EXPECT_EQ(Layout(*t), ". . . . . . . . R 1 . . . . . . . 2 K 0");
  EXPECT_EQ(Minus(*t), (std::vector<int>{0, 8, 0}));
}

bool LeaderStandsBehindTheRhino(const KalimamboState& s) {
  for (int f = 0; f < s.config().Figures(); ++f)
    if (Offset(s.config(), s.data(), s.data().pos[f]) == s.config().track - 1) return true;
  return false;
}

// Random games on the shortest loop, where the group most often reaches round to the rhino:
// every round in which two different non-zero cards were turned moves a figure (the highest
// card's figure may already lead, the next one's cannot), so no game stands still.
TEST(KalimamboDecisions, NoRandomGameStandsStill) {
  for (int players = 5; players <= 7; ++players) {
    auto game = Games().Create("kalimambo(players=" + std::to_string(players) + ",track=20)");
    ASSERT_TRUE(game.has_value()) << game.error().message;
    Rng rng(players);
    ActionList legal;
    int wrapped_rounds = 0;
    for (uint64_t seed = 0; seed < 1500; ++seed) {
      auto state = (*game)->NewInitialState(seed);
      const auto& k = static_cast<const KalimamboState&>(*state);
      while (!state->IsTerminal()) {
        const int round = k.data().round;
        const bool wraps = LeaderStandsBehindTheRhino(k);
        for (Player p : state->PlayersToAct()) {
          state->LegalActions(p, legal);
          state->ApplyUnchecked(p, legal[int(rng.Below(uint32_t(legal.Size())))]);
        }
        ASSERT_EQ(k.data().round, round + 1);
        std::set<int> values{k.data().kali_deck[round]};
        for (int p = 0; p < players; ++p) values.insert(k.data().played[round][p]);
        values.erase(0);
        if (values.size() >= 2) {
          ASSERT_GE(k.data().num_events, 1) << "seed " << seed << ", round " << round;
        }
        wrapped_rounds += wraps;
      }
    }
    // The situation of the decision does arise in these games.
    if (players == 7) {
      EXPECT_GT(wrapped_rounds, 0);
    }
  }
}

TEST(KalimamboDecisions, TheTrackLoops) {
  // The rhino on space 28, the explorers on 29-31 and Kali on space 0: the group crosses the
  // end of the numbering.
  std::string track = "K *";
  for (int space = 2; space < 28; ++space) track += " .";
  auto s = Position(kThree).Track(track + " R 0 1 2").KaliNext({0}).Build();
  PlayRound(*s, {9, 0, 0});
  EXPECT_EQ(s->data().pos[0], 1);  // in front of Kali: space 1, a heap
  EXPECT_EQ(s->data().rhino, 29);
  EXPECT_EQ(Minus(*s), (std::vector<int>{3, 1, 0}));
}

TEST(KalimamboDecisions, FewestMinusPointsWin) {
  auto s = Position(kThree)
               .Track("R 0 1 2 K")
               .Hand(0, {0})
               .Hand(1, {0})
               .Hand(2, {0})
               .Minus(0, 5)
               .Minus(1, 2)
               .Minus(2, 7)
               .Build();
  EXPECT_EQ(s->data().round, 11);
  EXPECT_EQ(s->Scores()[1], -2.0);
  PlayRound(*s, {0, 0, 0});
  ASSERT_TRUE(s->IsTerminal());
  EXPECT_EQ(s->Scores()[0], -5.0);
  EXPECT_EQ(s->Scores()[1], -2.0);
  EXPECT_EQ(s->Scores()[2], -7.0);
  EXPECT_EQ(s->Winners(), PlayerSet::Single(1));
  EXPECT_DOUBLE_EQ(s->Returns()[1], 1.0);
  EXPECT_EQ(s->View(kSpectator)["players"][0]["minus_points"], 5);  // shown as positive
  EXPECT_EQ(s->View(kSpectator)["winners"], Json::array({1}));
}

TEST(KalimamboDecisions, TiedPlayersShareTheWin) {
  auto s = Position(kThree)
               .Track("R 0 1 2 K")
               .Hand(0, {0})
               .Hand(1, {0})
               .Hand(2, {0})
               .Minus(0, 4)
               .Minus(1, 4)
               .Minus(2, 9)
               .Build();
  PlayRound(*s, {0, 0, 0});
  ASSERT_TRUE(s->IsTerminal());
  EXPECT_EQ(s->Winners(), PlayerSet::FromMask(0b011));
  EXPECT_DOUBLE_EQ(s->Returns()[0], 0.5);
  EXPECT_DOUBLE_EQ(s->Returns()[1], 0.5);
  EXPECT_DOUBLE_EQ(s->Returns()[2], 0.0);
}

// ---- Set-up --------------------------------------------------------------------------------

TEST(KalimamboDecisions, RandomSetUp) {
  auto game = Games().Create("kalimambo(players=7)");
  ASSERT_TRUE(game.has_value());
  std::set<int> rhinos;
  std::set<std::vector<int>> orders, decks;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    auto state = (*game)->NewInitialState(seed);
    const auto& s = static_cast<const KalimamboState&>(*state);
    const KalimamboData& d = s.data();
    const int track = 32;
    rhinos.insert(d.rhino);
    std::vector<int> order(7);
    uint64_t occupied = uint64_t(1) << d.rhino;
    for (int p = 0; p < 7; ++p) {
      const int offset = Offset(s.config(), d, d.pos[p]);
      ASSERT_GE(offset, 1);
      ASSERT_LE(offset, 7);  // directly in front of the rhino, no gap
      order[offset - 1] = p;
      occupied |= uint64_t(1) << d.pos[p];
    }
    EXPECT_EQ(Offset(s.config(), d, d.pos[7]), 8);  // Kali in front
    occupied |= uint64_t(1) << d.pos[7];
    orders.insert(order);
    EXPECT_EQ(std::popcount(d.heaps), 6);
    EXPECT_EQ(d.heaps & occupied, 0u);  // heaps on free spaces
    for (int a = 0; a < track; ++a)
      for (int b = a + 1; b < track; ++b)
        if (((d.heaps >> a) & 1u) && ((d.heaps >> b) & 1u)) {
          EXPECT_GE(std::min(b - a, track - (b - a)), 2) << "heaps " << a << ", " << b;
        }
    std::vector<int> deck(d.kali_deck.begin(), d.kali_deck.begin() + 12);
    decks.insert(deck);
    std::sort(deck.begin(), deck.end());
    std::vector<int> all(12);
    std::iota(all.begin(), all.end(), 0);
    EXPECT_EQ(deck, all);
  }
  EXPECT_EQ(rhinos.size(), 32u);  // every space occurs in 300 seeds
  EXPECT_GT(orders.size(), 250u);
  EXPECT_GT(decks.size(), 250u);
}

TEST(KalimamboDecisions, SetUpFromParameters) {
  auto game = Games().Create("kalimambo(players=3,rhino=30,order=2-0-1,heaps=3-7-11-15-19-23)");
  ASSERT_TRUE(game.has_value()) << game.error().message;
  for (uint64_t seed : {1u, 2u}) {
    auto state = (*game)->NewInitialState(seed);
    const auto& s = static_cast<const KalimamboState&>(*state);
    EXPECT_EQ(Layout(s), "0 1 K * . . . * . . . * . . . * . . . * . . . * . . . . . . R 2");
    EXPECT_EQ(s.data().rhino, 30);
    EXPECT_EQ(s.data().pos[2], 31);
    EXPECT_EQ(s.data().pos[0], 0);
    EXPECT_EQ(s.data().pos[1], 1);
    EXPECT_EQ(s.data().pos[3], 2);  // Kali
    EXPECT_EQ(s.data().heaps,
              (1u << 3) | (1u << 7) | (1u << 11) | (1u << 15) | (1u << 19) | (1u << 23));
  }
  // Only rhino and order given: the heaps are random, on free spaces.
  auto partial = Games().Create("kalimambo(players=3,rhino=5,order=1-2-0)");
  ASSERT_TRUE(partial.has_value());
  auto state = (*partial)->NewInitialState(9);
  const auto& d = static_cast<const KalimamboState&>(*state).data();
  EXPECT_EQ(d.rhino, 5);
  EXPECT_EQ(d.pos[1], 6);
  EXPECT_EQ(d.pos[2], 7);
  EXPECT_EQ(d.pos[0], 8);
  EXPECT_EQ(d.pos[3], 9);
  EXPECT_EQ(d.heaps & (uint64_t(0x1f) << 5), 0u);
}

TEST(KalimamboDecisions, SetUpParametersAreChecked) {
  struct Case {
    std::string spec, names;
  };
  const std::vector<Case> cases = {
      {"kalimambo(players=3,rhino=32)", "'rhino'"},
      {"kalimambo(players=3,rhino=x)", "'rhino'"},
      {"kalimambo(players=3,order=0-1)", "'order'"},
      {"kalimambo(players=3,order=0-1-1)", "'order'"},
      {"kalimambo(players=3,order=0-1-3)", "'order'"},
      {"kalimambo(players=3,order=0--1-2)", "'order'"},
      {"kalimambo(players=3,heaps=10-12-14-16-18-20)", "needs parameter 'rhino'"},
      {"kalimambo(players=3,rhino=0,heaps=10-12-14)", "'heaps'"},
      {"kalimambo(players=3,rhino=0,heaps=4-12-14-16-18-20)", "'heaps'"},   // Kali's space
      {"kalimambo(players=3,rhino=0,heaps=10-10-14-16-18-20)", "'heaps'"},  // twice
      {"kalimambo(players=3,rhino=0,heaps=10-12-14-16-18-40)", "'heaps'"},  // off the track
      {"kalimambo(players=3,track=19)", "'track'"},
      {"kalimambo(players=3,track=65)", "'track'"},
  };
  for (const Case& c : cases) {
    auto game = Games().Create(c.spec);
    ASSERT_FALSE(game.has_value()) << c.spec;
    EXPECT_NE(game.error().message.find(c.names), std::string::npos)
        << c.spec << ": " << game.error().message;
  }
}

// A user gives any start by loading a state document (savanna new, edit, then legal/step/view
// --state FILE): the document goes through StateFromJson like any saved game.
TEST(KalimamboDecisions, SetUpFromAStateFile) {
  auto game = Games().Create(kThree);
  ASSERT_TRUE(game.has_value());
  Json doc = StateDocument(*(*game)->NewInitialState(1));
  Json& st = doc["state"];
  st["rhino"] = 10;
  st["explorers"] = {13, 11, 12};
  st["kali"] = 16;  // a gap at 14 and 15: any valid position, not only a set-up
  st["heaps"] = {17, 20};
  st["kali_deck"] = {2, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 0};
  auto loaded = LoadStateDocument(Games(), Json::parse(doc.dump()));
  ASSERT_TRUE(loaded.has_value()) << loaded.error().message;
  auto& s = static_cast<KalimamboState&>(*loaded->state);
  EXPECT_EQ(Layout(s), ". . . . . . . . . . R 1 2 0 . . K * . . *");
  EXPECT_EQ(s.data().pos[1], 11);
  PlayRound(s, {0, 4, 0});
  // 4: P1 leaves the rhino, goes to 17 (a heap) and the rhino runs 1 up to P2; Kali's 2: to 18.
  EXPECT_EQ(s.data().pos[1], 17);
  EXPECT_EQ(s.data().pos[3], 18);
  EXPECT_EQ(s.data().rhino, 11);
  EXPECT_EQ(Minus(s), (std::vector<int>{0, 3, 1}));
}

TEST(KalimamboDecisions, BadStateDocumentsAreRejected) {
  auto s = Position(kThree).Track("R 0 1 2 K").Build();
  const Json good = s->ToJson();
  auto rejects = [&](const std::function<void(Json&)>& edit, const std::string& says) {
    Json j = good;
    edit(j);
    auto r = s->game().StateFromJson(j);
    ASSERT_FALSE(r.has_value()) << j.dump();
    EXPECT_NE(r.error().message.find(says), std::string::npos) << r.error().message;
  };
  rejects([](Json& j) { j["kali"] = 1; }, "two figures");
  rejects([](Json& j) { j["rhino"] = 2; }, "two figures");
  rejects([](Json& j) { j["explorers"][0] = 9; }, "in front of the rhino");
  rejects([](Json& j) { j["explorers"][0] = 32; }, "explorers");
  rejects([](Json& j) { j["heaps"] = {5, 5}; }, "twice");
  rejects([](Json& j) { j["kali_deck"][0] = j["kali_deck"][1]; }, "kali_deck");
  rejects([](Json& j) { j["played"] = {{1, 2, 3}, {1, 4, 5}}; }, "does not hold");
  rejects([](Json& j) { j["played"] = {{1, 2}}; }, "played[0]");
  rejects([](Json& j) { j["pending"] = {3, 3, 3}; }, "must be resolved");
  rejects(
      [](Json& j) {
        j["played"] = {{1, 2, 3}};
        j["pending"] = {1, -1, -1};
        j["move_number"] = 4;
      },
      "does not hold card 1");
  rejects([](Json& j) { j["move_number"] = 1; }, "move_number");
  rejects([](Json& j) { j["minus"] = {0, -1, 0}; }, "minus");
  rejects([](Json& j) { j["last_round"] = {{{"figure", "kali"}}}; }, "last_round");
}

TEST(KalimamboDecisions, TrackLengthIsAParameter) {
  auto game = Games().Create("kalimambo(players=7,track=40)");
  ASSERT_TRUE(game.has_value());
  auto s = (*game)->NewInitialState(4);
  Rng rng(4);
  ActionList legal;
  while (!s->IsTerminal()) {
    const Player p = s->PlayersToAct().First();
    s->LegalActions(p, legal);
    s->ApplyUnchecked(p, legal[int(rng.Below(uint32_t(legal.Size())))]);
    const auto& d = static_cast<const KalimamboState&>(*s).data();
    for (int f = 0; f < 8; ++f) ASSERT_LT(d.pos[f], 40);
    ASSERT_LT(d.rhino, 40);
  }
  EXPECT_TRUE(Games().Create("kalimambo(players=7,track=20)").has_value());
}

// ---- Information ---------------------------------------------------------------------------

TEST(KalimamboDecisions, RemainingCardsAreOpenInformation) {
  auto s = Position(kThree).Track("R 0 1 2 K").KaliNext({8}).Build();
  PlayRound(*s, {5, 9, 2});
  for (Player viewer : {0, 1, 2, kSpectator}) {
    const Json view = s->View(viewer);
    EXPECT_EQ(view["players"][1]["played"], Json::array({9}));
    EXPECT_EQ(view["players"][1]["cards_left"].size(), 11u);
    EXPECT_EQ(view["players"][2]["cards_left"][2], 3);  // 2 is gone
    EXPECT_EQ(view["last_round"]["cards"], Json::array({5, 9, 2}));
    EXPECT_EQ(view["last_round"]["kali"], 8);
    EXPECT_EQ(view["kali"]["played"], Json::array({8}));
  }
  EXPECT_NE(s->ViewText(kSpectator).find("P2: space 8, 2 minus points, cards 0 1 3 4"),
            std::string::npos)
      << s->ViewText(kSpectator);
}

TEST(KalimamboDecisions, ChoicesStayHiddenUntilTheLastIsIn) {
  auto s = Position(kThree).Track("R 0 1 2 K").KaliNext({8}).Build();
  const Json before1 = s->View(1);
  const std::string text1 = s->ViewText(1);
  ASSERT_TRUE(s->Apply(0, 7).has_value());
  // Another viewer only learns that P0 has chosen.
  Json after1 = s->View(1);
  EXPECT_EQ(after1["players"][0]["submitted"], true);
  after1["players"][0]["submitted"] = false;
  after1["to_act"] = before1["to_act"];
  EXPECT_EQ(after1, before1);
  EXPECT_FALSE(s->View(kSpectator)["players"][0].contains("choice"));
  EXPECT_EQ(s->View(0)["players"][0]["choice"], 7);
  EXPECT_EQ(s->ViewText(1).find(", chose "), std::string::npos);
  EXPECT_NE(s->ViewText(1).find("P0: space 1, 0 minus points, cards 0 1 2 3 4 5 6 7 8 9 10 11, "
                                "has chosen"),
            std::string::npos)
      << s->ViewText(1);
  EXPECT_NE(s->ViewText(0).find("chose 7"), std::string::npos);
  // Another card would have looked the same to P1.
  auto other = Position(kThree).Track("R 0 1 2 K").KaliNext({8}).Build();
  ASSERT_TRUE(other->Apply(0, 2).has_value());
  EXPECT_EQ(other->View(1), s->View(1));
  EXPECT_EQ(other->ViewText(1), s->ViewText(1));
  EXPECT_NE(text1, s->ViewText(1));
}

TEST(KalimamboDecisions, KalisOrderAndOthersChoicesAreRedrawn) {
  auto s = Position(kThree).Track("R 0 1 2 K").KaliNext({8, 1, 5}).Build();
  ASSERT_TRUE(s->Apply(0, 7).has_value());
  ASSERT_TRUE(s->Apply(2, 3).has_value());
  // Kali's unturned cards show as a set.
  EXPECT_EQ(s->View(1)["kali"]["cards_left"].size(), 12u);
  EXPECT_EQ(s->View(1)["kali"]["cards_left"][0], 0);
  Rng rng(1);
  std::set<int> kali_tops, p0_choices;
  for (int i = 0; i < 200; ++i) {
    auto det = s->Determinize(2, rng);
    const auto& d = static_cast<const KalimamboState&>(*det).data();
    kali_tops.insert(d.kali_deck[0]);
    p0_choices.insert(d.pending[0]);
    EXPECT_EQ(d.pending[2], 3);   // the viewer's own choice stays
    EXPECT_EQ(d.pending[1], -1);  // nothing invented for who has not chosen
    EXPECT_EQ(det->View(2), s->View(2));
  }
  EXPECT_EQ(kali_tops.size(), 12u);
  EXPECT_EQ(p0_choices.size(), 12u);
}

TEST(KalimamboDecisions, LastRoundIsShown) {
  auto s = Position(kThree).Track("R 0 . . K 1* 2 *").KaliNext({0}).Build();
  PlayRound(*s, {5, 0, 1});
  const Json view = s->View(kSpectator);
  ASSERT_EQ(view["last_round"]["moves"].size(), 2u);
  const Json& first = view["last_round"]["moves"][0];
  EXPECT_EQ(first["figure"], 0);
  EXPECT_EQ(first["from"], 1);
  EXPECT_EQ(first["to"], 7);
  EXPECT_EQ(first["dung"], true);
  EXPECT_EQ(first["run"], 3);
  EXPECT_EQ(first["rammed"], "kali");
  EXPECT_EQ(view["last_round"]["lowest"], Json::array({1}));
  const std::string text = s->ViewText(kSpectator);
  EXPECT_NE(text.find("Last round: P0 5 P1 0 P2 1, Kali 0"), std::string::npos) << text;
  EXPECT_NE(text.find("P0 moves 1 -> 7, into dung (3 to P0); the rhino runs 3 and rams Kali (3 "
                      "to P1)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("R K P1* . P0* P2"), std::string::npos) << text;
}

// ---- Component data ------------------------------------------------------------------------

TEST(KalimamboData, UserComponentFileReplacesTheBuiltInData) {
  const std::string dir = ::testing::TempDir();
  Json data = Json::parse(*FindEmbeddedFile("kalimambo/components.json"));
  data["cards"]["value"] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  data["dung_penalty"]["value"] = 5;
  const std::string good = dir + "/kalimambo_ten_cards.json";
  ASSERT_TRUE(WriteTextFileAtomic(good, data.dump()));
  auto game = Games().Create("kalimambo(players=3,data=" + good + ")");
  ASSERT_TRUE(game.has_value()) << game.error().message;
  EXPECT_EQ((*game)->NumDistinctActions(), 10);
  EXPECT_EQ((*game)->MaxGameLength(), 30);
  auto s = Position("kalimambo(players=3,data=" + good + ")").Track("R 0 1 2 K *").Build();
  PlayRound(*s, {0, 0, 9});
  EXPECT_EQ(Minus(*s), (std::vector<int>{0, 0, 5}));

  auto rejected = [&](const Json& bad, const std::string& field) {
    const std::string path = dir + "/kalimambo_bad.json";
    ASSERT_TRUE(WriteTextFileAtomic(path, bad.dump()));
    auto r = Games().Create("kalimambo(players=3,data=" + path + ")");
    ASSERT_FALSE(r.has_value()) << bad.dump();
    EXPECT_NE(r.error().message.find(path), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find(field), std::string::npos) << r.error().message;
  };
  Json bad = data;
  bad["cards"]["value"] = {0, 2, 2};
  rejected(bad, "cards");
  bad = data;
  bad["cards"]["value"] = {0, 16};
  rejected(bad, "cards");
  bad = data;
  bad.erase("dung_heaps");
  rejected(bad, "dung_heaps");
  bad = data;
  bad["heap_distance"]["value"] = 0;
  rejected(bad, "heap_distance");
  bad = data;
  bad["dung_penalty"] = 3;  // not an object with a value
  rejected(bad, "dung_penalty");
  // Sixteen heaps 2 apart do not fit beside 7 players on 32 spaces.
  bad = data;
  bad["dung_heaps"]["value"] = 16;
  const std::string crowded = dir + "/kalimambo_crowded.json";
  ASSERT_TRUE(WriteTextFileAtomic(crowded, bad.dump()));
  auto too_short = Games().Create("kalimambo(players=7,data=" + crowded + ")");
  ASSERT_FALSE(too_short.has_value());
  EXPECT_NE(too_short.error().message.find("too short"), std::string::npos);
  auto missing = Games().Create("kalimambo(players=3,data=" + dir + "/no_such_file.json)");
  ASSERT_FALSE(missing.has_value());
  EXPECT_NE(missing.error().message.find("no_such_file.json"), std::string::npos);
}

}  // namespace
}  // namespace savanna::kalimambo::testing
