// Kitara rules tests: set-up, each phase of a turn, attacks, retreats, feeding and discards, the
// end and the final score. Decisions of docs/rules/kitara.md are in kitara_decisions_test.cc.
#include <gtest/gtest.h>

#include <bit>
#include <set>

#include "games/kitara/kitara_position.h"
#include "testing/named_actions.h"

namespace savanna::kitara::testing {
namespace {

using savanna::testing::Do;

std::vector<std::string> RowTexts(const State& s) {
  std::vector<std::string> texts;
  for (int i = 0; i < D(s).row_size; ++i) texts.push_back(CardText(C(s), D(s).row[i]));
  return texts;
}
std::vector<std::string> KingdomTexts(const State& s, int p) {
  std::vector<std::string> texts;
  for (int i = 0; i < D(s).kingdom_size[p]; ++i)
    texts.push_back(CardText(C(s), D(s).kingdom[p][i]));
  return texts;
}

// ---- The rule text's examples ------------------------------------------------------------------

TEST(KitaraExamples, FourPlayersPlayOnTheFourPlayerMap) {
  for (int players = 2; players <= 4; ++players) {
    auto game = Games().Create("kitara(players=" + std::to_string(players) + ")");
    ASSERT_TRUE(game.has_value());
    const Map& map = static_cast<const KitaraGame&>(**game).config().map;
    EXPECT_EQ(map.players, players);
    EXPECT_EQ(map.num_areas, 1 + 6 * players);  // the lake and 6 land areas per player
    EXPECT_EQ(std::popcount(map.start_mask), players);
  }
}

TEST(KitaraExamples, FirstTurnTakesTheFirstOrTheSecondCard) {
  auto game = Games().Create("kitara(players=2)");
  ASSERT_TRUE(game.has_value());
  auto s = (*game)->NewInitialState(11);
  Do(*s, "start on O1");  // P1 goes to O5 without asking
  ASSERT_EQ(D(*s).phase, Phase::kTake);
  const auto legal = LegalStrings(*s);
  ASSERT_EQ(legal.size(), 2u);
  EXPECT_EQ(legal[0], "take 1: " + CardText(C(*s), D(*s).row[0]));
  EXPECT_EQ(legal[1], "take 2: " + CardText(C(*s), D(*s).row[1]));
}

TEST(KitaraExamples, OneWarriorSymbolRecruitsOneWarriorOntoAHeldSavanna) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O3", 0, W(1))
               .Area("O5", 1, W(3))
               .Row({"W1 P1 (age 1)", "D1 P1 (age 1)"})
               .Build();
  Do(*s, "take 1: W1 P1 (age 1)");
  EXPECT_EQ(LegalStrings(*s),
            (std::vector<std::string>{"place warrior on O1", "place warrior on O3"}));
  Do(*s, "place warrior on O1");
  EXPECT_EQ(At(*s, "O1").figures, W(4));
  EXPECT_EQ(D(*s).supply[0][kWarrior], 10 - 5);
}

// ---- Set-up -------------------------------------------------------------------------------------

TEST(KitaraSetUp, DeckIsStackedByAgeAndSixCardsAreRevealed) {
  for (const char* spec :
       {"kitara(players=2)", "kitara(players=3,deck=red)", "kitara(players=4)"}) {
    auto game = Games().Create(spec);
    ASSERT_TRUE(game.has_value());
    std::set<std::vector<int>> rows;
    for (uint64_t seed = 1; seed <= 8; ++seed) {
      auto state = (*game)->NewInitialState(seed);
      const KitaraData& d = D(*state);
      const Config& c = C(*state);
      ASSERT_EQ(d.row_size, kRowSize);
      rows.insert(std::vector<int>(d.row.begin(), d.row.end()));
      for (int i = 0; i < kRowSize; ++i) EXPECT_EQ(c.cards[d.row[i]].age, 1);
      EXPECT_EQ(d.deck_size, 30);
      EXPECT_EQ(c.cards[d.deck[d.deck_size - 1]].age, 1);  // the seventh age-1 card on top
      EXPECT_EQ(c.cards[d.deck[0]].age, 5);
      for (int i = 0; i + 1 < d.deck_size; ++i)
        EXPECT_GE(c.cards[d.deck[i]].age, c.cards[d.deck[i + 1]].age);
      EXPECT_EQ(TokenCount(d.bag), 39);
      for (int p = 0; p < c.players; ++p) EXPECT_EQ(KingdomTexts(*state, p).size(), 1u);
      EXPECT_EQ(d.phase, Phase::kStart);
    }
    EXPECT_GT(rows.size(), 1u) << spec << ": the age piles are shuffled";
  }
}

TEST(KitaraSetUp, StartWarriorsGoOnFreeStartAreasInTurnOrder) {
  auto game = Games().Create("kitara(players=3)");
  ASSERT_TRUE(game.has_value());
  auto s = (*game)->NewInitialState(1);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(0));
  EXPECT_EQ(LegalStrings(*s),
            (std::vector<std::string>{"start on O1", "start on O5", "start on O9"}));
  Do(*s, "start on O5");
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
  EXPECT_EQ(LegalStrings(*s), (std::vector<std::string>{"start on O1", "start on O9"}));
  Do(*s, "start on O9");
  // The last player has one free start area left: placed without asking.
  EXPECT_EQ(At(*s, "O5").owner, 0);
  EXPECT_EQ(At(*s, "O9").owner, 1);
  EXPECT_EQ(At(*s, "O1").owner, 2);
  for (int p = 0; p < 3; ++p) EXPECT_EQ(D(*s).supply[p][kWarrior], 7);
  EXPECT_EQ(At(*s, "O1").figures, W(3));
  EXPECT_EQ(D(*s).phase, Phase::kTake);
  EXPECT_EQ(D(*s).round, 1);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(0));
}

