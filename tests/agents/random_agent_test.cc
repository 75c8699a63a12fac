// RandomAgent: only legal actions, reproducible for a seed, every legal action reachable and
// drawn about equally often.
#include "agents/random_agent.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>

#include "games/registry.h"

namespace savanna {
namespace {

std::shared_ptr<const Game> MakeGame(const std::string& spec) {
  auto game = Games().Create(spec);
  EXPECT_TRUE(game.has_value()) << spec;
  return *game;
}

// A state with at least `min_legal` legal actions for the player to act, reached by playing
// from seed 1 with a random agent.
std::unique_ptr<State> StateWithChoices(const Game& game, int min_legal) {
  RandomAgent agent(1);
  for (uint64_t seed = 1; seed < 100; ++seed) {
    auto state = game.NewInitialState(seed);
    ActionList legal;
    while (!state->IsTerminal()) {
      const Player player = state->PlayersToAct().First();
      state->LegalActions(player, legal);
      if (legal.Size() >= min_legal) return state;
      state->ApplyUnchecked(player, agent.Choose(*state, player));
    }
  }
  ADD_FAILURE() << "no state with " << min_legal << " legal actions";
  return nullptr;
}

TEST(RandomAgentTest, ChoosesOnlyLegalActions) {
  for (const std::string spec : {"kariba(players=2)", "kariba(players=4,variant=open)"}) {
    const auto game = MakeGame(spec);
    RandomAgent agent(3);
    for (uint64_t seed = 0; seed < 200; ++seed) {
      auto state = game->NewInitialState(seed);
      while (!state->IsTerminal()) {
        const Player player = state->PlayersToAct().First();
        const Action action = agent.Choose(*state, player);
        ASSERT_TRUE(state->IsLegal(player, action)) << spec << " seed " << seed;
        ASSERT_TRUE(state->Apply(player, action).has_value());
      }
    }
  }
}

TEST(RandomAgentTest, LeavesTheStateUnchanged) {
  const auto game = MakeGame("kariba(players=3)");
  auto state = StateWithChoices(*game, 3);
  ASSERT_NE(state, nullptr);
  const uint64_t before = state->Hash();
  RandomAgent agent(5);
  for (int i = 0; i < 10; ++i) agent.Choose(*state, state->PlayersToAct().First());
  EXPECT_EQ(state->Hash(), before);
}

TEST(RandomAgentTest, SameSeedSameChoices) {
  const auto game = MakeGame("kariba(players=4)");
  auto state = StateWithChoices(*game, 4);
  ASSERT_NE(state, nullptr);
  const Player player = state->PlayersToAct().First();
  RandomAgent a(77), b(77), c(78);
  std::vector<Action> from_a, from_b, from_c;
  for (int i = 0; i < 100; ++i) {
    from_a.push_back(a.Choose(*state, player));
    from_b.push_back(b.Choose(*state, player));
    from_c.push_back(c.Choose(*state, player));
  }
  EXPECT_EQ(from_a, from_b);
  EXPECT_NE(from_a, from_c);
}

TEST(RandomAgentTest, DrawsEveryLegalActionAboutEquallyOften) {
  const auto game = MakeGame("kariba(players=4)");
  auto state = StateWithChoices(*game, 4);
  ASSERT_NE(state, nullptr);
  const Player player = state->PlayersToAct().First();
  ActionList legal;
  state->LegalActions(player, legal);
  constexpr int kDrawsPerAction = 2000;
  const int draws = kDrawsPerAction * legal.Size();
  RandomAgent agent(2024);
  std::map<Action, int> counts;
  for (int i = 0; i < draws; ++i) ++counts[agent.Choose(*state, player)];
  ASSERT_EQ(int(counts.size()), legal.Size());
  for (Action a : legal) {
    // The standard deviation of one count is below sqrt(2000) ~ 45; allow 6 of them.
    EXPECT_NEAR(counts[a], kDrawsPerAction, 270) << "action " << a;
  }
}

}  // namespace
}  // namespace savanna
