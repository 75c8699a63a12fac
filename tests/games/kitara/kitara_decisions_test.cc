// Kitara: one test per decision in docs/rules/kitara.md (same names), the component data files
// (user files, bad files) and bad state documents.
#include <gtest/gtest.h>

#include <functional>
#include <set>

#include "core/json_io.h"
#include "games/embedded_data.h"
#include "games/kitara/kitara_position.h"
#include "testing/named_actions.h"

namespace savanna::kitara::testing {
namespace {

using savanna::testing::Do;

void PlayRandomly(State& s, Rng& rng) {
  ActionList legal;
  while (!s.IsTerminal()) {
    const Player p = s.PlayersToAct().First();
    s.LegalActions(p, legal);
    s.ApplyUnchecked(p, legal[int(rng.Below(uint32_t(legal.Size())))]);
  }
}

// ---- Set-up and take ----------------------------------------------------------------------------

TEST(KitaraDecisions, SeatZeroStartsTheGame) {
  auto game = Games().Create("kitara(players=4)");
  ASSERT_TRUE(game.has_value());
  auto s = (*game)->NewInitialState(42);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(0));
  for (const char* area : {"O1", "O5", "O9"}) Do(*s, std::string("start on ") + area);
  EXPECT_EQ(D(*s).round, 1);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(0));
  EXPECT_EQ(D(*s).phase, Phase::kTake);
}

TEST(KitaraDecisions, TakeAlwaysOffersAtLeastTheFirstCard) {
  // A kingdom without take symbols (the start card is gone) still takes the first card.
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O5", 1, W(3))
               .Kingdom(0, {"M1 P1 (age 1)"}, false)
               .Row({"D1 P1 (age 1)", "W1 M1 (age 1)"})
               .Build();
  EXPECT_EQ(KingdomSymbols(C(*s), D(*s), 0, &Card::take), 0);
  EXPECT_EQ(TakeChoices(C(*s), D(*s)), 1);
  EXPECT_EQ(LegalStrings(*s), (std::vector<std::string>{"take 1: D1 P1 (age 1)"}));
}

TEST(KitaraDecisions, ForcedChoicesAreMadeAutomatically) {
  // A recruit with a single held area is placed without asking.
  auto s =
      Position("kitara(players=2)").Area("O1", 0, W(3)).Area("O5", 1, W(3)).Row(kAgeOneRow).Build();
  Do(*s, "take 2: W1 M1 (age 1)");
  EXPECT_EQ(At(*s, "O1").figures, W(4));
  EXPECT_EQ(D(*s).phase, Phase::kMoveSource);
  // In random games no decision ever offers a single option.
  for (int players = 2; players <= 4; ++players) {
    auto game = Games().Create("kitara(players=" + std::to_string(players) + ",deck=red)");
    ASSERT_TRUE(game.has_value());
    Rng rng{uint64_t(players)};
    ActionList legal;
    for (int g = 0; g < 10; ++g) {
      auto state = (*game)->NewInitialState(rng.Next());
      while (!state->IsTerminal()) {
        const Player p = state->PlayersToAct().First();
        state->LegalActions(p, legal);
        ASSERT_GE(legal.Size(), 2) << "phase " << PhaseName(D(*state).phase);
        state->ApplyUnchecked(p, legal[int(rng.Below(uint32_t(legal.Size())))]);
      }
    }
  }
}

TEST(KitaraDecisions, EmptyRowSkipsTheTake) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O5", 1, W(3))
               .Row({"D1 P1 (age 1)"})
               .Deck({})
               .Moves(1)
               .Build();
  Do(*s, "end moves");  // P0's turn ends; the two-player discard empties the row
  EXPECT_EQ(D(*s).row_size, 0);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
  EXPECT_EQ(D(*s).phase, Phase::kMoveSource);  // P1 takes nothing and moves
  EXPECT_EQ(D(*s).taken[1], 0);
  EXPECT_EQ(D(*s).moves_left, 2);
}

