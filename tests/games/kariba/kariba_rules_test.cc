// Kariba rules tests: the rule text's two examples, then one test per rule and per decision in
// docs/rules/kariba.md (the test names match the decisions' names there).
#include <gtest/gtest.h>

#include "core/json_io.h"
#include "games/embedded_data.h"
#include "games/kariba/kariba_position.h"

namespace savanna::kariba::testing {
namespace {

constexpr int kMouse = 1, kMeerkat = 2, kZebra = 3, kGiraffe = 4, kOstrich = 5, kCheetah = 6,
              kRhino = 7, kElephant = 8, kHippo = 9;

void Play(State& state, const std::string& text) {
  const Player p = state.PlayersToAct().First();
  ASSERT_TRUE(state.Apply(p, ActionNamed(state, text)).has_value()) << text;
}

// ---- The rule text's examples --------------------------------------------------------------

TEST(KaribaExamples, ExampleI_RhinosChaseGiraffesPastEmptyPlaces) {
  auto s = Position("kariba(players=2)")
               .Waterhole({{kRhino, 2}, {kGiraffe, 2}})
               .Hand(0, {{kRhino, 2}, {kMouse, 3}})
               .Hand(1, {{kElephant, 3}, {kZebra, 2}})
               .Build();
  Play(*s, "play 2 rhino");
  EXPECT_EQ(s->data().waterhole[kRhino], 4);
  EXPECT_EQ(s->data().waterhole[kGiraffe], 0);
  EXPECT_EQ(PileSize(s->data().pile[0]), 2);
  EXPECT_EQ(s->data().pile[0][kGiraffe], 2);
  // The next player plays three elephants and takes the four rhinos.
  Play(*s, "play 3 elephant");
  EXPECT_EQ(s->data().waterhole[kRhino], 0);
  EXPECT_EQ(s->data().waterhole[kElephant], 3);
  EXPECT_EQ(s->data().pile[1][kRhino], 4);
  EXPECT_EQ(s->Scores()[1], 4);
}

TEST(KaribaExamples, ExampleII_FifthMouseChasesTheElephants) {
  auto s = Position("kariba(players=2)")
               .Waterhole({{kMouse, 4}, {kElephant, 3}, {kMeerkat, 2}})
               .Hand(0, {{kMouse, 1}, {kZebra, 4}})
               .Build();
  Play(*s, "play 1 mouse");
  EXPECT_EQ(s->data().pile[0][kElephant], 3);
  EXPECT_EQ(s->data().waterhole[kElephant], 0);
  EXPECT_EQ(s->data().waterhole[kMeerkat], 2);  // the mouse chases nothing else
}

TEST(KaribaExamples, ExampleII_WithoutElephantsTheMouseWinsNothing) {
  auto s = Position("kariba(players=2)")
               .Waterhole({{kMouse, 4}, {kMeerkat, 2}, {kRhino, 1}})
               .Hand(0, {{kMouse, 1}, {kZebra, 4}})
               .Build();
  Play(*s, "play 1 mouse");
  EXPECT_EQ(PileSize(s->data().pile[0]), 0);
  EXPECT_EQ(s->data().waterhole[kMeerkat], 2);
  EXPECT_EQ(s->data().waterhole[kRhino], 1);
  EXPECT_EQ(s->data().waterhole[kMouse], 5);
}

// ---- Rules -----------------------------------------------------------------------------------

TEST(KaribaRules, SetUpDealsFiveCardsEach) {
  for (int players = 2; players <= 4; ++players) {
    auto game = Games().Create("kariba(players=" + std::to_string(players) + ")");
    ASSERT_TRUE(game.has_value());
    auto state = (*game)->NewInitialState(7);
    const auto& d = static_cast<const KaribaState&>(*state).data();
    for (int p = 0; p < players; ++p) EXPECT_EQ(HandSize(d.hand[p]), 5);
    EXPECT_EQ(d.deck_size, 64 - 5 * players);
  }
}

TEST(KaribaRules, FewerThanThreeCardsChaseNothing) {
  auto s = Position("kariba(players=2)")
               .Waterhole({{kRhino, 1}, {kCheetah, 2}})
               .Hand(0, {{kRhino, 1}, {kMouse, 4}})
               .Build();
  Play(*s, "play 1 rhino");
  EXPECT_EQ(s->data().waterhole[kCheetah], 2);
  EXPECT_EQ(PileSize(s->data().pile[0]), 0);
}

TEST(KaribaRules, AddingToAGroupOfThreeChasesAgain) {
  auto s = Position("kariba(players=2)")
               .Waterhole({{kZebra, 3}, {kMeerkat, 1}})
               .Hand(0, {{kZebra, 1}, {kMouse, 4}})
               .Build();
  Play(*s, "play 1 zebra");
  EXPECT_EQ(s->data().pile[0][kMeerkat], 1);
}

TEST(KaribaRules, OnlyTheClosestWeakerAnimalIsChased) {
  auto s = Position("kariba(players=2)")
               .Waterhole({{kOstrich, 2}, {kGiraffe, 1}, {kZebra, 3}})
               .Hand(0, {{kOstrich, 1}, {kMouse, 4}})
               .Build();
  Play(*s, "play 1 ostrich");
  EXPECT_EQ(s->data().pile[0][kGiraffe], 1);
  EXPECT_EQ(s->data().waterhole[kZebra], 3);
}

TEST(KaribaRules, NoWeakerAnimalPresentWinsNothing) {
  auto s = Position("kariba(players=2)")
               .Waterhole({{kZebra, 2}, {kElephant, 2}})
               .Hand(0, {{kZebra, 2}, {kMouse, 3}})
               .Build();
  Play(*s, "play 2 zebra");
  EXPECT_EQ(PileSize(s->data().pile[0]), 0);
  EXPECT_EQ(s->data().waterhole[kElephant], 2);
}

TEST(KaribaRules, OnlyTheMouseChasesTheElephant) {
  auto s = Position("kariba(players=2)")
               .Waterhole({{kElephant, 2}, {kRhino, 2}})
               .Hand(0, {{kElephant, 1}, {kMouse, 4}})
               .Hand(1, {{kCheetah, 3}, {kZebra, 2}})
               .Build();
  Play(*s, "play 1 elephant");  // three elephants chase the rhinos
  EXPECT_EQ(s->data().pile[0][kRhino], 2);
  Play(*s, "play 3 cheetah");  // nothing weaker than a cheetah is present; the elephant stays
  EXPECT_EQ(s->data().waterhole[kElephant], 3);
  EXPECT_EQ(PileSize(s->data().pile[1]), 0);
}

TEST(KaribaRules, PlayedCardsAreOfOneAnimal) {
  auto s = Position("kariba(players=2)").Hand(0, {{kZebra, 2}, {kRhino, 3}}).Build();
  ActionList legal;
  s->LegalActions(0, legal);
  std::vector<std::string> names;
  for (Action a : legal) names.push_back(s->ActionToString(0, a));
  EXPECT_EQ(names, (std::vector<std::string>{"play 1 zebra", "play 2 zebra", "play 1 rhino",
                                             "play 2 rhino", "play 3 rhino"}));
  EXPECT_FALSE(s->Apply(0, PlayAction(kZebra, 3)).has_value());
  EXPECT_FALSE(s->Apply(1, PlayAction(kZebra, 1)).has_value());  // not player 1's turn
}

TEST(KaribaRules, HandIsRefilledToFiveFromThePile) {
  auto s = Position("kariba(players=2)")
               .Hand(0, {{kZebra, 2}, {kRhino, 3}})
               .Hand(1, {{kMouse, 5}})
               .PileTop({kElephant, kCheetah, kGiraffe})  // the giraffe on top
               .Build();
  Play(*s, "play 3 rhino");
  const auto& d = s->data();
  EXPECT_EQ(HandSize(d.hand[0]), 5);
  EXPECT_EQ(d.hand[0][kGiraffe], 1);
  EXPECT_EQ(d.hand[0][kCheetah], 1);
  EXPECT_EQ(d.hand[0][kElephant], 1);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
}

// ---- Decisions (docs/rules/kariba.md) ------------------------------------------------------

TEST(KaribaDecisions, FirstGameStartsWithSeatZero) {
  auto game = Games().Create("kariba(players=3)");
  ASSERT_TRUE(game.has_value());
  EXPECT_EQ((*game)->NewInitialState(99)->PlayersToAct(), PlayerSet::Single(0));
}

TEST(KaribaDecisions, GameEndsWhenAHandRunsOut) {
  auto s = Position("kariba(players=3)")
               .Hand(0, {{kZebra, 1}})
               .Hand(1, {{kMouse, 2}})
               .Hand(2, {{kRhino, 1}})
               .PileSize(0)
               .Build();
  Play(*s, "play 1 zebra");
  EXPECT_TRUE(s->IsTerminal());
  EXPECT_TRUE(s->PlayersToAct().Empty());
  // Cards left in other hands do not count.
  EXPECT_EQ(s->Scores()[1], 0);
}

TEST(KaribaDecisions, TiedPlayersShareTheWin) {
  auto s = Position("kariba(players=2)").Hand(0, {{kZebra, 1}}).Hand(1, {{kMouse, 1}}).Build();
  // Split the 62 other cards 31/31 between the two score piles, the pile empty.
  auto& d = s->mutable_data();
  d.pile[0] = {}, d.pile[1] = {};
  int turn = 0;
  for (int i = 0; i < d.deck_size; ++i) ++d.pile[turn++ % 2][d.deck[i]];
  d.deck_size = 0;
  Play(*s, "play 1 zebra");
  ASSERT_TRUE(s->IsTerminal());
  EXPECT_EQ(s->Scores()[0], s->Scores()[1]);
  EXPECT_EQ(s->Winners(), PlayerSet::FirstN(2));
  EXPECT_DOUBLE_EQ(s->Returns()[0], 0.5);
  EXPECT_DOUBLE_EQ(s->Returns()[1], 0.5);
}

TEST(KaribaDecisions, ScorePilesAreOpenInformation) {
  auto s = Position("kariba(players=2)").Pile(1, {{kRhino, 4}}).Hand(0, {{kZebra, 5}}).Build();
  for (Player viewer : {0, 1, kSpectator}) {
    const Json view = s->View(viewer);
    EXPECT_EQ(view["players"][1]["score_pile"], 4);
    EXPECT_EQ(view["players"][1]["captured"][kRhino - 1], 4);
  }
}

TEST(KaribaDecisions, OnlyTheOwnHandIsShown) {
  auto s = Position("kariba(players=3)").Hand(0, {{kZebra, 5}}).Hand(1, {{kRhino, 5}}).Build();
  const Json view = s->View(0);
  EXPECT_EQ(view["players"][0]["hand"][kZebra - 1], 5);
  EXPECT_FALSE(view["players"][1].contains("hand"));
  EXPECT_EQ(view["players"][1]["hand_size"], 5);
  EXPECT_FALSE(s->View(kSpectator)["players"][0].contains("hand"));
  EXPECT_EQ(s->ViewText(0).find("rhino]"), std::string::npos);
}

TEST(KaribaDecisions, MouseChasesTheStrongestAnimal) {
  auto s = Position("kariba(players=2,animals=9)")
               .Waterhole({{kMouse, 2}, {kElephant, 2}, {kHippo, 1}})
               .Hand(0, {{kMouse, 1}, {kZebra, 4}})
               .Build();
  Play(*s, "play 1 mouse");
  EXPECT_EQ(s->data().pile[0][kHippo], 1);
  EXPECT_EQ(s->data().waterhole[kElephant], 2);
}

TEST(KaribaDecisions, AdjacentChaseTakesOnlyTheNextLowerAnimal) {
  auto s = Position("kariba(players=2,chase=adjacent)")
               .Waterhole({{kRhino, 2}, {kGiraffe, 2}})
               .Hand(0, {{kRhino, 1}, {kZebra, 4}})
               .Hand(1, {{kCheetah, 3}, {kMouse, 2}})
               .Build();
  Play(*s, "play 1 rhino");  // the cheetah's place is empty: nothing is chased
  EXPECT_EQ(s->data().waterhole[kGiraffe], 2);
  Play(*s, "play 3 cheetah");  // the ostrich's place is empty: nothing is chased
  EXPECT_EQ(PileSize(s->data().pile[1]), 0);
}

TEST(KaribaDecisions, AdjacentChaseMouseStillChasesTheElephant) {
  auto s = Position("kariba(players=2,chase=adjacent)")
               .Waterhole({{kMouse, 2}, {kElephant, 1}})
               .Hand(0, {{kMouse, 1}, {kZebra, 4}})
               .Build();
  Play(*s, "play 1 mouse");
  EXPECT_EQ(s->data().pile[0][kElephant], 1);
}

TEST(KaribaDecisions, FiveAndSixPlayersNeedTheNineAnimalDeck) {
  auto bad = Games().Create("kariba(players=5)");
  ASSERT_FALSE(bad.has_value());
  EXPECT_NE(bad.error().message.find("animals=9"), std::string::npos);
  EXPECT_TRUE(Games().Create("kariba(players=6,animals=9)").has_value());
}

TEST(KaribaDecisions, OpenVariantDrawingIsTheDrawersChoice) {
  auto s = Position("kariba(players=2,variant=open)")
               .Hand(0, {{kZebra, 2}, {kRhino, 3}})
               .Hand(1, {{kMouse, 5}})
               .Display({kCheetah, kCheetah, kGiraffe})
               .PileTop({kElephant, kOstrich})
               .Build();
  Play(*s, "play 2 zebra");
  ASSERT_EQ(s->data().phase, Phase::kDraw);
  ActionList legal;
  s->LegalActions(0, legal);
  std::vector<std::string> names;
  for (Action a : legal) names.push_back(s->ActionToString(0, a));
  EXPECT_EQ(names, (std::vector<std::string>{"draw pile", "take giraffe", "take cheetah"}));
  Play(*s, "take cheetah");
  Play(*s, "draw pile");
  // Hand full: the turn is over and the taken slot was refilled from the pile.
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
  EXPECT_EQ(s->data().hand[0][kOstrich], 1);
  EXPECT_EQ(s->data().hand[0][kCheetah], 1);
  EXPECT_EQ(s->data().display[0], kElephant);
}

TEST(KaribaDecisions, OpenVariantDisplayRefillsOnlyAfterTheTurn) {
  auto s = Position("kariba(players=2,variant=open)")
               .Hand(0, {{kZebra, 2}, {kRhino, 3}})
               .Hand(1, {{kMouse, 5}})
               .Display({kCheetah, kGiraffe, kGiraffe})
               .PileTop({kElephant})
               .Build();
  Play(*s, "play 2 zebra");
  Play(*s, "take cheetah");
  EXPECT_EQ(s->data().display[0], 0);  // still empty during the turn
  ActionList legal;
  s->LegalActions(0, legal);
  EXPECT_FALSE(legal.Contains(TakeAction(kElephant)));
}

TEST(KaribaDecisions, OpenVariantTakenCardsAreKnownUntilPlayed) {
  auto s = Position("kariba(players=2,variant=open)")
               .Hand(0, {{kZebra, 1}, {kRhino, 4}})
               .Hand(1, {{kMouse, 5}})
               .Display({kCheetah, kGiraffe, kGiraffe})
               .Build();
  Play(*s, "play 1 zebra");
  Play(*s, "take cheetah");
  EXPECT_EQ(s->View(1)["players"][0]["known"][kCheetah - 1], 1);
  EXPECT_EQ(s->View(kSpectator)["players"][0]["known"][kCheetah - 1], 1);
  // Determinizing for player 1 keeps the known cheetah in player 0's hand.
  Rng rng(3);
  for (int i = 0; i < 20; ++i) {
    auto det = s->Determinize(1, rng);
    EXPECT_GE(static_cast<const KaribaState&>(*det).data().hand[0][kCheetah], 1);
  }
  Play(*s, "play 1 mouse");  // player 1, who then refills the hand
  Play(*s, "draw pile");
  Play(*s, "play 1 cheetah");
  EXPECT_EQ(s->View(1)["players"][0]["known"][kCheetah - 1], 0);
}

TEST(KaribaDecisions, OpenVariantDisplayStaysAfterThePileRunsOut) {
  auto s = Position("kariba(players=2,variant=open)")
               .Hand(0, {{kZebra, 2}, {kRhino, 3}})
               .Hand(1, {{kMouse, 5}})
               .Display({kCheetah, kGiraffe, 0})
               .PileSize(0)
               .Build();
  Play(*s, "play 2 zebra");
  ActionList legal;
  s->LegalActions(0, legal);
  EXPECT_FALSE(legal.Contains(kDrawPileAction));
  Play(*s, "take cheetah");
  Play(*s, "take giraffe");
  EXPECT_EQ(HandSize(s->data().hand[0]), 5);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
}

TEST(KaribaDecisions, MatchNextGameStartsWithTheNextSeat) {
  auto s = Position("kariba(players=3,games=3)")
               .Hand(0, {{kZebra, 1}})
               .Hand(1, {{kMouse, 1}})
               .Hand(2, {{kRhino, 1}})
               .PileSize(0)
               .Build();
  const int first_game_score = int(s->Scores()[0]);
  Play(*s, "play 1 zebra");
  ASSERT_FALSE(s->IsTerminal());
  EXPECT_EQ(s->data().game_index, 1);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));  // the seat after the first starter
  EXPECT_EQ(HandSize(s->data().hand[0]), 5);           // a fresh deal
  EXPECT_EQ(s->Scores()[0], first_game_score);         // the first game's score is kept
}

