// Game knowledge inside the ISMCTS tree (`expand`, `widen`; ismcts::Settings): each
// parameter changes the search, repeats with the same seed, follows the game's rollout policy
// where it says it does, is refused out of range, and changes nothing in a game without a policy
// (widening needs none). Ties of UCB value go to the lowest action id.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/ismcts_search.h"
#include "agents/search_common.h"
#include "core/action_list.h"
#include "core/rng.h"
#include "games/registry.h"
#include "testing/test_games.h"

namespace savanna {
namespace {

// The actions of one self-play game of `game_spec` by the agent `spec` (seed 1).
std::vector<Action> KnowledgeSelfPlay(const GameRegistry& registry, const std::string& game_spec,
                                      const std::string& spec) {
  auto game = registry.Create(game_spec);
  EXPECT_TRUE(game.has_value()) << game_spec;
  auto agent = MakeAgent(spec, 1);
  EXPECT_TRUE(agent.has_value()) << spec;
  auto state = (*game)->NewInitialState(5);
  std::vector<Action> actions;
  while (!state->IsTerminal()) {
    const Player player = state->PlayersToAct().First();
    actions.push_back((*agent)->Choose(*state, player));
    state->ApplyUnchecked(player, actions.back());
  }
  return actions;
}

TEST(TreeKnowledge, EachParameterChangesTheSearchAndRepeatsWithTheSameSeed) {
  const std::string game = "kariba(players=2)";
  const auto baseline = KnowledgeSelfPlay(Games(), game, "ismcts(iters=300)");
  for (const char* spec : {"ismcts(iters=300,expand=1)", "ismcts(iters=300,expand=0.5)",
                           "ismcts(iters=300,widen=1)"}) {
    const auto once = KnowledgeSelfPlay(Games(), game, spec);
    EXPECT_NE(once, baseline) << spec;
    EXPECT_EQ(once, KnowledgeSelfPlay(Games(), game, spec)) << spec;
  }
  EXPECT_NE(KnowledgeSelfPlay(Games(), game, "ismcts(iters=300,expand=1)"),
            KnowledgeSelfPlay(Games(), game, "ismcts(iters=300,expand=0.5)"));
}

TEST(TreeKnowledge, AGameWithoutAPolicyIsSearchedAsBefore) {
  const std::string game = "sealed_bids(players=3,cards=5)";
  ASSERT_EQ((*testing::TestGames().Create(game))->rollout_policy(), nullptr);
  EXPECT_EQ(KnowledgeSelfPlay(testing::TestGames(), game, "ismcts(iters=200,expand=1)"),
            KnowledgeSelfPlay(testing::TestGames(), game, "ismcts(iters=200)"));
  // Widening needs no policy: it changes the search here too.
  EXPECT_NE(KnowledgeSelfPlay(testing::TestGames(), game, "ismcts(iters=200,widen=0.5)"),
            KnowledgeSelfPlay(testing::TestGames(), game, "ismcts(iters=200)"));
}

TEST(TreeKnowledge, OutOfRangeValuesAreRefusedByName) {
  for (const auto& [spec, name] :
       std::vector<std::pair<std::string, std::string>>{{"ismcts(expand=1.5)", "expand"},
                                                        {"ismcts(expand=-0.1)", "expand"},
                                                        {"ismcts(widen=101)", "widen"},
                                                        {"ismcts(widen=-0.5)", "widen"}}) {
    auto agent = MakeAgent(spec, 1);
    ASSERT_FALSE(agent.has_value()) << spec;
    EXPECT_NE(agent.error().message.find(name), std::string::npos) << agent.error().message;
  }
}

// The actions the policy may choose for `player` in determinizations of `state` from that
// player's view (what the search sees; the policy's ties are broken at random, and it may look
// at re-drawn hidden cards: many draws collect them all).
std::set<Action> PolicyChoices(const State& state, Player player) {
  const RolloutPolicy* policy = state.game().rollout_policy();
  auto scratch = state.Clone();
  ActionList legal;
  std::set<Action> choices;
  for (uint64_t seed = 1; seed <= 400; ++seed) {
    Rng rng(seed);
    scratch->CopyFrom(state);
    scratch->DeterminizeInPlace(player, rng);
    scratch->LegalActions(player, legal);
    choices.insert(policy->Choose(*scratch, player, legal, rng));
  }
  return choices;
}

// Kariba positions where the first player has more than one legal action and the policy does
// not like them all equally.
std::vector<std::unique_ptr<State>> PositionsWithAPreference(const Game& game) {
  std::vector<std::unique_ptr<State>> positions;
  for (uint64_t seed = 1; positions.size() < 12 && seed < 200; ++seed) {
    auto state = game.NewInitialState(seed);
    ActionList legal;
    state->LegalActions(0, legal);
    if (int(PolicyChoices(*state, 0).size()) < legal.Size()) positions.push_back(std::move(state));
  }
  return positions;
}

// The root's action after one iteration: the first expanded.
Action FirstExpansion(const State& root, const ismcts::Settings& settings, uint64_t seed) {
  ismcts::Search search(settings);
  search.Begin(root, 0, seed);
  BudgetClock clock(1, std::nullopt);
  search.Continue(root, clock);
  return MostVisited(search.RootEstimates());
}

// The first expansion (expand=1) is among the policy's choices; without knowledge it is not
// always.
TEST(TreeKnowledge, ExpansionFollowsThePolicy) {
  auto game = Games().Create("kariba(players=2)");
  ASSERT_TRUE(game.has_value());
  const auto positions = PositionsWithAPreference(**game);
  ASSERT_GE(positions.size(), 6u);
  int first_random_off = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    const State& root = *positions[i];
    const std::set<Action> liked = PolicyChoices(root, 0);
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      EXPECT_TRUE(liked.count(FirstExpansion(root, {.expand = 1.0}, seed)))
          << "position " << i << ": the first expansion is the policy's";
      first_random_off += liked.count(FirstExpansion(root, {}, seed)) ? 0 : 1;
    }
  }
  EXPECT_GT(first_random_off, 0) << "the test positions cannot tell a random expansion apart";
}