TEST(KitaraDecisions, EmptyDeckRevealsNothing) {
  auto s = Position("kitara(players=3)")
               .Area("O1", 0, W(3))
               .Area("O5", 1, W(3))
               .Area("O9", 2, W(3))
               .Row({"D1 P1 (age 1)", "W1 P1 (age 1)", "M1 P1 (age 1)"})
               .Deck({})
               .Build();
  Do(*s, "take 1: D1 P1 (age 1)");
  EXPECT_EQ(D(*s).row_size, 2);
  EXPECT_EQ(D(*s).deck_size, 0);
}

// ---- Recruit and move ---------------------------------------------------------------------------

TEST(KitaraDecisions, PlayerWithoutAreasRecruitsNothing) {
  auto s = Position("kitara(players=2)").Area("O5", 1, W(3)).Row(kAgeOneRow).Build();
  Do(*s, "take 2: W1 M1 (age 1)");
  EXPECT_EQ(D(*s).supply[0][kWarrior], 10);
  EXPECT_EQ(D(*s).held[0], 0u);
  // Nothing can move either; nothing feeds the two cards: both must go.
  EXPECT_EQ(D(*s).phase, Phase::kDiscard);
  EXPECT_EQ(D(*s).to_discard, 2);
}

TEST(KitaraDecisions, RecruitsArePlacedOneAtATimeWarriorsFirst) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O2", 0, W(1))
               .Area("O5", 1, W(3))
               .Row({"W1 A1 M1 P1 (age 3)", "D1 P1 (age 1)"})
               .Build();
  Do(*s, "take 1: W1 A1 M1 P1 (age 3)");
  EXPECT_EQ(LegalStrings(*s),
            (std::vector<std::string>{"place warrior on O1", "place warrior on O2"}));
  Do(*s, "place warrior on O2");
  EXPECT_EQ(LegalStrings(*s),
            (std::vector<std::string>{"place animal on O1", "place animal on O2"}));
  Do(*s, "place animal on O1");
  EXPECT_EQ(At(*s, "O1").figures, (Figures{3, 1, 0}));
  EXPECT_EQ(At(*s, "O2").figures, W(2));
}

TEST(KitaraDecisions, AMoveIsAreaThenFiguresThenBorder) {
  auto s =
      Position("kitara(players=2)").Area("O1", 0, {2, 1, 1}).Area("O5", 1, W(3)).Moves(1).Build();
  Do(*s, "move from O1");
  EXPECT_EQ(LegalStrings(*s).size(), size_t(3 * 2 * 2 - 1));  // every non-empty choice of figures
  EXPECT_TRUE(s->IsLegal(0, GroupAction(2, 1, 1)));
  EXPECT_FALSE(s->IsLegal(0, GroupAction(3, 0, 0)));
  Do(*s, "with 1 warrior, 1 hero");
  EXPECT_EQ(LegalStrings(*s), (std::vector<std::string>{"to I0", "to O0", "to O2"}));
  Do(*s, "to I0");
  EXPECT_EQ(At(*s, "I0").figures, (Figures{1, 0, 1}));
  EXPECT_EQ(At(*s, "O1").figures, (Figures{1, 1, 0}));
}

TEST(KitaraDecisions, AChosenMoveMustBeCompleted) {
  auto s = Position("kitara(players=2)").Area("O1", 0, W(3)).Area("O5", 1, W(3)).Moves(2).Build();
  Do(*s, "move from O1");
  EXPECT_FALSE(s->IsLegal(0, kEndMovesAction));
  Do(*s, "with 1 warrior");
  EXPECT_FALSE(s->IsLegal(0, kEndMovesAction));
  EXPECT_FALSE(s->IsLegal(0, SourceAction(AreaNamed(C(*s), "O1"))));
}

TEST(KitaraDecisions, EndMovesIsAlwaysOffered) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O2", 0, W(1))
               .Area("O5", 1, W(3))
               .Kingdom(0, {"M1 P1 (age 1)"})
               .Moves(3)
               .Build();
  EXPECT_EQ(LegalStrings(*s),
            (std::vector<std::string>{"move from O1", "move from O2", "end moves"}));
  Do(*s, "end moves");
  EXPECT_EQ(D(*s).prosperity[0], 1);  // scored at once, moves unused
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
}

