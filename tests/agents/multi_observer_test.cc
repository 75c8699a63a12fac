// Multiple-observer ISMCTS (`mo`; ismcts_multi_observer.cc, docs/agents.md "Multiple-observer
// ISMCTS"): in games whose moves are all public every observer's tree is the single tree, so the
// search estimates exactly what single-observer ISMCTS does; in Kilimanjaro the searching
// player's tree has one edge per space an opponent placed on, the opponent's own tree one per
// counter; the parameter is off by default, checked, and refused with pom.
#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/hidden_move_games.h"
#include "agents/ismcts_search.h"
#include "agents/search_common.h"
#include "core/action_list.h"
#include "core/rng.h"
#include "games/registry.h"
#include "testing/test_games.h"

namespace savanna {
namespace {

using testing::AgentsGame;
using testing::KeysOf;
using testing::PlayRandomly;

std::unique_ptr<State> MoInitial(const GameRegistry& registry, const std::string& spec,
                                 uint64_t seed) {
  auto game = registry.Create(spec);
  EXPECT_TRUE(game.has_value()) << spec;
  return (*game)->NewInitialState(seed);
}

std::vector<ActionEstimate> Estimates(const State& root, bool mo, PlayoutOptions playout,
                                      ismcts::TreeKnowledge knowledge, int iterations) {
  knowledge.mo = mo;
  ismcts::Search search(0.7, 0, 0.5, 0, playout, knowledge);
  const Player me = root.PlayersToAct().First();
  search.Begin(root, me, 11);
  BudgetClock clock(iterations, std::nullopt);
  search.Continue(root, clock);
  return search.RootEstimates();
}

// Every move public: each observer's tree has the single tree's shape, each player selects on the
// statistics its edges have in the single tree, and the generator is drawn in the same order, so
// the root's estimates agree exactly (visits and summed returns), with and without game knowledge.
TEST(MultiObserver, GamesWithPublicMovesEstimateExactlyAsTheSingleTree) {
  struct Case {
    const GameRegistry* registry;
    const char* spec;
  };
  PlayoutOptions policy;
  policy.use_policy = true;
  policy.cutoff = -1;
  policy.epsilon = -1;
  const ismcts::TreeKnowledge knowing{
      .expand = 1, .bias = 0.5, .widen = 1, .history = 1, .random_ties = true};
  for (const Case& c : {Case{&Games(), "kariba(players=3)"}, Case{&Games(), "kap_kairo(players=3)"},
                        Case{&Games(), "kalimambo(players=4)"}, Case{&Games(), "kitara(players=2)"},
                        Case{&testing::TestGames(), "sealed_bids(players=3,cards=5)"}}) {
    for (int moves : {0, 3}) {
      auto root = MoInitial(*c.registry, c.spec, 3);
      PlayRandomly(*root, moves, 5);
      ASSERT_FALSE(root->IsTerminal()) << c.spec;
      const auto single = Estimates(*root, false, {}, {}, 600);
      const auto multi = Estimates(*root, true, {}, {}, 600);
      ASSERT_FALSE(single.empty()) << c.spec;
      ASSERT_EQ(multi.size(), single.size()) << c.spec;
      for (size_t i = 0; i < single.size(); ++i) {
        EXPECT_EQ(multi[i].action, single[i].action) << c.spec;
        EXPECT_EQ(multi[i].visits, single[i].visits) << c.spec << " after " << moves;
        EXPECT_EQ(multi[i].mean_return, single[i].mean_return) << c.spec << " after " << moves;
        EXPECT_EQ(multi[i].win_rate, single[i].win_rate) << c.spec << " after " << moves;
      }
      const auto single_knowing = Estimates(*root, false, policy, knowing, 400);
      const auto multi_knowing = Estimates(*root, true, policy, knowing, 400);
      ASSERT_EQ(multi_knowing.size(), single_knowing.size()) << c.spec;
      for (size_t i = 0; i < single_knowing.size(); ++i) {
        EXPECT_EQ(multi_knowing[i].visits, single_knowing[i].visits) << c.spec << " (knowing)";
        EXPECT_EQ(multi_knowing[i].mean_return, single_knowing[i].mean_return) << c.spec;
      }
    }
  }
}

// Two decisions deep in Kilimanjaro's set-up (my placement, then the opponent's). The opponent's
// tree holds my placement by its space (the opponent does not see my counter's kind), and below it
// one edge per counter and space the opponent placed; my tree holds my placement itself, and below
// it one edge per space the opponent placed on (its public key), never one per counter. So the
// spaces below my placements on one space, together, are the spaces of the opponent's placements
// below that space in its tree; and somewhere the opponent's tree has more edges than spaces.
TEST(MultiObserver, KilimanjaroOpponentsPlacementsAreOneEdgePerSpaceInMyTreeOnly) {
  auto root = MoInitial(Games(), "kilimanjaro(players=2)", 12);
  PlayRandomly(*root, 12, 3);
  const Player me = root->PlayersToAct().First();
  ismcts::Search search(0.7, 2, 0.5, 0, {}, ismcts::TreeKnowledge{.mo = true});
  search.Begin(*root, me, 7);
  BudgetClock clock(3000, std::nullopt);
  search.Continue(*root, clock);
  ActionList mine;
  root->LegalActions(me, mine);
  std::set<Action> my_spaces;
  for (Action a : mine) my_spaces.insert(root->PublicActionKey(me, a));
  ASSERT_LT(my_spaces.size(), size_t(mine.Size())) << "my placements of several kinds share spaces";
  size_t splits = 0;  // my spaces below which the opponent's tree tells its counters apart
  for (Action space : my_spaces) {
    std::set<Action> seen_by_me;  // the opponent's edges below my placements on `space`
    Player other = me;
    for (Action a : mine) {
      if (root->PublicActionKey(me, a) != space) continue;
      auto after = root->Clone();
      after->ApplyUnchecked(me, a);
      other = after->PlayersToAct().First();
      const std::set<Action> keys = KeysOf(*after, other);
      for (Action k : search.EdgeActions(me, {a}, other)) {
        EXPECT_TRUE(keys.count(k) > 0) << "my tree holds the opponent's placements by space";
        seen_by_me.insert(k);
      }
    }
    ASSERT_NE(other, me);
    const auto seen_by_other = search.EdgeActions(other, {space}, other);
    ASSERT_FALSE(seen_by_other.empty()) << "the opponent's tree holds my placement by its space";
    std::set<Action> spaces_placed;  // the spaces of the opponent's placements in its tree
    for (Action b : seen_by_other) spaces_placed.insert(root->PublicActionKey(other, b));
    EXPECT_EQ(seen_by_me, spaces_placed);
    if (seen_by_other.size() > spaces_placed.size()) ++splits;
  }
  EXPECT_GT(splits, 0u) << "the opponent's own tree tells its counters apart";
  // The search differs from the single tree's (it takes effect), from the same seed.
  ismcts::Search single(0.7, 2, 0.5);
  single.Begin(*root, me, 7);
  BudgetClock same(3000, std::nullopt);
  single.Continue(*root, same);
  std::vector<int64_t> visits_single, visits_multi;
  for (const auto& e : single.RootEstimates()) visits_single.push_back(e.visits);
  for (const auto& e : search.RootEstimates()) visits_multi.push_back(e.visits);
  EXPECT_NE(visits_single, visits_multi);
}

// Whole games through the agent: the same as single-observer ISMCTS where every move is public;
// in Kilimanjaro legal, repeatable games in every player count (with the policy and two
// threads), and another game than without mo (the parameter takes effect).
TEST(MultiObserver, TheAgentPlaysAsSingleObserverWithPublicMovesAndLegallyInKilimanjaro) {
  EXPECT_EQ(AgentsGame("kariba(players=3)", "ismcts(iters=150,mo=1)", 5),
            AgentsGame("kariba(players=3)", "ismcts(iters=150)", 5));
  for (const char* spec :
       {"kilimanjaro(players=2)", "kilimanjaro(players=3)", "kilimanjaro(players=4)"}) {
    const auto once = AgentsGame(spec, "ismcts(iters=150,mo=1)", 3);
    EXPECT_EQ(once, AgentsGame(spec, "ismcts(iters=150,mo=1)", 3)) << spec;
  }
  // At 150 iterations the root's placements are hardly all tried: the trees below them barely
  // grow, so this takes more.
  EXPECT_NE(AgentsGame("kilimanjaro(players=2)", "ismcts(iters=1000,mo=1)", 3),
            AgentsGame("kilimanjaro(players=2)", "ismcts(iters=1000)", 3));
  AgentsGame("kilimanjaro(players=3)",
             "ismcts(iters=150,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,mo=1)", 4);
  AgentsGame("kilimanjaro(players=4,variant=send_back)", "ismcts(iters=100,mo=1,threads=2)", 6);
}

TEST(MultiObserver, TheParameterIsOffByDefaultCheckedAndRefusedInCombinations) {
  auto plain = MakeAgent("ismcts(iters=10)", 1);
  ASSERT_TRUE(plain.has_value());
  EXPECT_NE((*plain)->Spec().find("mo=false"), std::string::npos) << (*plain)->Spec();
  auto on = MakeAgent("ismcts(iters=10,mo=1,threads=2)", 1);
  ASSERT_TRUE(on.has_value());
  EXPECT_NE((*on)->Spec().find("mo=true"), std::string::npos) << (*on)->Spec();
  for (const char* spec : {"ismcts(mo=2)", "ismcts(mo=some)"}) {
    auto agent = MakeAgent(spec, 1);
    ASSERT_FALSE(agent.has_value()) << spec;
    EXPECT_NE(agent.error().message.find("mo"), std::string::npos) << agent.error().message;
  }
  for (const char* other : {"pom=1"}) {
    const std::string spec = std::string("ismcts(mo=1,") + other + ")";
    auto agent = MakeAgent(spec, 1);
    ASSERT_FALSE(agent.has_value()) << spec;
    const std::string& message = agent.error().message;
    EXPECT_NE(message.find("mo=true does not combine with"), std::string::npos) << message;
    const std::string name = std::string(other).substr(0, std::string(other).find('='));
    EXPECT_NE(message.find(name), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace savanna