// ---- Take and recruit ---------------------------------------------------------------------------

TEST(KitaraTake, ChooseAmongTheFirstCardsCountingTakeSymbols) {
  auto s =
      Position("kitara(players=2)").Area("O1", 0, W(3)).Area("O5", 1, W(3)).Row(kAgeOneRow).Build();
  // The start card shows two take symbols.
  EXPECT_EQ(LegalStrings(*s),
            (std::vector<std::string>{"take 1: D1 P1 (age 1)", "take 2: W1 M1 (age 1)"}));
  const int top = D(*s).deck[D(*s).deck_size - 1];
  Do(*s, "take 2: W1 M1 (age 1)");
  EXPECT_EQ(KingdomTexts(*s, 0),
            (std::vector<std::string>{"D2 W3 M2 (start card)", "W1 M1 (age 1)"}));
  // The row closes to the left and the deck's top card is added on the right.
  EXPECT_EQ(RowTexts(*s),
            (std::vector<std::string>{"D1 P1 (age 1)", "M1 P1 (age 1)", "D1 M1 (age 1)",
                                      "A1 M1 (age 1)", "W1 P1 (age 1)", CardText(C(*s), top)}));
  EXPECT_EQ(D(*s).taken[0], 1);

  auto wide = Position("kitara(players=2)")
                  .Area("O1", 0, W(3))
                  .Area("O5", 1, W(3))
                  .Kingdom(0, {"D2 W1 (age 2)"})
                  .Row(kAgeOneRow)
                  .Build();
  EXPECT_EQ(LegalStrings(*wide).size(), 4u);
}

TEST(KitaraRecruit, OnlyTheNewCardsFiguresArePlacedOnHeldAreas) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O2", 0, W(1))
               .Area("O5", 1, W(3))
               .Row(kAgeOneRow)
               .Build();
  Do(*s, "take 2: W1 M1 (age 1)");
  EXPECT_EQ(D(*s).phase, Phase::kRecruit);
  EXPECT_EQ(LegalStrings(*s),
            (std::vector<std::string>{"place warrior on O1", "place warrior on O2"}));
  Do(*s, "place warrior on O2");
  EXPECT_EQ(At(*s, "O2").figures, W(2));
  EXPECT_EQ(D(*s).supply[0][kWarrior], 5);  // the start card's three warriors came only once
  EXPECT_EQ(D(*s).phase, Phase::kMoveSource);
}