// ---- Hero tokens --------------------------------------------------------------------------------

TEST(KitaraDecisions, EmptyBagDrawsNothing) {
  std::vector<int> all;
  for (auto [value, count] : {std::pair{2, 12}, {3, 12}, {4, 9}, {5, 6}})
    all.insert(all.end(), size_t(count), value);
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, {2, 0, 1})
               .Area("O2", 1, W(1))
               .Area("O6", 1, W(1))
               .Tokens(1, all)
               .Moves(1)
               .Build();
  ASSERT_EQ(TokenCount(D(*s).bag), 0);
  Do(*s, "move from O1");
  Do(*s, "with 2 warriors, 1 hero");
  Do(*s, "attack O2");
  EXPECT_FALSE(D(*s).last_attack.drew_token);
  EXPECT_EQ(TokenCount(D(*s).tokens[0]), 0);
}

TEST(KitaraDecisions, BestDrawnHeroTokenIsKeptAutomatically) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O5", 1, W(3))
               .Drawn({3, 5, 5})
               .Moves(1)
               .Build();
  Do(*s, "end moves");
  EXPECT_EQ(TokenValue(C(*s), D(*s).tokens[0]), 5);
  EXPECT_EQ(TokenCount(D(*s).tokens[0]), 1);
  EXPECT_EQ(TokenCount(D(*s).bag), 38);  // the 3 and the other 5 went back
  EXPECT_EQ(D(*s).bag[3], 5);
}

// ---- Manage -------------------------------------------------------------------------------------

TEST(KitaraDecisions, FoodIsCountedOnceBeforeDiscarding) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(1))
               .Area("O2", 0, W(1))
               .Area("O5", 1, W(3))
               .Kingdom(0, {"D2 W1 (age 2)", "W2 M1 (age 2)"})
               .Moves(1)
               .Build();
  Do(*s, "end moves");
  ASSERT_EQ(D(*s).to_discard, 1);
  Do(*s, "discard 3: W2 M1 (age 2)");
  Do(*s, "remove warrior from O1");  // the second warrior, on O2, goes without asking
  // No savanna feeds any more, yet nothing else is discarded.
  EXPECT_EQ(D(*s).held[0], 0u);
  EXPECT_EQ(D(*s).kingdom_size[0], 2);
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
}

TEST(KitaraDecisions, DiscardsAreChosenOneCardAtATime) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O3", 0, {0, 1, 0})
               .Area("O5", 1, W(3))
               .Kingdom(0, {"A1 P2 (age 2)", "M1 P1 (age 1)"})
               .Moves(1)
               .Build();
  Do(*s, "end moves");
  ASSERT_EQ(D(*s).to_discard, 2);
  Do(*s, "discard 2: A1 P2 (age 2)");  // its ruler animal, on O3 only, is removed at once
  EXPECT_EQ(At(*s, "O3").owner, -1);
  EXPECT_EQ(D(*s).phase, Phase::kDiscard);
  EXPECT_EQ(LegalStrings(*s), (std::vector<std::string>{"discard 1: D2 W3 M2 (start card)",
                                                        "discard 2: M1 P1 (age 1)"}));
  Do(*s, "discard 2: M1 P1 (age 1)");
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
}

TEST(KitaraDecisions, MissingFiguresAreNotRemoved) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O5", 1, W(3))
               .Kingdom(0, {"A1 P2 (age 2)"})
               .Moves(1)
               .Build();
  Do(*s, "end moves");
  Do(*s, "discard 2: A1 P2 (age 2)");  // no ruler animal of P0 is on the board
  EXPECT_EQ(D(*s).supply[0][kAnimal], 5);
  EXPECT_EQ(At(*s, "O1").figures, W(3));
  EXPECT_EQ(s->PlayersToAct(), PlayerSet::Single(1));
}

