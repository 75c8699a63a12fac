// Vom Kap bis Kairo component data tests: the built-in terrains and cards, a user's data file
// replacing them, and bad files rejected with the file, the entry and the field.
#include <gtest/gtest.h>

#include <functional>

#include "core/json_io.h"
#include "games/embedded_data.h"
#include "games/kap_kairo/kap_kairo_position.h"

namespace savanna::kap_kairo::testing {
namespace {

// The values data/kap_kairo/README.md gives: the sourced terrains and our default card list.
TEST(KapKairoData, BuiltInDataMatchesItsReadme) {
  Position pos("kap_kairo(players=2)");
  const Config& c = pos.game().config();
  ASSERT_EQ(c.num_cards, 50);
  ASSERT_EQ(c.num_terrains, 5);
  const std::vector<std::pair<std::string, int>> needed = {
      {"river", 10}, {"mountains", 9}, {"desert", 8}, {"villages", 7}, {"savanna", 6}};
  for (int t = 0; t < 5; ++t) {
    EXPECT_EQ(c.terrains[t].name, needed[t].first);
    EXPECT_EQ(c.terrains[t].tracks_needed, needed[t].second);
    EXPECT_EQ(c.terrains[t].river, t == 0);
  }
  const int tracks[10] = {3, 3, 2, 2, 2, 1, 1, 1, 0, 0};
  for (int t = 0; t < 5; ++t)
    for (int pounds = 1; pounds <= 10; ++pounds)
      EXPECT_EQ(c.card(pos.Card(needed[t].first, pounds)).tracks, tracks[pounds - 1]);
}

TEST(KapKairoData, UserDataFileReplacesTheBuiltInCards) {
  Json data = {{"terrains",
                {{{"name", "swamp"}, {"tracks_needed", 4}, {"river", true}},
                 {{"name", "plain"}, {"tracks_needed", 2}, {"river", false}}}},
               {"cards", Json::array()}};
  for (int i = 0; i < 12; ++i)
    data["cards"].push_back(
        {{"terrain", i % 2 ? "plain" : "swamp"}, {"tracks", i % 4}, {"pounds", 1 + i % 10}});
  const std::string path = ::testing::TempDir() + "/kap_kairo_small.json";
  ASSERT_TRUE(WriteTextFileAtomic(path, data.dump()));
  auto game = Games().Create("kap_kairo(players=2,data=" + path + ")");
  ASSERT_TRUE(game.has_value()) << game.error().message;
  const auto& kk = static_cast<const KapKairoGame&>(**game);
  EXPECT_EQ(kk.config().num_cards, 12);
  EXPECT_EQ(kk.config().terrains[0].name, "swamp");
  // The small deck plays to the end.
  auto s = kk.NewInitialState(3);
  Rng rng(3);
  ActionList legal;
  while (!s->IsTerminal()) {
    const Player p = s->PlayersToAct().First();
    s->LegalActions(p, legal);
    s->ApplyUnchecked(p, legal[rng.Below(legal.Size())]);
    ASSERT_LE(s->MoveNumber(), kk.MaxGameLength());
  }
}

TEST(KapKairoData, BadDataFilesAreRejected) {
  const Json good = Json::parse(*FindEmbeddedFile("kap_kairo/landscapes.json"));
  struct Case {
    std::string name;
    std::function<void(Json&)> spoil;
    std::string expected;  // part of the message
  };
  const std::vector<Case> cases = {
      {"no_cards", [](Json& j) { j.erase("cards"); }, "missing field 'cards'"},
      {"unknown_terrain", [](Json& j) { j["cards"][7]["terrain"] = "jungle"; },
       "cards[7]: field 'terrain': no terrain named 'jungle'"},
      {"four_tracks", [](Json& j) { j["cards"][3]["tracks"] = 4; }, "cards[3]: field 'tracks'"},
      {"zero_pounds", [](Json& j) { j["cards"][0]["pounds"] = 0; }, "cards[0]: field 'pounds'"},
      {"few_cards", [](Json& j) { j["cards"].erase(j["cards"].begin() + 7, j["cards"].end()); },
       "field 'cards' must have 8 to 64 entries"},
      {"twin_terrains", [](Json& j) { j["terrains"][1]["name"] = "River"; }, "used twice"},
      {"bad_name", [](Json& j) { j["terrains"][1]["name"] = "high mountains"; },
       "terrains[1]: field 'name'"},
      {"no_river_flag", [](Json& j) { j["terrains"][2].erase("river"); },
       "terrains[2]: missing field 'river'"},
      {"needed_zero", [](Json& j) { j["terrains"][4]["tracks_needed"] = 0; },
       "terrains[4]: field 'tracks_needed'"},
  };
  for (const Case& c : cases) {
    Json spoiled = good;
    c.spoil(spoiled);
    const std::string path = ::testing::TempDir() + "/kap_kairo_" + c.name + ".json";
    ASSERT_TRUE(WriteTextFileAtomic(path, spoiled.dump()));
    auto game = Games().Create("kap_kairo(players=2,data=" + path + ")");
    ASSERT_FALSE(game.has_value()) << c.name;
    EXPECT_NE(game.error().message.find(path), std::string::npos) << game.error().message;
    EXPECT_NE(game.error().message.find(c.expected), std::string::npos) << game.error().message;
  }
  const std::string broken = ::testing::TempDir() + "/kap_kairo_broken.json";
  ASSERT_TRUE(WriteTextFileAtomic(broken, "{\"terrains\": ["));
  auto parse = Games().Create("kap_kairo(players=2,data=" + broken + ")");
  ASSERT_FALSE(parse.has_value());
  EXPECT_NE(parse.error().message.find("not valid JSON"), std::string::npos);
  auto missing = Games().Create("kap_kairo(data=" + ::testing::TempDir() + "/no_such.json)");
  ASSERT_FALSE(missing.has_value());
  EXPECT_NE(missing.error().message.find("no_such.json"), std::string::npos);
}

}  // namespace
}  // namespace savanna::kap_kairo::testing