TEST(KitaraRecruit, AKindWhoseFiguresAreAllOnTheBoardIsSkipped) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, {3, 5, 0})
               .Area("O2", 0, W(1))
               .Area("O5", 1, W(3))
               .Row({"A1 M1 (age 1)", "W1 M1 (age 1)"})
               .Build();
  Do(*s, "take 1: A1 M1 (age 1)");
  EXPECT_EQ(D(*s).phase, Phase::kMoveSource);
  EXPECT_EQ(D(*s).supply[0][kAnimal], 0);
  EXPECT_EQ(At(*s, "O1").figures, (Figures{3, 5, 0}));
}

// ---- Moves --------------------------------------------------------------------------------------

TEST(KitaraMoves, MovesAreTheMoveSymbolsOfTheKingdom) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O5", 1, W(3))
               .Kingdom(0, {"W2 M2 (age 3)"})
               .Row({"M1 P1 (age 1)", "W1 P1 (age 1)"})
               .Build();
  Do(*s, "take 1: M1 P1 (age 1)");
  EXPECT_EQ(D(*s).moves_left, 2 + 2 + 1);  // start card, W2 M2, and the new card
}

TEST(KitaraMoves, AGroupCrossesOneBorderAndPartOfItMayStay) {
  auto s = Position("kitara(players=2)").Area("O1", 0, W(3)).Area("O5", 1, W(3)).Moves(2).Build();
  EXPECT_EQ(LegalStrings(*s), (std::vector<std::string>{"move from O1", "end moves"}));
  Do(*s, "move from O1");
  EXPECT_EQ(LegalStrings(*s),
            (std::vector<std::string>{"with 1 warrior", "with 2 warriors", "with 3 warriors"}));
  Do(*s, "with 2 warriors");
  EXPECT_EQ(LegalStrings(*s), (std::vector<std::string>{"to I0", "to O0", "to O2"}));
  Do(*s, "to O2");
  EXPECT_EQ(At(*s, "O1").figures, W(1));
  EXPECT_EQ(At(*s, "O2").figures, W(2));
  EXPECT_EQ(At(*s, "O2").owner, 0);
  EXPECT_EQ(D(*s).moves_left, 1);
  // Figures may move again in the same phase, and groups merge.
  Do(*s, "move from O2");
  Do(*s, "with 2 warriors");
  Do(*s, "to O1");
  EXPECT_EQ(At(*s, "O1").figures, W(3));
  EXPECT_EQ(At(*s, "O2").owner, -1);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));  // two moves used: the turn went on
}

TEST(KitaraMoves, FiguresNeverEnterALake) {
  auto s = Position("kitara(players=2)").Area("I0", 0, W(2)).Area("O5", 1, W(3)).Moves(1).Build();
  Do(*s, "move from I0");
  Do(*s, "with 2 warriors");
  EXPECT_EQ(LegalStrings(*s), (std::vector<std::string>{"to I1", "to I3", "to O0", "to O1"}));
  EXPECT_FALSE(s->IsLegal(0, BorderAction(AreaNamed(C(*s), "L"))));
}

// ---- Attacks ------------------------------------------------------------------------------------