TEST(KitaraDecisions, StartCardIsAKingdomCard) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O2", 0, W(1))
               .Area("O5", 1, W(3))
               .Kingdom(0, {"M1 P1 (age 1)", "A1 M1 (age 1)"})
               .Moves(1)
               .Build();
  EXPECT_EQ(HungryCards(C(*s), D(*s), 0), 3);
  Do(*s, "end moves");
  Do(*s, "discard 1: D2 W3 M2 (start card)");
  EXPECT_EQ(LegalStrings(*s),
            (std::vector<std::string>{"remove warrior from O1", "remove warrior from O2"}));
  Do(*s, "remove warrior from O2");  // then the other two from O1
  EXPECT_EQ(At(*s, "O1").figures, W(1));
  EXPECT_EQ(D(*s).discards[D(*s).discard_size - 2], kStartCard);
}

// ---- The end ------------------------------------------------------------------------------------

TEST(KitaraDecisions, AnyAgeFiveRevealStartsTheEnd) {
  // The two-player row discard reveals the first age-5 card at the end of P0's turn.
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O5", 1, W(3))
               .Row({"D1 W2 M2 (age 4)", "W1 A1 M1 P2 (age 4)", "H1 M2 P2 (age 4)",
                     "D2 M1 P2 (age 4)", "W2 M1 P2 (age 4)", "D1 A1 M2 P1 (age 4)"})
               .Deck({"D2 M2 P2 (age 5)", "W2 M1 P3 (age 5)"})
               .Turn(0, 5)
               .Moves(1)
               .Build();
  Do(*s, "end moves");
  EXPECT_EQ(D(*s).last_round, 6);

  // A deck whose first six cards include age 5 ends after the first round.
  Json doc = Json::parse(*FindEmbeddedFile("kitara/cards.json"));
  for (const char* deck : {"blue", "red"}) {
    Json& cards = doc["decks"][deck]["cards"];
    Json short_deck = Json::array();
    for (const Json& card : cards)
      if (card["age"] == 5) short_deck.push_back(card);
    cards = short_deck;
  }
  const std::string path = ::testing::TempDir() + "/kitara_short_deck.json";
  ASSERT_TRUE(WriteTextFileAtomic(path, doc.dump()));
  auto game = Games().Create("kitara(players=3,data=" + path + ")");
  ASSERT_TRUE(game.has_value()) << game.error().message;
  auto short_game = (*game)->NewInitialState(3);
  EXPECT_EQ(D(*short_game).last_round, 1);
  Rng rng(9);
  PlayRandomly(*short_game, rng);
  for (int p = 0; p < 3; ++p) EXPECT_EQ(D(*short_game).taken[p], 1);
}

TEST(KitaraDecisions, ScoresBeforeTheEndAreTheTrack) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O5", 1, W(3))
               .Tokens(0, {5})
               .Prosperity(0, 7)
               .Build();
  EXPECT_EQ(s->Scores()[0], 7);
  EXPECT_EQ(s->View(1)["players"][0]["score"], 7);
  EXPECT_TRUE(s->Winners().Empty());
}

// ---- Hidden information -------------------------------------------------------------------------

TEST(KitaraDecisions, HeroTokenValuesAreHiddenUntilTheEnd) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O5", 1, W(3))
               .Tokens(0, {5, 3})
               .Build();
  EXPECT_EQ(s->View(0)["players"][0]["hero_token_values"], Json({3, 5}));
  for (Player viewer : {1, kSpectator}) {
    const Json view = s->View(viewer);
    EXPECT_EQ(view["players"][0]["hero_tokens"], 2);
    EXPECT_FALSE(view["players"][0].contains("hero_token_values"));
    EXPECT_EQ(s->ViewText(viewer).find("[3 5]"), std::string::npos);
  }
  EXPECT_NE(s->ViewText(0).find("[3 5]"), std::string::npos);
}

