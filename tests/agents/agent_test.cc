// MakeAgent and AgentInfos: spec parsing, seeds, and the errors for bad specs.
#include "agents/agent.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "games/registry.h"

namespace savanna {
namespace {

// The actions `agent` chooses along one game of kariba(players=3) played by itself.
std::vector<Action> ChoicesOf(Agent& agent, uint64_t game_seed) {
  auto game = Games().Create("kariba(players=3)");
  EXPECT_TRUE(game.has_value());
  auto state = (*game)->NewInitialState(game_seed);
  std::vector<Action> choices;
  while (!state->IsTerminal()) {
    const Player player = state->PlayersToAct().First();
    choices.push_back(agent.Choose(*state, player));
    state->ApplyUnchecked(player, choices.back());
  }
  return choices;
}

TEST(AgentInfosTest, ListsRandomWithItsSeedParameter) {
  const auto& infos = AgentInfos();
  const auto it = std::find_if(infos.begin(), infos.end(),
                               [](const AgentInfo& info) { return info.name == "random"; });
  ASSERT_NE(it, infos.end());
  EXPECT_FALSE(it->description.empty());
  ASSERT_EQ(it->params.size(), 1u);
  EXPECT_EQ(it->params[0].name, "seed");
}

TEST(MakeAgentTest, UsesTheCallersSeedWhenTheSpecHasNone) {
  auto agent = MakeAgent("random", 42);
  ASSERT_TRUE(agent.has_value()) << agent.error().message;
  EXPECT_EQ((*agent)->Spec(), "random(seed=42)");
  auto empty_args = MakeAgent(" random() ", 43);
  ASSERT_TRUE(empty_args.has_value()) << empty_args.error().message;
  EXPECT_EQ((*empty_args)->Spec(), "random(seed=43)");
}

TEST(MakeAgentTest, TheSpecsSeedWinsOverTheCallers) {
  auto agent = MakeAgent("random(seed=7)", 42);
  ASSERT_TRUE(agent.has_value()) << agent.error().message;
  EXPECT_EQ((*agent)->Spec(), "random(seed=7)");
  auto same = MakeAgent("random(seed=7)", 99);
  ASSERT_TRUE(same.has_value());
  EXPECT_EQ(ChoicesOf(**agent, 5), ChoicesOf(**same, 5));
}

TEST(MakeAgentTest, SpecRecreatesTheAgentEvenForFull64BitSeeds) {
  for (uint64_t seed : {uint64_t{0}, uint64_t{12345}, ~uint64_t{0}, uint64_t{1} << 63}) {
    auto agent = MakeAgent("random", seed);
    ASSERT_TRUE(agent.has_value());
    auto again = MakeAgent((*agent)->Spec(), seed ^ 0x55);
    ASSERT_TRUE(again.has_value()) << (*agent)->Spec() << ": " << again.error().message;
    EXPECT_EQ((*again)->Spec(), (*agent)->Spec());
    EXPECT_EQ(ChoicesOf(**agent, 11), ChoicesOf(**again, 11));
  }
}

TEST(MakeAgentTest, DifferentSeedsGiveDifferentPlay) {
  auto a = MakeAgent("random", 1);
  auto b = MakeAgent("random", 2);
  ASSERT_TRUE(a.has_value() && b.has_value());
  EXPECT_NE(ChoicesOf(**a, 3), ChoicesOf(**b, 3));
}

TEST(MakeAgentTest, FactoryMakesAgentsWithTheGivenSeeds) {
  auto factory = MakeAgentFactory("random");
  ASSERT_TRUE(factory.has_value()) << factory.error().message;
  EXPECT_EQ((*factory)(9)->Spec(), "random(seed=9)");
  EXPECT_EQ((*factory)(10)->Spec(), "random(seed=10)");
  auto fixed = MakeAgentFactory("random(seed=4)");
  ASSERT_TRUE(fixed.has_value());
  EXPECT_EQ((*fixed)(9)->Spec(), "random(seed=4)");
}

TEST(MakeAgentTest, UnknownAgentListsTheKnownOnes) {
  auto agent = MakeAgent("alphazero", 1);
  ASSERT_FALSE(agent.has_value());
  EXPECT_EQ(agent.error().code, ErrorCode::kNotFound);
  EXPECT_NE(agent.error().message.find("alphazero"), std::string::npos);
  for (const AgentInfo& info : AgentInfos())
    EXPECT_NE(agent.error().message.find(info.name), std::string::npos) << agent.error().message;
}

TEST(MakeAgentTest, BadParametersAreNamed) {
  auto unknown = MakeAgent("random(depth=3)", 1);
  ASSERT_FALSE(unknown.has_value());
  EXPECT_EQ(unknown.error().code, ErrorCode::kInvalidArgument);
  EXPECT_NE(unknown.error().message.find("depth"), std::string::npos);

  auto bad_value = MakeAgent("random(seed=minus)", 1);
  ASSERT_FALSE(bad_value.has_value());
  EXPECT_NE(bad_value.error().message.find("seed"), std::string::npos);

  auto negative = MakeAgent("random(seed=-1)", 1);
  ASSERT_FALSE(negative.has_value());
  EXPECT_NE(negative.error().message.find("seed"), std::string::npos);

  auto twice = MakeAgent("random(seed=1,seed=2)", 1);
  ASSERT_FALSE(twice.has_value());
}

TEST(MakeAgentTest, MalformedSpecsAreParseErrors) {
  for (const char* spec : {"", "random(", "random(seed)", "(seed=1)"}) {
    auto agent = MakeAgent(spec, 1);
    ASSERT_FALSE(agent.has_value()) << spec;
    EXPECT_EQ(agent.error().code, ErrorCode::kParseError) << spec;
  }
}

}  // namespace
}  // namespace savanna