TEST(KitaraAttacks, AnAttackNeedsAStrictlyLargerGroup) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O2", 1, W(2))
               .Area("O5", 1, W(1))
               .Moves(1)
               .Build();
  Do(*s, "move from O1");
  auto equal = s->Clone();
  Do(*equal, "with 2 warriors");
  EXPECT_EQ(LegalStrings(*equal), (std::vector<std::string>{"to I0", "to O0"}));
  EXPECT_FALSE(equal->Apply(0, BorderAction(AreaNamed(C(*s), "O2"))).has_value());
  Do(*s, "with 3 warriors");
  EXPECT_EQ(LegalStrings(*s), (std::vector<std::string>{"to I0", "to O0", "attack O2"}));
  Do(*s, "attack O2");
  EXPECT_EQ(At(*s, "O2").owner, 0);
  EXPECT_EQ(At(*s, "O2").figures, W(3));
  EXPECT_EQ(At(*s, "O5").figures, W(3));  // the defender's two warriors retreated
}

TEST(KitaraAttacks, EveryKindOfFigureCountsForTheAttack) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, {1, 1, 1})
               .Area("O2", 1, W(2))
               .Area("O5", 1, W(1))
               .Moves(1)
               .Build();
  Do(*s, "move from O1");
  Do(*s, "with 1 warrior, 1 animal, 1 hero");
  Do(*s, "attack O2");
  EXPECT_EQ(At(*s, "O2").figures, (Figures{1, 1, 1}));
}

TEST(KitaraAttacks, APlayersOnlyAreaCannotBeAttacked) {
  auto s = Position("kitara(players=2)").Area("O1", 0, W(5)).Area("O2", 1, W(1)).Moves(1).Build();
  Do(*s, "move from O1");
  Do(*s, "with 5 warriors");
  EXPECT_EQ(LegalStrings(*s), (std::vector<std::string>{"to I0", "to O0"}));
  auto two = Position("kitara(players=2)")
                 .Area("O1", 0, W(5))
                 .Area("O2", 1, W(1))
                 .Area("O6", 1, W(1))
                 .Moves(1)
                 .Build();
  Do(*two, "move from O1");
  Do(*two, "with 5 warriors");
  EXPECT_EQ(LegalStrings(*two), (std::vector<std::string>{"to I0", "to O0", "attack O2"}));
}

TEST(KitaraAttacks, AGroupWithAHeroDrawsOneSecretHeroToken) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, {2, 0, 2})
               .Area("O2", 1, W(1))
               .Area("O6", 1, W(1))
               .Moves(2)
               .Build();
  Do(*s, "move from O1");
  Do(*s, "with 1 warrior, 2 heroes");
  Do(*s, "attack O2");
  EXPECT_EQ(TokenCount(D(*s).drawn), 1);  // one token per attack, however many heroes
  EXPECT_EQ(TokenCount(D(*s).bag), 38);
  EXPECT_TRUE(D(*s).last_attack.drew_token);
  const Json own = s->View(0), other = s->View(1);
  EXPECT_EQ(own["players"][0]["drawn_values"].size(), 1u);
  EXPECT_EQ(other["players"][0]["drawn_this_turn"], 1);
  EXPECT_FALSE(other["players"][0].contains("drawn_values"));
  // At the score phase the token drawn is kept (hidden, counted in public).
  Do(*s, "end moves");
  EXPECT_EQ(D(*s).drawn, TokenCounts{});
  EXPECT_EQ(TokenCount(D(*s).tokens[0]), 1);
  EXPECT_EQ(s->View(1)["players"][0]["hero_tokens"], 1);
  EXPECT_FALSE(s->View(1)["players"][0].contains("hero_token_values"));
}

TEST(KitaraAttacks, AGroupWithoutAHeroDrawsNothing) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, {2, 1, 0})
               .Area("O2", 1, W(1))
               .Area("O6", 1, W(1))
               .Moves(1)
               .Build();
  Do(*s, "move from O1");
  Do(*s, "with 2 warriors, 1 animal");
  Do(*s, "attack O2");
  EXPECT_FALSE(D(*s).last_attack.drew_token);
  EXPECT_EQ(TokenCount(D(*s).bag), 39);
}