TEST(KitaraDecisions, DeterminizeRedealsUnseenHeroTokens) {
  auto s = Position("kitara(players=3)")
               .Area("O1", 0, W(3))
               .Area("O5", 1, W(3))
               .Area("O9", 2, W(3))
               .Tokens(0, {5})
               .Tokens(1, {2, 3})
               .Tokens(2, {4})
               .Build();
  std::set<int> p1_values;
  Rng rng(17);
  for (int i = 0; i < 40; ++i) {
    auto det = s->Determinize(0, rng);
    const KitaraData& d = D(*det);
    EXPECT_EQ(d.tokens[0], D(*s).tokens[0]);  // the viewer's own tokens stay
    EXPECT_EQ(TokenCount(d.tokens[1]), 2);
    EXPECT_EQ(TokenCount(d.tokens[2]), 1);
    for (int v = 0; v < C(*s).token_kinds; ++v)
      EXPECT_EQ(d.bag[v] + d.tokens[0][v] + d.tokens[1][v] + d.tokens[2][v], C(*s).token_counts[v]);
    p1_values.insert(TokenValue(C(*s), d.tokens[1]));
    EXPECT_EQ(det->View(0), s->View(0));
  }
  EXPECT_GT(p1_values.size(), 2u);
}

TEST(KitaraDecisions, DeterminizeReshufflesEachAgeOfTheDeck) {
  auto game = Games().Create("kitara(players=4)");
  ASSERT_TRUE(game.has_value());
  auto s = (*game)->NewInitialState(8);
  const KitaraData& truth = D(*s);
  Rng rng(5);
  bool varied = false;
  for (int i = 0; i < 10; ++i) {
    auto det = s->Determinize(2, rng);
    const KitaraData& d = D(*det);
    ASSERT_EQ(d.deck_size, truth.deck_size);
    for (int k = 0; k < d.deck_size; ++k)
      EXPECT_EQ(C(*s).cards[d.deck[k]].age, C(*s).cards[truth.deck[k]].age);
    varied |= d.deck != truth.deck;
    std::multiset<int> a(d.deck.begin(), d.deck.begin() + d.deck_size),
        b(truth.deck.begin(), truth.deck.begin() + truth.deck_size);
    EXPECT_EQ(a, b);
    EXPECT_EQ(d.row, truth.row);
  }
  EXPECT_TRUE(varied);
}

TEST(KitaraDecisions, DeckCountsByAgeAndDiscardsAreOpen) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O2", 0, W(1))
               .Area("O5", 1, W(3))
               .Row(kAgeOneRow)
               .Build();
  Do(*s, "take 1: D1 P1 (age 1)");
  Do(*s, "end moves");
  const Json view = s->View(kSpectator);
  EXPECT_EQ(view["deck"]["size"], 28);
  EXPECT_EQ(view["deck"]["by_age"], Json({0, 6, 7, 7, 8}));
  EXPECT_EQ(view["discards"][0], "W1 M1 (age 1)");
  EXPECT_FALSE(view.contains("rng"));
}

// ---- Component data -----------------------------------------------------------------------------

// The three built-in files as one user document.
Json BuiltInDocument() {
  Json doc = Json::object();
  for (const char* file : {"kitara/maps.json", "kitara/cards.json", "kitara/hero_tokens.json"}) {
    Json part = Json::parse(*FindEmbeddedFile(file));
    for (auto& [key, value] : part.items())
      if (key != "schema" && key != "source") doc[key] = value;
  }
  return doc;
}

std::string WriteDoc(const std::string& name, const Json& doc) {
  const std::string path = ::testing::TempDir() + "/" + name;
  EXPECT_TRUE(WriteTextFileAtomic(path, doc.dump()).has_value());
  return path;
}

TEST(KitaraDecisions, DataFileSectionsReplaceTheBuiltInOnes) {
  Json doc = {{"hero_tokens", {{{"value", 1}, {"count", 10}}, {{"value", 7}, {"count", 2}}}}};
  const std::string path = WriteDoc("kitara_tokens_only.json", doc);
  auto game = Games().Create("kitara(players=4,data=" + path + ")");
  ASSERT_TRUE(game.has_value()) << game.error().message;
  const Config& c = static_cast<const KitaraGame&>(**game).config();
  EXPECT_EQ(c.total_tokens, 12);
  EXPECT_EQ(c.token_values[1], 7);
  EXPECT_EQ(c.map.num_areas, 25);  // the built-in 4-player map
  EXPECT_EQ(c.num_cards, 36);
  // The whole built-in data as one file gives the built-in game.
  auto whole = Games().Create(
      "kitara(players=3,deck=red,data=" + WriteDoc("kitara_whole.json", BuiltInDocument()) + ")");
  ASSERT_TRUE(whole.has_value()) << whole.error().message;
  EXPECT_EQ(static_cast<const KitaraGame&>(**whole).config().total_tokens, 39);
}

