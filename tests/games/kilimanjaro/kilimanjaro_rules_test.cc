// Kilimanjaro rules tests: the rule text's three movement examples, then one test per rule and
// per decision in docs/rules/kilimanjaro.md (the test names match the decisions' names there).
#include <gtest/gtest.h>

#include <set>

#include "core/json_io.h"
#include "games/embedded_data.h"
#include "games/kilimanjaro/kilimanjaro_position.h"

namespace savanna::kilimanjaro::testing {
namespace {

constexpr CounterKind kBanana = CounterKind::kBanana, kLion = CounterKind::kLion,
                      kChange = CounterKind::kChange;

int Card(int type, int value) { return CardOf(type, value); }

// Plays random legal actions until the game ends; returns the number of actions.
int PlayOut(State& s, uint64_t seed) {
  Rng rng(seed);
  ActionList legal;
  int n = 0;
  while (!s.IsTerminal()) {
    const Player p = s.PlayersToAct().First();
    s.LegalActions(p, legal);
    s.ApplyUnchecked(p, legal[int(rng.Below(uint32_t(legal.Size())))]);
    ++n;
  }
  return n;
}

// ---- The rule text's examples --------------------------------------------------------------

TEST(KilimanjaroExamples, ThreeCanoesAddUpToThirteen) {
  EXPECT_EQ(MoveDistance(Card(kCanoe, 2), Card(kCanoe, 4), Card(kCanoe, 7)), 13);
  auto s = Position("kilimanjaro(players=2)")
               .Piles(0, {Card(kCanoe, 2), Card(kCanoe, 4), Card(kJeep, 1)})
               .Hand(0, {Card(kCanoe, 7), Card(kMule, 1)})
               .Build();
  Do(*s, "play canoe 7 on P0 pile 3");
  EXPECT_EQ(s->data().position[0], 13);
}

TEST(KilimanjaroExamples, TwoJeepsAndAMuleMoveByThePair) {
  EXPECT_EQ(MoveDistance(Card(kJeep, 1), Card(kJeep, 5), Card(kMule, 7)), 6);
  auto s = Position("kilimanjaro(players=2)")
               .Piles(0, {Card(kJeep, 1), Card(kCanoe, 5), Card(kMule, 7)})
               .Hand(0, {Card(kJeep, 5)})
               .Build();
  Do(*s, "play jeep 5 on P0 pile 2");
  EXPECT_EQ(s->data().position[0], 6);
}

TEST(KilimanjaroExamples, ThreeDifferentTypesMoveByTheHighest) {
  EXPECT_EQ(MoveDistance(Card(kJeep, 4), Card(kCanoe, 6), Card(kMule, 3)), 6);
  auto s = Position("kilimanjaro(players=2)")
               .Piles(0, {Card(kJeep, 4), Card(kCanoe, 6), Card(kCanoe, 1)})
               .Hand(0, {Card(kMule, 3)})
               .Build();
  Do(*s, "play mule 3 on P0 pile 3");
  EXPECT_EQ(s->data().position[0], 6);
}

// ---- Rules -----------------------------------------------------------------------------------

TEST(KilimanjaroRules, SetUpDealsCountersThenCards) {
  auto game = Games().Create("kilimanjaro(players=4)");
  ASSERT_TRUE(game.has_value());
  auto state = (*game)->NewInitialState(7);
  auto& s = static_cast<KilimanjaroState&>(*state);
  EXPECT_EQ(s.data().phase, Phase::kPlace);
  for (int p = 0; p < 4; ++p) {
    const auto& u = s.data().unplaced[p];
    EXPECT_EQ(u[0] + u[1] + u[2], 4);
    EXPECT_EQ(s.data().hand_size[p], 0);  // no card is dealt before the counters are out
  }
  ActionList legal;
  for (int i = 0; i < 16; ++i) {
    ASSERT_EQ(s.data().phase, Phase::kPlace);
    const Player p = s.PlayersToAct().First();
    s.LegalActions(p, legal);
    ASSERT_TRUE(s.Apply(p, legal[0]).has_value());
  }
  EXPECT_EQ(s.data().phase, Phase::kPlay);
  EXPECT_EQ(s.data().num_counters, 16);
  EXPECT_EQ(s.data().deck_size, 56 - 4 * 6);
  for (int p = 0; p < 4; ++p) {
    EXPECT_EQ(s.data().hand_size[p], 3);
    for (const Pile& pile : s.data().piles[p]) EXPECT_EQ(pile.size, 1);
  }
}

TEST(KilimanjaroRules, TheFiftySixCardsAreFourTypesOfOneToSevenTwice) {
  const Config& c = Position("kilimanjaro(players=2)").game().config();
  EXPECT_EQ(c.types, 4);
  EXPECT_EQ(c.min_value, 1);
  EXPECT_EQ(c.max_value, 7);
  EXPECT_EQ(c.total_cards, 56);
  EXPECT_EQ(c.counters, (std::array<int, 3>{8, 4, 4}));
  EXPECT_EQ(c.trail_length, 100);
  for (int s = 0; s < 100; ++s) EXPECT_EQ(c.village[s], s % 20 == 0) << s;
}

TEST(KilimanjaroRules, MovementUsesOnlyTheTopCards) {
  auto s = Position("kilimanjaro(players=2)")
               .Piles(0, {Card(kMule, 7), Card(kMule, 6), Card(kMule, 5)})
               .Hand(0, {Card(kJeep, 1)})
               .Build();
  EXPECT_EQ(MoveDistance(s->data(), 0), 18);
  Do(*s, "play jeep 1 on P0 pile 1");  // covers the mule 7: mule 6 + mule 5
  EXPECT_EQ(s->data().position[0], 11);
  EXPECT_EQ(s->data().piles[0][0].size, 2);
  EXPECT_EQ(s->data().buried[Card(kMule, 7)], 1);
}

TEST(KilimanjaroRules, TheCardIsDrawnAfterMoving) {
  auto s = Position("kilimanjaro(players=2)")
               .Hand(0, {Card(kJeep, 1), Card(kJeep, 2), Card(kJeep, 3)})
               .DeckTop({Card(kMule, 4)})
               .Build();
  Do(*s, "play jeep 2 on P0 pile 1");
  EXPECT_EQ(s->data().hand_size[0], 3);
  const auto& hand = s->data().hand[0];
  EXPECT_NE(std::find(hand.begin(), hand.end(), Card(kMule, 4)), hand.end());
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
}

TEST(KilimanjaroRules, PassingOverACounterDoesNothing) {
  auto s = Position("kilimanjaro(players=2)")
               .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 3)})
               .Hand(0, {Card(kMachete, 1)})
               .Counter(2, kLion, 1)
               .Build();
  Do(*s, "play machete 1 on P0 pile 1");  // moves 3, over the lion on 2
  EXPECT_EQ(s->data().position[0], 3);
  EXPECT_FALSE(s->data().counters[0].face_up);
}