// A node with many legal actions (Kilimanjaro's first move: a tile on any free field) offers a new
// one only while fewer than 1 + widen * sqrt(visits) are tried; without widening every iteration
// of a short search tries another.
TEST(TreeKnowledge, WideningTriesNewActionsAtTheSquareRootOfTheVisits) {
  auto game = Games().Create("kilimanjaro(players=2)");
  ASSERT_TRUE(game.has_value());
  auto root = (*game)->NewInitialState(3);
  ActionList legal;
  root->LegalActions(0, legal);
  ASSERT_GT(legal.Size(), 150);
  auto tried_after = [&](const ismcts::Settings& settings) {
    ismcts::Search search(settings);
    search.Begin(*root, 0, 9);
    BudgetClock clock(100, std::nullopt);
    search.Continue(*root, clock);
    return search.RootEstimates().size();
  };
  EXPECT_EQ(tried_after({}), 100u);
  // Iteration n (0..99) sees n visits at the root and expands while tried < 1 + widen sqrt(n):
  // with widen 1 the 11th action at n = 82 (10 < 1 + 9.06), with widen 2 the 21st at n = 91.
  EXPECT_EQ(tried_after({.widen = 1.0}), 11u);
  EXPECT_EQ(tried_after({.widen = 2.0}), 21u);
}

// Ties of UCB value. With c=0 selection takes the best mean; after one iteration per root action
// (iters=L), the next iteration's root choice is the one edge with two visits. The first L
// iterations are the same in both searches of one seed, so the search with iters=L tells each
// action's first value, and the tied best ones.
struct TieCase {
  std::vector<Action> tied;  // the actions whose first value was the best, in id order
  Action chosen = kInvalidAction;
};

TieCase RootTie(const State& state, uint64_t seed) {
  const Player player = state.PlayersToAct().First();
  ActionList legal;
  state.LegalActions(player, legal);
  const std::string base = "ismcts(c=0,margin=0,iters=";
  auto first = MakeAgent(base + std::to_string(legal.Size()) + ")", seed);
  auto next = MakeAgent(base + std::to_string(legal.Size() + 1) + ")", seed);
  EXPECT_TRUE(first.has_value() && next.has_value());
  const auto once = (*first)->Analyze(state, player);
  double best = -1;
  for (const ActionEstimate& e : once) best = std::max(best, e.mean_return);
  TieCase result;
  for (const ActionEstimate& e : once)
    if (e.mean_return == best) result.tied.push_back(e.action);
  for (const ActionEstimate& e : (*next)->Analyze(state, player))
    if (e.visits == 2) result.chosen = e.action;
  return result;
}

TEST(Selection, TiesOfUcbValueGoToTheLowestActionId) {
  auto game = Games().Create("kariba(players=2)");
  ASSERT_TRUE(game.has_value());
  int ties_seen = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const auto state = (*game)->NewInitialState(seed);
    const TieCase tie = RootTie(*state, seed);
    ASSERT_FALSE(tie.tied.empty());
    EXPECT_EQ(tie.chosen, tie.tied.front()) << "seed " << seed;
    ties_seen += tie.tied.size() > 1 ? 1 : 0;
  }
  ASSERT_GE(ties_seen, 10);  // the positions have ties to break
}

}  // namespace
}  // namespace savanna