TEST(KitaraDecisions, MapsMustConnectAllLandAreas) {
  Json doc = BuiltInDocument();
  Json& borders = doc["maps"][0]["borders"];
  Json kept = Json::array();
  for (const Json& b : borders)  // cut O3 off
    if (b[0] != "O3" && b[1] != "O3") kept.push_back(b);
  borders = kept;
  const std::string path = WriteDoc("kitara_cut_map.json", doc);
  auto game = Games().Create("kitara(players=3,data=" + path + ")");
  ASSERT_FALSE(game.has_value());
  EXPECT_NE(game.error().message.find(path + ": maps[0]: "), std::string::npos)
      << game.error().message;
  EXPECT_NE(game.error().message.find("not all connected"), std::string::npos);
}

TEST(KitaraData, BadDataFilesAreRejectedNamingFileFieldAndReason) {
  struct Case {
    const char* name;
    std::function<void(Json&)> edit;
    const char* expected;
  };
  const std::vector<Case> cases = {
      {"unknown_section", [](Json& d) { d["mapz"] = 1; }, "unknown field 'mapz'"},
      {"area_type", [](Json& d) { d["maps"][1]["areas"][3]["type"] = "forest"; },
       "maps[1]: areas[3]: field 'type' must be savanna, ruin or lake"},
      {"duplicate_name", [](Json& d) { d["maps"][0]["areas"][2]["name"] = "i0"; },
       "maps[0]: areas[2]: the name 'i0' is used twice"},
      {"bad_border",
       [](Json& d) {
         d["maps"][2]["borders"][4] = {"I0", "X9"};
       },
       "maps[2]: borders[4]: names an area that is not in 'areas'"},
      {"lake_start", [](Json& d) { d["maps"][0]["areas"][0]["start"] = true; },
       "maps[0]: areas[0]: a lake cannot be a start area"},
      {"few_starts",
       [](Json& d) {
         d["maps"][2]["areas"][10]["start"] = false; /* O1 */
       },
       "maps[2]: a map for 4 players needs at least 4 start areas"},
      {"missing_map", [](Json& d) { d["maps"][1]["players"] = 2; },
       "maps[1]: a second map for 2 players"},
      {"card_figures",
       [](Json& d) {
         d["decks"]["red"]["cards"][0]["figures"] = {{"warriors", 2}, {"heroes", 2}};
       },
       "decks: red: cards[0]: figures: a card shows at most 3 figures"},
      {"card_key", [](Json& d) { d["decks"]["blue"]["cards"][5]["colour"] = "blue"; },
       "decks: blue: cards[5]: unknown field 'colour'"},
      {"card_age", [](Json& d) { d["decks"]["blue"]["cards"][1]["age"] = 6; },
       "decks: blue: cards[1]: field 'age' must be an integer from 1 to 5"},
      {"no_age_five",
       [](Json& d) {
         for (Json& card : d["decks"]["blue"]["cards"]) card["age"] = 1;
       },
       "decks: blue: the deck needs at least one card of age 5"},
      {"start_card", [](Json& d) { d["start_card"]["moves"] = "two"; },
       "start_card: field 'moves' must be an integer from 0 to 9"},
      {"token_twice", [](Json& d) { d["hero_tokens"][1]["value"] = 2; },
       "hero_tokens[1]: the value 2 is listed twice"},
      {"token_count", [](Json& d) { d["hero_tokens"][0]["count"] = 0; },
       "hero_tokens[0]: field 'count' must be an integer from 1 to 99"},
  };
  for (const Case& c : cases) {
    Json doc = BuiltInDocument();
    c.edit(doc);
    const std::string path = WriteDoc(std::string("kitara_bad_") + c.name + ".json", doc);
    auto game = Games().Create("kitara(players=2,data=" + path + ")");
    ASSERT_FALSE(game.has_value()) << c.name;
    EXPECT_NE(game.error().message.find(path + ": "), std::string::npos)
        << c.name << ": " << game.error().message;
    EXPECT_NE(game.error().message.find(c.expected), std::string::npos)
        << c.name << ": " << game.error().message;
  }
  const std::string dir = ::testing::TempDir();
  ASSERT_TRUE(WriteTextFileAtomic(dir + "/kitara_not_json.json", "{\"maps\": ["));
  auto not_json = Games().Create("kitara(data=" + dir + "/kitara_not_json.json)");
  ASSERT_FALSE(not_json.has_value());
  EXPECT_NE(not_json.error().message.find("not valid JSON"), std::string::npos);
  auto missing = Games().Create("kitara(data=" + dir + "/kitara_no_such_file.json)");
  ASSERT_FALSE(missing.has_value());
  EXPECT_NE(missing.error().message.find("kitara_no_such_file.json"), std::string::npos);
  auto empty = Games().Create("kitara(data=" + WriteDoc("kitara_empty.json", Json::object()) + ")");
  ASSERT_FALSE(empty.has_value());
  EXPECT_NE(empty.error().message.find("none of the sections"), std::string::npos);
}