TEST(KilimanjaroRules, LionSendsBackToThePreviousVillage) {
  auto s = Position("kilimanjaro(players=2)")
               .At(0, 30)
               .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 6)})
               .Hand(0, {Card(kMachete, 1)})
               .Counter(36, kLion, 1)
               .Build();
  Do(*s, "play machete 1 on P0 pile 1");
  EXPECT_EQ(s->data().position[0], 20);
  const int lion = CounterAt(s->data(), 36);
  ASSERT_GE(lion, 0);  // the lion stays on the trail, face up
  EXPECT_TRUE(s->data().counters[lion].face_up);
  // Before the first village the way back leads to the start.
  EXPECT_EQ(VillageBehind(s->config(), 15), 0);
  EXPECT_EQ(VillageBehind(s->config(), 79), 60);
}

TEST(KilimanjaroRules, TurnedCountersAffectLaterExpeditions) {
  auto s = Position("kilimanjaro(players=2)")
               .At(0, 30)
               .At(1, 30)
               .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 6)})
               .Piles(1, {Card(kCanoe, 2), Card(kJeep, 3), Card(kMule, 6)})
               .Hand(0, {Card(kMachete, 1)})
               .Hand(1, {Card(kMachete, 1)})
               .Counter(36, kLion, 0)
               .Build();
  Do(*s, "play machete 1 on P0 pile 1");  // 30 + 6: the lion, back to 20
  EXPECT_EQ(s->data().position[0], 20);
  Do(*s, "play machete 1 on P1 pile 1");  // 30 + 6 onto the turned lion: back to 20 too
  EXPECT_EQ(s->data().position[1], 20);
}

