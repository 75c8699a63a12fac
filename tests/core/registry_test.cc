// The game registry: creating games from specs and JSON, its errors, and the configurations
// the conformance suite runs (the product of player counts, choices and bools, minus the
// combinations a factory rejects).
#include "core/registry.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "testing/sealed_bids.h"
#include "testing/test_games.h"

namespace savanna {
namespace {

using testing::TestGames;

TEST(Registry, CreatesFromASpec) {
  auto game = TestGames().Create("sealed_bids(players=3)");
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ((*game)->name(), "sealed_bids");
  EXPECT_EQ((*game)->NumPlayers(), 3);
  EXPECT_EQ((*game)->params().Int("cards"), 5);
  EXPECT_EQ((*game)->Spec(), "sealed_bids(cards=5,players=3)");
  auto plain = TestGames().Create("sealed_bids");
  ASSERT_TRUE(plain);
  EXPECT_EQ((*plain)->NumPlayers(), 2);
}

TEST(Registry, CreatesFromJsonParameters) {
  auto game = TestGames().Create("sealed_bids", Json{{"players", 4}, {"cards", 7}});
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ((*game)->Spec(), "sealed_bids(cards=7,players=4)");
  // The spec of a game recreates it.
  auto again = TestGames().Create((*game)->Spec());
  ASSERT_TRUE(again);
  EXPECT_EQ((*again)->params(), (*game)->params());
}

TEST(Registry, UnknownGameListsTheGames) {
  for (auto result : {TestGames().Create("tarzan(players=2)"), TestGames().Create("tarzan", {})}) {
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::kNotFound);
    EXPECT_NE(result.error().message.find("unknown game 'tarzan'"), std::string::npos);
    EXPECT_NE(result.error().message.find("(games: sealed_bids)"), std::string::npos);
  }
}

TEST(Registry, BadParametersAndSpecsAreErrors) {
  auto players = TestGames().Create("sealed_bids(players=9)");
  ASSERT_FALSE(players);
  EXPECT_EQ(players.error().code, ErrorCode::kInvalidArgument);
  EXPECT_NE(players.error().message.find("'players' must be an integer from 2 to 4"),
            std::string::npos);
  auto json = TestGames().Create("sealed_bids", Json{{"cards", "many"}});
  ASSERT_FALSE(json);
  EXPECT_NE(json.error().message.find("'cards'"), std::string::npos);
  auto malformed = TestGames().Create("sealed_bids(players=3");
  ASSERT_FALSE(malformed);
  EXPECT_EQ(malformed.error().code, ErrorCode::kParseError);
}

TEST(Registry, FindsEntries) {
  ASSERT_NE(TestGames().Find("sealed_bids"), nullptr);
  EXPECT_EQ(TestGames().Find("sealed_bids")->info.max_players, 4);
  EXPECT_EQ(TestGames().Find("kariba"), nullptr);
  EXPECT_EQ(TestGames().entries().size(), 1u);
}

TEST(RegistryDeathTest, AddingANameTwiceIsABug) {
  GameRegistry registry;
  registry.Add(savanna::testing::SealedBidsEntry());
  EXPECT_DEATH(registry.Add(savanna::testing::SealedBidsEntry()), "sealed_bids");
}

TEST(Registry, KeepsTheGamesItCreates) {
  // A state points at its game; the registry keeps the game alive even when the caller drops
  // its shared_ptr at once, and hands out one game per canonical spec.
  auto state = (*TestGames().Create("sealed_bids(players=3)"))->NewInitialState(4);
  EXPECT_EQ(state->NumPlayers(), 3);
  EXPECT_EQ(state->game().Spec(), (*TestGames().Create("sealed_bids(players=3)"))->Spec());
  EXPECT_EQ(TestGames().Create("sealed_bids(players=3)")->get(),
            TestGames().Create("sealed_bids", Json{{"players", 3}})->get());
}

TEST(Registry, TestConfigurationsOfSealedBids) {
  const GameEntry& entry = *TestGames().Find("sealed_bids");
  const std::vector<std::string> expected = {
      "sealed_bids(cards=5,players=2)", "sealed_bids(cards=5,players=3)",
      "sealed_bids(cards=5,players=4)", entry.extra_test_specs[0], entry.extra_test_specs[1]};
  EXPECT_EQ(TestGames().TestConfigurations(entry), expected);
}

// An entry with a choice and a bool parameter whose factory rejects players=3 with variant=b.
GameEntry PickyEntry(std::vector<std::string>* seen) {
  GameEntry entry = savanna::testing::SealedBidsEntry();
  entry.info.name = "picky";
  entry.info.params.push_back(ParamSpec::Choice("variant", "a", {"a", "b"}, "variant"));
  entry.info.params.push_back(ParamSpec::Bool("fast", false, "fast"));
  // Extras as an author might write them: out of order, and one equal to a generated spec.
  entry.extra_test_specs = {"picky(players=2, cards=9)", "picky(players=2)"};
  GameFactory inner = entry.create;
  entry.create = [inner, seen](const Params& params) -> Result<std::shared_ptr<const Game>> {
    seen->push_back(FormatSpec("picky", params));
    if (params.Int("players") == 3 && params.Choice("variant") == "b")
      return Fail(ErrorCode::kInvalidArgument, "picky: variant b needs 2 or 4 players");
    return inner(params);
  };
  return entry;
}

TEST(Registry, TestConfigurationsCrossPlayersChoicesAndBools) {
  std::vector<std::string> seen;
  GameRegistry registry;
  registry.Add(PickyEntry(&seen));
  const auto configs = registry.TestConfigurations(*registry.Find("picky"));
  std::vector<std::string> expected;
  for (int players = 2; players <= 4; ++players)
    for (const char* variant : {"a", "b"})
      for (const char* fast : {"false", "true"}) {
        if (players == 3 && std::string(variant) == "b") continue;
        expected.push_back("picky(cards=5,fast=" + std::string(fast) +
                           ",players=" + std::to_string(players) + ",variant=" + variant + ")");
      }
  // The extras come out canonical, and the one equal to a generated spec is not repeated.
  expected.push_back("picky(cards=9,fast=false,players=2,variant=a)");
  EXPECT_EQ(configs, expected);
  EXPECT_EQ(seen.size(), 14u) << "the factory judges every combination and every extra";
  // Every configuration, the extra one included, creates a game.
  for (const auto& spec : configs) EXPECT_TRUE(registry.Create(spec)) << spec;
  auto rejected = registry.Create("picky(players=3,variant=b)");
  ASSERT_FALSE(rejected);
  EXPECT_NE(rejected.error().message.find("variant b needs 2 or 4 players"), std::string::npos);
}

TEST(GameInfo, ToJsonDescribesTheGame) {
  const Json json = TestGames().Find("sealed_bids")->info.ToJson();
  EXPECT_EQ(json["name"], "sealed_bids");
  EXPECT_EQ(json["title"], "Sealed Bids");
  EXPECT_EQ(json["min_players"], 2);
  EXPECT_EQ(json["max_players"], 4);
  EXPECT_EQ(json["params"]["players"]["type"], "int");
  EXPECT_EQ(json["params"]["cards"]["default"], 5);
  EXPECT_EQ(json["params"]["cards"]["max"], 13);
}

TEST(MakeGameInfo, ThePlayerRangeIsThePlayersParameters) {
  const GameInfo info =
      MakeGameInfo("ranged", "Ranged",
                   {ParamSpec::Int("players", 3, 2, 6, "n"), ParamSpec::Bool("b", false, "")},
                   GameType::Dynamics::kSimultaneous);
  EXPECT_EQ(info.name, "ranged");
  EXPECT_EQ(info.title, "Ranged");
  EXPECT_EQ(info.min_players, 2);
  EXPECT_EQ(info.max_players, 6);
  EXPECT_EQ(info.dynamics, GameType::Dynamics::kSimultaneous);
  ASSERT_EQ(info.params.size(), 2u);
  EXPECT_EQ(info.params[1].name, "b");
}

TEST(MakeGameInfoDeathTest, TheFirstParameterMustBeThePlayers) {
  EXPECT_DEATH(MakeGameInfo("bad", "Bad", {ParamSpec::Bool("b", false, "")}), "players");
  EXPECT_DEATH(MakeGameInfo("bad", "Bad", {}), "players");
}

}  // namespace
}  // namespace savanna