// ---- State documents ----------------------------------------------------------------------------

TEST(KitaraDecisions, BadStateDocumentsAreRejected) {
  auto s = Position("kitara(players=2)")
               .Area("O1", 0, W(3))
               .Area("O5", 1, W(3))
               .Tokens(0, {4})
               .Row(kAgeOneRow)
               .Build();
  const Json good = s->ToJson();
  ASSERT_TRUE(s->game().StateFromJson(good).has_value());
  struct Case {
    std::function<void(Json&)> edit;
    const char* expected;
  };
  const std::vector<Case> cases = {
      {[](Json& j) { j["kingdoms"][1].push_back(j["row"][0]); }, "places, not exactly one"},
      {[](Json& j) { j["areas"][6]["figures"][0] = 4; }, "warrior figures in all"},
      {[](Json& j) { j["bag"][2] = 9; }, "hero tokens of value 4"},
      {[](Json& j) { j["areas"][6]["owner"] = -1; }, "an owner exactly when it holds figures"},
      {[](Json& j) {
         j["areas"][0] = {{"owner", 1}, {"figures", {1, 0, 0}}};
       },
       "lake"},
      {[](Json& j) { j["row"] = Json::array(); }, ""},
      {[](Json& j) { j["phase"] = "move_border"; }, "moves_left"},
      {[](Json& j) {
         j["deck"] = {j["deck"][1], j["deck"][0]};
       },
       ""},
      {[](Json& j) { j["phase"] = "dance"; }, "field 'phase' must be one of"},
      // A last round already past (found by fuzz_state_document): the game would end at this
      // round's end with a round that is not the last one, a state that does not load back.
      {[](Json& j) {
         j["round"] = 3;
         j["last_round"] = 2;
       },
       "field 'last_round' is the current round or the next one"},
      {[](Json& j) {
         j["round"] = 3;
         j["last_round"] = 5;
       },
       "field 'last_round' is the current round or the next one"},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    Json bad = good;
    cases[i].edit(bad);
    auto r = s->game().StateFromJson(bad);
    ASSERT_FALSE(r.has_value()) << "case " << i;
    EXPECT_NE(r.error().message.find(cases[i].expected), std::string::npos)
        << "case " << i << ": " << r.error().message;
  }
  // Not set, this round and the next one are the last rounds a game can be playing.
  for (int last : {0, 3, 4}) {
    Json ok = good;
    ok["round"] = 3;
    ok["last_round"] = last;
    EXPECT_TRUE(s->game().StateFromJson(ok).has_value()) << "last_round " << last;
  }
}

}  // namespace
}  // namespace savanna::kitara::testing