TEST(KitaraAttacks, AttacksMayFollowEachOtherWhileMovesLast) {
  auto s = Position("kitara(players=3)")
               .Area("O1", 0, W(6))
               .Area("O2", 1, W(1))
               .Area("O3", 2, W(1))
               .Area("O5", 1, W(1))
               .Area("O9", 2, W(1))
               .Moves(2)
               .Build();
  Do(*s, "move from O1");
  Do(*s, "with 5 warriors");
  Do(*s, "attack O2");
  Do(*s, "move from O2");
  Do(*s, "with 4 warriors");
  Do(*s, "attack O3");
  EXPECT_EQ(At(*s, "O3").owner, 0);
  EXPECT_EQ(At(*s, "O5").figures, W(2));
}

// ---- Retreats -----------------------------------------------------------------------------------

TEST(KitaraRetreats, TheDefenderRetreatsToItsNearestHeldArea) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O2", 1, {1, 1, 0})
               .Area("O4", 1, W(1))  // 2 borders from O2
               .Area("I3", 1, W(1))  // 3 borders from O2
               .Moves(1)
               .Build();
  Do(*s, "move from O1");
  Do(*s, "with 3 warriors");
  Do(*s, "attack O2");
  EXPECT_EQ(At(*s, "O4").figures, (Figures{2, 1, 0}));
  EXPECT_EQ(At(*s, "I3").figures, W(1));
  EXPECT_EQ(D(*s).last_attack.retreat_to, AreaNamed(C(*s), "O4"));
}

TEST(KitaraRetreats, TiesAreChosenByTheRetreatingPlayerAndAllFiguresGoTogether) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O2", 1, {1, 1, 0})
               .Area("O4", 1, W(1))  // 2 borders from O2
               .Area("I0", 1, W(1))  // 2 borders from O2 (O2-O1-I0 or O2-I1-I0)
               .Moves(2)
               .Build();
  Do(*s, "move from O1");
  Do(*s, "with 3 warriors");
  Do(*s, "attack O2");
  EXPECT_EQ(D(*s).phase, Phase::kRetreat);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
  EXPECT_EQ(LegalStrings(*s), (std::vector<std::string>{"retreat to I0", "retreat to O4"}));
  ActionList none;
  s->LegalActions(0, none);
  EXPECT_TRUE(none.Empty());
  EXPECT_EQ(s->View(kSpectator)["retreat"]["options"], Json({"I0", "O4"}));
  Do(*s, "retreat to I0");
  EXPECT_EQ(At(*s, "I0").figures, (Figures{2, 1, 0}));
  EXPECT_EQ(At(*s, "O4").figures, W(1));
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(0));  // the attacker's moves go on
  EXPECT_EQ(D(*s).phase, Phase::kMoveSource);
  EXPECT_EQ(D(*s).moves_left, 1);
}

TEST(KitaraRetreats, RetreatsPassThroughOtherPlayersAreas) {
  auto s = Position("kitara(players=3)")
               .Area("O1", 0, W(3))
               .Area("O2", 1, W(1))
               .Area("O3", 2, W(4))  // on the way to O4
               .Area("I1", 2, W(4))
               .Area("O4", 1, W(1))
               .Area("O9", 1, W(1))
               .Moves(1)
               .Build();
  Do(*s, "move from O1");
  Do(*s, "with 3 warriors");
  Do(*s, "attack O2");
  EXPECT_EQ(At(*s, "O4").figures, W(2));
}

TEST(KitaraRetreats, RetreatsNeverCrossALake) {
  // Three players: I0 and I3 face each other across the lake (two borders over it), but by
  // land I3 is three borders from I0 while O3 is two.
  auto s = Position("kitara(players=3)")
               .Area("O0", 0, W(3))
               .Area("I0", 1, W(1))
               .Area("I3", 1, W(1))
               .Area("O3", 1, W(1))
               .Area("O9", 2, W(3))
               .Moves(1)
               .Build();
  const Config& c = C(*s);
  EXPECT_EQ(c.map.distance[AreaNamed(c, "I0")][AreaNamed(c, "I3")], 3);
  EXPECT_EQ(c.map.distance[AreaNamed(c, "I0")][AreaNamed(c, "O3")], 2);
  Do(*s, "move from O0");
  Do(*s, "with 2 warriors");
  Do(*s, "attack I0");
  EXPECT_NE(D(*s).phase, Phase::kRetreat);  // no tie to choose from
  EXPECT_EQ(At(*s, "O3").figures, W(2));
  EXPECT_EQ(At(*s, "I3").figures, W(1));
}