TEST(KilimanjaroRules, LandingOnATurnedLionSendsBackAgain) {
  auto s = Position("kilimanjaro(players=2)")
               .At(1, 50)
               .Piles(1, {Card(kCanoe, 2), Card(kJeep, 3), Card(kMule, 5)})
               .Hand(1, {Card(kMachete, 1)})
               .Counter(55, kLion, 0, /*face_up=*/true)
               .Current(1)
               .Build();
  Do(*s, "play machete 1 on P1 pile 1");
  EXPECT_EQ(s->data().position[1], 40);
}

// ---- Decisions (docs/rules/kilimanjaro.md) ---------------------------------------------------

TEST(KilimanjaroDecisions, FirstPlayerIsSeatZero) {
  auto game = Games().Create("kilimanjaro(players=3)");
  ASSERT_TRUE(game.has_value());
  auto s = (*game)->NewInitialState(3);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(0));
  const auto& k = static_cast<KilimanjaroState&>(*s);
  ActionList legal;
  while (k.data().phase == Phase::kPlace) {
    s->LegalActions(s->PlayersToAct().First(), legal);
    s->ApplyUnchecked(s->PlayersToAct().First(), legal[legal.Size() - 1]);
  }
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(0));  // seat 0 also plays first
}

TEST(KilimanjaroDecisions, CountersAreDealtRoundRobinFromTheFirstPlayer) {
  for (auto [spec, expected] :
       {std::pair<const char*, std::array<int, 4>>{"kilimanjaro(players=2)", {8, 8, 0, 0}},
        {"kilimanjaro(players=3)", {6, 5, 5, 0}},
        {"kilimanjaro(players=4)", {4, 4, 4, 4}}}) {
    auto game = Games().Create(spec);
    ASSERT_TRUE(game.has_value());
    for (uint64_t seed = 0; seed < 5; ++seed) {
      auto s = (*game)->NewInitialState(seed);
      const auto& d = static_cast<KilimanjaroState&>(*s).data();
      for (int p = 0; p < 4; ++p)
        EXPECT_EQ(d.unplaced[p][0] + d.unplaced[p][1] + d.unplaced[p][2], expected[p]) << spec;
    }
  }
}

TEST(KilimanjaroDecisions, CountersArePlacedOneAtATimeClockwise) {
  auto game = Games().Create("kilimanjaro(players=3)");
  ASSERT_TRUE(game.has_value());
  auto s = (*game)->NewInitialState(11);
  std::vector<int> order;
  ActionList legal;
  const auto& k = static_cast<KilimanjaroState&>(*s);
  while (k.data().phase == Phase::kPlace) {
    const Player p = s->PlayersToAct().First();
    order.push_back(p);
    s->LegalActions(p, legal);
    s->ApplyUnchecked(p, legal[0]);
  }
  // 6/5/5 counters: five rounds of 0, 1, 2, then seat 0 places its sixth.
  std::vector<int> expected;
  for (int r = 0; r < 5; ++r) expected.insert(expected.end(), {0, 1, 2});
  expected.push_back(0);
  EXPECT_EQ(order, expected);
}

TEST(KilimanjaroDecisions, CountersGoOnFreeSpacesNotVillagesNotNextToAnother) {
  auto game = Games().Create("kilimanjaro(players=2)");
  ASSERT_TRUE(game.has_value());
  auto s = (*game)->NewInitialState(1);
  const auto& held = static_cast<KilimanjaroState&>(*s).data().unplaced[0];
  const int kind = held[0] > 0 ? 0 : held[1] > 0 ? 1 : 2;
  Do(*s, "place " + std::string(CounterName(CounterKind(kind))) + " on 1");
  // Not on 0/100 (start and base camp), villages, the counter's space or its neighbours.
  ActionList legal;
  s->LegalActions(1, legal);
  std::set<int> spaces;
  for (Action a : legal) spaces.insert(a % kMaxSpaces);
  EXPECT_EQ(spaces.count(1) + spaces.count(2) + spaces.count(20) + spaces.count(40) +
                spaces.count(60) + spaces.count(80) + spaces.count(0),
            0u);
  EXPECT_EQ(spaces.size(), 99u - 4 - 2);  // 1..99 without 4 villages and spaces 1, 2
  EXPECT_TRUE(spaces.count(3) && spaces.count(99) && spaces.count(19) && spaces.count(21));
  EXPECT_FALSE(s->ParseAction(1, "place lion on 2").has_value());
  EXPECT_FALSE(s->ParseAction(1, "place lion on 100").has_value());
}