TEST(KaribaDecisions, MatchScoresAreTotals) {
  auto game = Games().Create("kariba(players=2,games=3)");
  ASSERT_TRUE(game.has_value());
  auto state = (*game)->NewInitialState(5);
  Rng rng(5);
  ActionList legal;
  while (!state->IsTerminal()) {
    const Player p = state->PlayersToAct().First();
    state->LegalActions(p, legal);
    state->ApplyUnchecked(p, legal[rng.Below(legal.Size())]);
  }
  const auto& d = static_cast<const KaribaState&>(*state).data();
  ASSERT_EQ(d.game_index, 3);
  for (int p = 0; p < 2; ++p)
    EXPECT_EQ(state->Scores()[p], d.finished[0][p] + d.finished[1][p] + d.finished[2][p]);
}

TEST(KaribaDecisions, BadStateDocumentsAreRejected) {
  auto s = Position("kariba(players=2)").Hand(0, {{kZebra, 4}}).Build();
  Json j = s->ToJson();
  j["hands"][0][kZebra - 1] = 5;  // a ninth zebra that exists nowhere
  auto r = s->game().StateFromJson(j);
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().message.find("zebra"), std::string::npos) << r.error().message;
  Json k = s->ToJson();
  k["known"][0][kRhino - 1] = 1;  // known cards the hand does not hold
  EXPECT_FALSE(s->game().StateFromJson(k).has_value());
}