// ---- Score
// ----------------------------------------------------------------------------------------

TEST(KitaraScore, ProsperitySymbolsAndRuinsWithARulerAnimal) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O3", 0, {0, 1, 0})  // a ruin with a ruler animal: 2
               .Area("O7", 0, W(2))       // a ruin with warriors only: 0
               .Area("O5", 1, W(3))
               .Kingdom(0, {"A1 P2 (age 2)", "M1 P1 (age 1)"})
               .Prosperity(0, 4)
               .Moves(1)
               .Build();
  Do(*s, "end moves");
  EXPECT_EQ(D(*s).prosperity[0], 4 + 3 + 2);
  EXPECT_EQ(D(*s).prosperity[1], 0);
}

// ---- Manage
// ---------------------------------------------------------------------------------------

TEST(KitaraManage, EachHeldSavannaWithAWarriorFeedsOneCard) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(1))       // savanna with a warrior: feeds
               .Area("O2", 0, {0, 1, 0})  // savanna without a warrior
               .Area("O3", 0, W(2))       // ruin
               .Area("I1", 0, W(1))       // savanna with a warrior: feeds
               .Area("O5", 1, W(3))
               .Kingdom(0, {"M1 P1 (age 1)", "A1 M1 (age 1)"})
               .Moves(1)
               .Build();
  EXPECT_EQ(FoodCapacity(C(*s), D(*s), 0), 2);
  EXPECT_EQ(HungryCards(C(*s), D(*s), 0), 3);
  Do(*s, "end moves");
  EXPECT_EQ(D(*s).phase, Phase::kDiscard);
  EXPECT_EQ(D(*s).to_discard, 1);
  EXPECT_EQ(LegalStrings(*s),
            (std::vector<std::string>{"discard 1: D2 W3 M2 (start card)",
                                      "discard 2: M1 P1 (age 1)", "discard 3: A1 M1 (age 1)"}));
}

TEST(KitaraManage, EachDiscardedCardRemovesOneFigurePerFigureSymbol) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(2))
               .Area("O2", 0, W(2))
               .Area("O3", 0, {0, 1, 0})
               .Area("O5", 1, W(3))
               .Kingdom(0, {"W2 M1 (age 2)", "M1 P1 (age 1)"})
               .Moves(1)
               .Build();
  Do(*s, "end moves");
  Do(*s, "discard 2: W2 M1 (age 2)");
  EXPECT_EQ(D(*s).phase, Phase::kRemove);
  // A figure may come from any area of the player that has one of that kind.
  EXPECT_EQ(LegalStrings(*s),
            (std::vector<std::string>{"remove warrior from O1", "remove warrior from O2"}));
  Do(*s, "remove warrior from O1");
  Do(*s, "remove warrior from O1");
  EXPECT_EQ(At(*s, "O1").owner, -1);
  EXPECT_EQ(At(*s, "O2").figures, W(2));
  EXPECT_EQ(D(*s).supply[0][kWarrior], 8);
  EXPECT_EQ(KingdomTexts(*s, 0),
            (std::vector<std::string>{"D2 W3 M2 (start card)", "M1 P1 (age 1)"}));
  EXPECT_EQ(CardText(C(*s), D(*s).discards[D(*s).discard_size - 2]), "W2 M1 (age 2)");
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
}