TEST(KilimanjaroDecisions, ThePlacerChoosesWhichCounterToPlace) {
  auto game = Games().Create("kilimanjaro(players=2)");
  ASSERT_TRUE(game.has_value());
  for (uint64_t seed = 0; seed < 20; ++seed) {
    auto s = (*game)->NewInitialState(seed);
    const auto& u = static_cast<KilimanjaroState&>(*s).data().unplaced[0];
    ActionList legal;
    s->LegalActions(0, legal);
    std::set<int> kinds;
    for (Action a : legal) kinds.insert(a / kMaxSpaces);
    for (int kind = 0; kind < 3; ++kind) EXPECT_EQ(kinds.count(kind) == 1, u[kind] > 0);
  }
}

TEST(KilimanjaroDecisions, OwnCountersStayVisibleToThePlacer) {
  auto game = Games().Create("kilimanjaro(players=3)");
  ASSERT_TRUE(game.has_value());
  auto s = (*game)->NewInitialState(5);
  const auto& d = static_cast<KilimanjaroState&>(*s).data();
  ActionList first;
  s->LegalActions(0, first);
  s->ApplyUnchecked(0, first[0]);  // P0 places a counter
  const std::string kind = CounterName(d.counters[0].kind);
  EXPECT_EQ(s->View(0)["counters"][0]["kind"], kind);
  EXPECT_TRUE(s->View(1)["counters"][0]["kind"].is_null());
  EXPECT_TRUE(s->View(kSpectator)["counters"][0]["kind"].is_null());
  EXPECT_EQ(s->View(1)["turn"][0].count("kind"), 0u);  // the log keeps the secret too
  EXPECT_NE(s->ViewText(0).find(kind + "(yours"), std::string::npos);
  const std::string space = std::to_string(d.counters[0].space);
  EXPECT_NE(s->ViewText(1).find(" " + space + "=?(P0)"), std::string::npos) << s->ViewText(1);
  EXPECT_NE(s->ViewText(kSpectator).find(" " + space + "=?(P0)"), std::string::npos);
  // The move log of the others names the space only.
  ActionList legal;
  s->LegalActions(1, legal);
  for (Action a : legal) {
    EXPECT_EQ(s->PublicActionString(1, a), "place a counter on " + std::to_string(a % kMaxSpaces));
    EXPECT_NE(s->ActionToString(1, a).find(" on "), std::string::npos);
  }
  // Other players' counters still in hand: a count only.
  EXPECT_EQ(s->View(1)["players"][0]["counters_to_place"], 5);
  EXPECT_EQ(s->View(1)["players"][0].count("own_counters_to_place"), 0u);
}

TEST(KilimanjaroDecisions, TurnedCountersAreVisibleToEveryone) {
  auto s = Position("kilimanjaro(players=2)")
               .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 6)})
               .Hand(0, {Card(kMachete, 1)})
               .Counter(6, kBanana, 1)
               .Build();
  EXPECT_TRUE(s->View(0)["counters"][0]["kind"].is_null());
  Do(*s, "play machete 1 on P0 pile 1");
  EXPECT_EQ(s->View(0)["counters"][0]["kind"], "banana");
  EXPECT_EQ(s->View(kSpectator)["counters"][0]["kind"], "banana");
}