// data=FILE replaces the built-in deck; a bad file is rejected naming the file and the field.
TEST(KaribaData, UserDeckFileReplacesTheBuiltInDeck) {
  const std::string dir = ::testing::TempDir();
  Json deck = Json::parse(*FindEmbeddedFile("kariba/animals.json"));
  for (auto& animal : deck["animals"]) animal["copies"] = 4;
  deck["animals"][7]["name"] = "tusker";
  const std::string good = dir + "/kariba_half_deck.json";
  ASSERT_TRUE(WriteTextFileAtomic(good, deck.dump()));
  auto game = Games().Create("kariba(players=2,data=" + good + ")");
  ASSERT_TRUE(game.has_value()) << game.error().message;
  const auto& kariba = static_cast<const KaribaGame&>(**game);
  EXPECT_EQ(kariba.config().total_cards, 32);
  EXPECT_EQ(kariba.config().names[8], "tusker");

  deck["animals"][2]["copies"] = 0;
  const std::string bad = dir + "/kariba_bad_deck.json";
  ASSERT_TRUE(WriteTextFileAtomic(bad, deck.dump()));
  auto rejected = Games().Create("kariba(players=2,data=" + bad + ")");
  ASSERT_FALSE(rejected.has_value());
  EXPECT_NE(rejected.error().message.find(bad), std::string::npos) << rejected.error().message;
  EXPECT_NE(rejected.error().message.find("animals[2]"), std::string::npos)
      << rejected.error().message;
  auto missing = Games().Create("kariba(players=2,data=" + dir + "/no_such_file.json)");
  ASSERT_FALSE(missing.has_value());
  EXPECT_NE(missing.error().message.find("no_such_file.json"), std::string::npos);
}

}  // namespace
}  // namespace savanna::kariba::testing