TEST(KitaraManage, NoFeedCardsAreNeverFedNorDiscarded) {
  auto s = Position("kitara(players=2,deck=red)")
               .Area("O1", 0, W(3))
               .Area("O5", 1, W(3))
               .Kingdom(0, {"W1 M1 F (age 2)", "A1 P1 F (age 2)", "M1 P1 (age 1)"})
               .Moves(1)
               .Build();
  EXPECT_EQ(HungryCards(C(*s), D(*s), 0), 2);
  Do(*s, "end moves");
  EXPECT_EQ(D(*s).to_discard, 1);
  EXPECT_EQ(LegalStrings(*s), (std::vector<std::string>{"discard 1: D2 W3 M2 (start card)",
                                                        "discard 4: M1 P1 (age 1)"}));
  EXPECT_FALSE(s->IsLegal(0, DiscardAction(1)));
  Do(*s, "discard 4: M1 P1 (age 1)");
  EXPECT_EQ(KingdomTexts(*s, 0).size(), 3u);  // start card and two no-feed cards, one savanna
}

TEST(KitaraManage, TwoPlayersDiscardTheLeftmostRowCardAfterEachTurn) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O2", 0, W(1))
               .Area("O5", 1, W(3))
               .Row(kAgeOneRow)
               .Build();
  const KitaraData& d = D(*s);
  const std::string next = CardText(C(*s), d.deck[d.deck_size - 1]),
                    after = CardText(C(*s), d.deck[d.deck_size - 2]);
  Do(*s, "take 1: D1 P1 (age 1)");
  Do(*s, "end moves");
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
  EXPECT_EQ(CardText(C(*s), d.discards[d.discard_size - 1]), "W1 M1 (age 1)");
  EXPECT_EQ(RowTexts(*s),
            (std::vector<std::string>{"M1 P1 (age 1)", "D1 M1 (age 1)", "A1 M1 (age 1)",
                                      "W1 P1 (age 1)", next, after}));
}

TEST(KitaraManage, ThreePlayersLeaveTheRowAfterATurn) {
  auto s = Position("kitara(players=3)")
               .Area("O1", 0, W(3))
               .Area("O2", 0, W(1))
               .Area("O5", 1, W(3))
               .Area("O9", 2, W(3))
               .Row(kAgeOneRow)
               .Build();
  Do(*s, "take 1: D1 P1 (age 1)");
  Do(*s, "end moves");
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
  EXPECT_EQ(RowTexts(*s)[0], "W1 M1 (age 1)");
  EXPECT_EQ(D(*s).discard_size, 0);
}

// ---- The end
// --------------------------------------------------------------------------------------

// Plays the first legal action until the game ends.
void PlayFirstToTheEnd(State& s) {
  ActionList legal;
  while (!s.IsTerminal()) {
    const Player p = s.PlayersToAct().First();
    s.LegalActions(p, legal);
    ASSERT_FALSE(legal.Empty());
    ASSERT_TRUE(s.Apply(p, legal[0]).has_value());
  }
}

TEST(KitaraEnd, AnAgeFiveRevealFinishesTheRoundThenEveryoneHasOneMoreTurn) {
  auto s = Position("kitara(players=3)")
               .Area("O1", 0, W(3))
               .Area("O5", 1, W(3))
               .Area("O9", 2, W(3))
               .Row(kAgeOneRow)
               .Deck({"D1 M2 P3 (age 5)", "W2 M1 P3 (age 5)", "D2 M2 P2 (age 5)",
                      "A1 H1 M2 P2 (age 5)", "D1 W2 M2 P1 (age 5)"})
               .Turn(1, 4)
               .Build();
  EXPECT_EQ(D(*s).last_round, 0);
  Do(*s, "take 1: D1 P1 (age 1)");
  EXPECT_EQ(D(*s).last_round, 5);  // round 4 is finished, round 5 is the last
  PlayFirstToTheEnd(*s);
  const KitaraData& d = D(*s);
  EXPECT_EQ(d.round, 5);
  // P0 had only its round-5 turn; P1 and P2 their round-4 and round-5 turns.
  EXPECT_EQ(d.taken[0], 1);
  EXPECT_EQ(d.taken[1], 2);
  EXPECT_EQ(d.taken[2], 2);
}