TEST(KilimanjaroDecisions, PlayOnOwnPilesOrOnThoseOfExpeditionsLevelOrAhead) {
  auto s = Position("kilimanjaro(players=4)")
               .At(0, 10)
               .At(1, 10)
               .At(2, 9)
               .At(3, 30)
               .Hand(0, {Card(kJeep, 7)})
               .Build();
  ActionList legal;
  s->LegalActions(0, legal);
  std::set<int> seats;
  for (Action a : legal) seats.insert((a - kFirstPlayAction) / kPiles % kMaxSeats);
  EXPECT_EQ(seats, (std::set<int>{0, 1, 3}));  // P2 is behind
  EXPECT_EQ(legal.Size(), 9);
  EXPECT_FALSE(s->ParseAction(0, "play jeep 7 on P2 pile 1").has_value());
}

TEST(KilimanjaroDecisions, PlayingOnAnotherPileMovesYouByYourOwnCards) {
  auto s = Position("kilimanjaro(players=2)")
               .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 4)})
               .Piles(1, {Card(kCanoe, 7), Card(kCanoe, 6), Card(kCanoe, 5)})
               .At(1, 3)
               .Hand(0, {Card(kJeep, 1)})
               .Build();
  Do(*s, "play jeep 1 on P1 pile 1");
  EXPECT_EQ(s->data().position[0], 4);           // P0's own tops: 1, 2, 4 -> 4
  EXPECT_EQ(MoveDistance(s->data(), 1), 6 + 5);  // P1's pair of canoes now
  EXPECT_EQ(s->data().piles[1][0].top, Card(kJeep, 1));
}

TEST(KilimanjaroDecisions, BananaSecondMoveIsOptional) {
  for (const bool again : {true, false}) {
    auto s = Position("kilimanjaro(players=2)")
                 .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 6)})
                 .Hand(0, {Card(kMachete, 1)})
                 .Counter(6, kBanana, 1)
                 .Build();
    Do(*s, "play machete 1 on P0 pile 1");
    EXPECT_EQ(s->data().phase, Phase::kBanana);
    EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(0));
    EXPECT_EQ(s->View(1)["banana_distance"], 6);
    Do(*s, again ? "banana: move again" : "banana: stay");
    EXPECT_EQ(s->data().position[0], again ? 12 : 6);
    EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
    // The banana stays face up on the trail.
    EXPECT_TRUE(s->data().counters[CounterAt(s->data(), 6)].face_up);
  }
}

TEST(KilimanjaroDecisions, BananaChainResolvesTheNextCounter) {
  auto s = Position("kilimanjaro(players=2)")
               .At(0, 28)
               .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 5)})
               .Hand(0, {Card(kMachete, 1)})
               .Counter(33, kBanana, 1)
               .Counter(38, kBanana, 0)
               .Counter(43, kLion, 1)
               .Build();
  Do(*s, "play machete 1 on P0 pile 1");  // 28 -> 33, a banana
  Do(*s, "banana: move again");           // 33 -> 38, another banana
  EXPECT_EQ(s->data().phase, Phase::kBanana);
  EXPECT_EQ(s->data().position[0], 38);
  Do(*s, "banana: move again");  // 38 -> 43, a lion: back to 40
  EXPECT_EQ(s->data().position[0], 40);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
  const Json turn = s->View(1)["turn"];
  EXPECT_EQ(turn.back()["type"], "lion");
}

TEST(KilimanjaroDecisions, ChangePositionSwapsWithAnExpeditionTheFinderChooses) {
  auto s = Position("kilimanjaro(players=3)")
               .At(0, 10)
               .At(1, 50)
               .At(2, 5)
               .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 6)})
               .Hand(0, {Card(kMachete, 1)})
               .Counter(16, kChange, 2)
               .Build();
  Do(*s, "play machete 1 on P0 pile 1");
  EXPECT_EQ(s->data().phase, Phase::kChange);
  ActionList legal;
  s->LegalActions(0, legal);
  EXPECT_EQ(legal.Size(), 2);               // P1 or P2; the swap is compulsory
  EXPECT_EQ(CounterAt(s->data(), 16), -1);  // the counter leaves the trail
  EXPECT_EQ(s->data().removed_counters, 1);
  Do(*s, "swap with P1");
  EXPECT_EQ(s->data().position[0], 50);
  EXPECT_EQ(s->data().position[1], 16);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
}

TEST(KilimanjaroDecisions, NoCounterTakesEffectAfterASwap) {
  // P1 stayed on a banana; P0 swaps onto it and nothing more happens.
  auto s = Position("kilimanjaro(players=2)")
               .At(0, 10)
               .At(1, 50)
               .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 6)})
               .Hand(0, {Card(kMachete, 1)})
               .Counter(16, kChange, 1)
               .Counter(50, kBanana, 1, /*face_up=*/true)
               .Build();
  Do(*s, "play machete 1 on P0 pile 1");
  Do(*s, "swap with P1");
  EXPECT_EQ(s->data().position[0], 50);
  EXPECT_EQ(s->data().position[1], 16);
  EXPECT_EQ(s->data().phase, Phase::kPlay);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
}

TEST(KilimanjaroDecisions, SendBackVariantIsOptionalAndTargetsTheVillageBehind) {
  auto build = [] {
    return Position("kilimanjaro(players=4,variant=send_back)")
        .At(0, 10)
        .At(1, 57)
        .At(2, 40)
        .At(3, 0)
        .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 6)})
        .Hand(0, {Card(kMachete, 1)})
        .Counter(16, kChange, 1)
        .Build();
  };
  auto s = build();
  Do(*s, "play machete 1 on P0 pile 1");
  ActionList legal;
  s->LegalActions(0, legal);
  EXPECT_EQ(legal.Size(), 4);  // P1, P2, P3 or nobody
  Do(*s, "send P1 back");
  EXPECT_EQ(s->data().position[1], 40);
  EXPECT_EQ(s->data().position[0], 16);  // the finder stays
  s = build();
  Do(*s, "play machete 1 on P0 pile 1");
  Do(*s, "send P2 back");  // standing on a village: back to the one before
  EXPECT_EQ(s->data().position[2], 20);
  s = build();
  Do(*s, "play machete 1 on P0 pile 1");
  Do(*s, "send P3 back");  // at the start there is nowhere further back
  EXPECT_EQ(s->data().position[3], 0);
  s = build();
  Do(*s, "play machete 1 on P0 pile 1");
  Do(*s, "send nobody back");
  EXPECT_EQ(s->data().position[1], 57);
  EXPECT_EQ(s->data().position[2], 40);
  EXPECT_EQ(s->data().removed_counters, 1);
}

TEST(KilimanjaroDecisions, ReachingTheBaseCampWinsAtOnce) {
  auto s = Position("kilimanjaro(players=2)")
               .At(0, 95)
               .At(1, 96)
               .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 6)})
               .Hand(0, {Card(kMachete, 1)})
               .SpareCountersFrom(90)
               .Build();
  Do(*s, "play machete 1 on P0 pile 1");  // 95 + 6 passes 100
  EXPECT_TRUE(s->IsTerminal());
  EXPECT_EQ(s->data().position[0], 100);
  EXPECT_EQ(s->Winners(), PlayerSet::Single(0));
  EXPECT_EQ(s->Returns()[0], 1.0);
  // Also on a banana's second move.
  auto b = Position("kilimanjaro(players=2)")
               .At(0, 88)
               .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 6)})
               .Hand(0, {Card(kMachete, 1)})
               .Counter(94, kBanana, 1)
               .SpareCountersFrom(70)
               .Build();
  Do(*b, "play machete 1 on P0 pile 1");
  Do(*b, "banana: move again");
  EXPECT_TRUE(b->IsTerminal());
  EXPECT_EQ(b->Winners(), PlayerSet::Single(0));
}

TEST(KilimanjaroDecisions, NoDrawOnceTheDeckIsEmpty) {
  auto s = Position("kilimanjaro(players=2)")
               .Hand(0, {Card(kJeep, 1), Card(kJeep, 2)})
               .Hand(1, {Card(kJeep, 3)})
               .DeckSize(0)
               .Build();
  Do(*s, "play jeep 1 on P0 pile 1");
  EXPECT_EQ(s->data().hand_size[0], 1);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
}