TEST(KitaraEnd, FinalScoreAddsHeroTokensAndTwoPointsPerKingdomCard) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("I1", 0, W(1))
               .Area("O5", 1, W(3))
               .Kingdom(0, {"M1 P1 (age 1)", "A1 M1 (age 1)"})
               .Tokens(0, {5, 3})
               .Prosperity(0, 10)
               .Prosperity(1, 12)
               .Turn(1, 7)
               .LastRound(7)
               .Moves(1)
               .Build();
  EXPECT_EQ(s->Scores()[0], 10);  // before the end: the track only
  Do(*s, "end moves");
  ASSERT_TRUE(s->IsTerminal());
  EXPECT_EQ(s->Scores()[0], 10 + 5 + 3 + 2 * 3);
  EXPECT_EQ(s->Scores()[1], 12 + 2 * 1);
  EXPECT_EQ(s->Winners(), PlayerSet::Single(0));
  EXPECT_EQ(s->View(1)["players"][0]["hero_token_values"], Json({3, 5}));  // revealed
}

TEST(KitaraEnd, TiedPointsGoToTheMostHeroTokensThenTheWinIsShared) {
  auto tokens = Position("kitara(players=2)")
                    .Area("O1", 0, W(3))
                    .Area("O5", 1, W(3))
                    .Tokens(0, {2, 2})
                    .Tokens(1, {5})
                    .Prosperity(0, 10)
                    .Prosperity(1, 9)
                    .Turn(1, 7)
                    .LastRound(7)
                    .Moves(1)
                    .Build();
  Do(*tokens, "end moves");
  ASSERT_TRUE(tokens->IsTerminal());
  EXPECT_EQ(tokens->Scores()[0], 16);
  EXPECT_EQ(tokens->Scores()[1], 16);
  EXPECT_EQ(tokens->Winners(), PlayerSet::Single(0));
  EXPECT_DOUBLE_EQ(tokens->Returns()[0], 1.0);

  auto shared = Position("kitara(players=2)")
                    .Area("O1", 0, W(3))
                    .Area("O5", 1, W(3))
                    .Tokens(0, {3})
                    .Tokens(1, {3})
                    .Prosperity(0, 10)
                    .Prosperity(1, 10)
                    .Turn(1, 7)
                    .LastRound(7)
                    .Moves(1)
                    .Build();
  Do(*shared, "end moves");
  ASSERT_TRUE(shared->IsTerminal());
  EXPECT_EQ(shared->Winners(), PlayerSet::FirstN(2));
  EXPECT_DOUBLE_EQ(shared->Returns()[1], 0.5);
}

// The rule text fixes the length: 7 turns each with 2 or 4 players, 9 with 3.
TEST(KitaraEnd, DefaultDecksLastSevenTurnsWithTwoOrFourPlayersAndNineWithThree) {
  for (int players = 2; players <= 4; ++players)
    for (const char* deck : {"blue", "red"}) {
      const std::string spec =
          "kitara(players=" + std::to_string(players) + ",deck=" + std::string(deck) + ")";
      auto game = Games().Create(spec);
      ASSERT_TRUE(game.has_value());
      const int turns = players == 3 ? 9 : 7;
      Rng rng(uint64_t(players) * 31 + deck[0]);
      ActionList legal;
      for (int g = 0; g < 20; ++g) {
        auto s = (*game)->NewInitialState(rng.Next());
        while (!s->IsTerminal()) {
          const Player p = s->PlayersToAct().First();
          s->LegalActions(p, legal);
          s->ApplyUnchecked(p, legal[int(rng.Below(uint32_t(legal.Size())))]);
        }
        const KitaraData& d = D(*s);
        EXPECT_EQ(d.round, turns) << spec;
        EXPECT_EQ(d.last_round, turns) << spec;
        for (int p = 0; p < players; ++p) EXPECT_EQ(d.taken[p], turns) << spec << " P" << p;
      }
    }
}

}  // namespace
}  // namespace savanna::kitara::testing