TEST(KilimanjaroDecisions, HandsRunDryInTurnOrder) {
  // With the deck empty, a player whose hand is empty is passed over; the game ends when the
  // last card is played.
  auto s = Position("kilimanjaro(players=3)")
               .Hand(0, {Card(kJeep, 1), Card(kJeep, 2)})
               .Hand(1, {})
               .Hand(2, {Card(kJeep, 3)})
               .DeckSize(0)
               .SpareCountersFrom(60)
               .Build();
  Do(*s, "play jeep 1 on P0 pile 1");
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(2));  // P1 has no cards
  Do(*s, "play jeep 3 on P2 pile 1");
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(0));
  Do(*s, "play jeep 2 on P0 pile 1");
  EXPECT_TRUE(s->IsTerminal());
  // In a real game every hand holds 3 cards when the deck runs out, so every player plays
  // the same number of turns after it and no hand is empty before the last card.
  for (const char* spec :
       {"kilimanjaro(players=2)", "kilimanjaro(players=3)", "kilimanjaro(players=4)"}) {
    auto game = Games().Create(spec);
    ASSERT_TRUE(game.has_value());
    for (uint64_t seed = 0; seed < 30; ++seed) {
      auto g = (*game)->NewInitialState(seed);
      Rng rng(seed);
      ActionList legal;
      const auto& d = static_cast<KilimanjaroState&>(*g).data();
      while (!g->IsTerminal()) {
        const Player p = g->PlayersToAct().First();
        if (d.phase == Phase::kPlay) {
          ASSERT_GT(d.hand_size[p], 0);
        }
        g->LegalActions(p, legal);
        g->ApplyUnchecked(p, legal[int(rng.Below(uint32_t(legal.Size())))]);
      }
    }
  }
}

TEST(KilimanjaroDecisions, TiesGoToTheLongerNextMoveThenAreShared) {
  auto s = Position("kilimanjaro(players=3)")
               .At(0, 50)
               .At(1, 50)
               .At(2, 20)
               .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 3)})
               .Piles(1, {Card(kCanoe, 2), Card(kJeep, 3), Card(kMule, 4)})
               .Piles(2, {Card(kCanoe, 7), Card(kCanoe, 6), Card(kCanoe, 5)})
               .Hand(0, {Card(kMule, 1)})
               .Hand(1, {})
               .Hand(2, {})
               .DeckSize(0)
               .SpareCountersFrom(99)
               .Build();
  // The last card: P0 moves 3 past P1 and is furthest when the cards run out.
  Do(*s, "play mule 1 on P1 pile 3");
  ASSERT_TRUE(s->IsTerminal());
  EXPECT_EQ(s->data().position[0], 53);
  EXPECT_EQ(s->Winners(), PlayerSet::Single(0));
  EXPECT_EQ(s->Scores()[0], 53);
  auto t = Position("kilimanjaro(players=3)")
               .At(0, 47)
               .At(1, 50)
               .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 4)})
               .Piles(1, {Card(kCanoe, 2), Card(kJeep, 3), Card(kMule, 5)})
               .Hand(0, {Card(kMule, 3)})
               .Hand(1, {})
               .Hand(2, {})
               .DeckSize(0)
               .Build();
  Do(*t, "play mule 3 on P0 pile 3");  // tops 1, 2, 3: P0 moves 3 to 50, level with P1
  ASSERT_TRUE(t->IsTerminal());
  // Level at 50; P0 would move 3 next, P1 5: P1 wins.
  EXPECT_EQ(t->Winners(), PlayerSet::Single(1));
  auto u = Position("kilimanjaro(players=2)")
               .At(0, 47)
               .At(1, 50)
               .Piles(0, {Card(kCanoe, 1), Card(kJeep, 2), Card(kMule, 4)})
               .Piles(1, {Card(kCanoe, 2), Card(kJeep, 3), Card(kMule, 1)})
               .Hand(0, {Card(kMule, 3)})
               .Hand(1, {})
               .DeckSize(0)
               .Build();
  Do(*u, "play mule 3 on P0 pile 3");  // level at 50, both would move 3: shared
  ASSERT_TRUE(u->IsTerminal());
  EXPECT_EQ(u->Winners(), PlayerSet::FromMask(0b11));
  EXPECT_EQ(u->Returns()[0], 0.5);
  EXPECT_EQ(u->Returns()[1], 0.5);
}

TEST(KilimanjaroDecisions, ScoresArePositions) {
  auto game = Games().Create("kilimanjaro(players=4)");
  ASSERT_TRUE(game.has_value());
  for (uint64_t seed = 0; seed < 50; ++seed) {
    auto s = (*game)->NewInitialState(seed);
    const int length = PlayOut(*s, seed);
    EXPECT_LE(length, (*game)->MaxGameLength());
    const auto& d = static_cast<KilimanjaroState&>(*s).data();
    const PlayerValues scores = s->Scores();
    for (int p = 0; p < 4; ++p) EXPECT_EQ(scores[p], d.position[p]);
    for (Player w : s->Winners())
      for (int p = 0; p < 4; ++p) EXPECT_GE(scores[w], scores[p]);
  }
}

TEST(KilimanjaroDecisions, BadStateDocumentsAreRejected) {
  auto s = Position("kilimanjaro(players=2)").Hand(0, {Card(kJeep, 1)}).Build();
  auto expect_error = [&](Json j, const std::string& needle) {
    auto r = s->game().StateFromJson(j);
    ASSERT_FALSE(r.has_value()) << needle;
    EXPECT_NE(r.error().message.find(needle), std::string::npos) << r.error().message;
  };
  Json j = s->ToJson();
  j["hands"][0].push_back("jeep 1");  // the second jeep 1 also lies elsewhere: three in all
  expect_error(j, "jeep 1");
  j = s->ToJson();
  j["hands"][1][0] = "boat 3";
  expect_error(j, "hands[1][0]");
  j = s->ToJson();
  j["counters"][0]["space"] = 20;  // a village
  expect_error(j, "village");
  j = s->ToJson();
  j["counters"].erase(0);
  expect_error(j, "counters, the game has");
  j = s->ToJson();
  j["positions"][1] = 100;  // at the base camp but nobody won
  expect_error(j, "winner");
  j = s->ToJson();
  j["phase"] = "banana";
  expect_error(j, "banana");
}

TEST(KilimanjaroData, UserComponentsFileReplacesTheBuiltInData) {
  const std::string dir = ::testing::TempDir();
  Json data = Json::parse(*FindEmbeddedFile("kilimanjaro/components.json"));
  data["values"] = Json::array({1, 5});
  data["counters"] = {{"banana", 2}, {"lion", 1}, {"change", 1}};
  data["trail"]["length"] = 60;
  data["trail"]["villages"] = Json::array({30});
  const std::string good = dir + "/kilimanjaro_short.json";
  ASSERT_TRUE(WriteTextFileAtomic(good, data.dump()));
  auto game = Games().Create("kilimanjaro(players=2,data=" + good + ")");
  ASSERT_TRUE(game.has_value()) << game.error().message;
  const Config& c = static_cast<const KilimanjaroGame&>(**game).config();
  EXPECT_EQ(c.total_cards, 4 * 5 * 2);
  EXPECT_EQ(c.total_counters, 4);
  EXPECT_EQ(c.trail_length, 60);
  EXPECT_TRUE(c.village[30]);
  auto s = (*game)->NewInitialState(1);
  PlayOut(*s, 1);
  EXPECT_TRUE(s->IsTerminal());

  auto rejected = [&](Json bad, const std::string& needle) {
    const std::string path = dir + "/kilimanjaro_bad.json";
    ASSERT_TRUE(WriteTextFileAtomic(path, bad.dump()));
    auto r = Games().Create("kilimanjaro(players=2,data=" + path + ")");
    ASSERT_FALSE(r.has_value()) << needle;
    EXPECT_NE(r.error().message.find(path), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find(needle), std::string::npos) << r.error().message;
  };
  Json bad = data;
  bad["transport"][1]["name"] = "canoe";
  rejected(bad, "transport[1]");
  bad = data;
  bad["values"] = Json::array({3, 2});
  rejected(bad, "values[1]");
  bad = data;
  bad["counters"]["lion"] = 40;
  rejected(bad, "lion");
  bad = data;
  bad["trail"]["villages"] = Json::array({30, 10});
  rejected(bad, "villages[1]");
  bad = data;
  bad["counters"] = {{"banana", 8}, {"lion", 8}, {"change", 8}};
  bad["trail"]["length"] = 40;
  rejected(bad, "too few");
}

}  // namespace
}  // namespace savanna::kilimanjaro::testing
