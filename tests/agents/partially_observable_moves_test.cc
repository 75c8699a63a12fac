// Partially observable moves in ISMCTS (`pom`; ismcts::PublicMoveClasses, docs/agents.md "Hidden
// moves and MO-ISMCTS"): another player's look-alike actions are grouped by their public keys and
// drawn uniformly within a class; the searching player's tree then has one node below each class
// (Kilimanjaro's placements: one per space, whatever the counter); games whose moves are all
// public play exactly as without it; the parameter is off by default and checked.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/hidden_move_games.h"
#include "agents/ismcts_pom.h"
#include "agents/ismcts_search.h"
#include "agents/search_common.h"
#include "core/action_list.h"
#include "core/rng.h"
#include "games/registry.h"

namespace savanna {
namespace {

using testing::AgentsGame;
using testing::KeysOf;
using testing::PlayRandomly;

std::unique_ptr<State> PomInitial(const std::string& spec, uint64_t seed) {
  auto game = Games().Create(spec);
  EXPECT_TRUE(game.has_value()) << spec;
  return (*game)->NewInitialState(seed);
}

TEST(PublicMoveClasses, GroupsKilimanjarosPlacementsBySpaceAndDrawsUniformlyWithinOne) {
  const auto state = PomInitial("kilimanjaro(players=3)", 4);
  const Player p = state->PlayersToAct().First();
  ActionList legal;
  state->LegalActions(p, legal);
  ismcts::PublicMoveClasses classes;
  const ActionList& keys = classes.Group(*state, p, legal);
  const std::set<Action> expected = KeysOf(*state, p);
  ASSERT_EQ(keys.Size(), int(expected.size()));
  EXPECT_TRUE(std::equal(keys.begin(), keys.end(), expected.begin()));  // increasing, each once
  EXPECT_LT(keys.Size(), legal.Size()) << "placements of several kinds share a space";
  // A class with several members: each is drawn, about equally often, and nothing else is.
  Action key = kInvalidAction;
  std::vector<Action> members;
  for (Action k : keys) {
    members.clear();
    for (Action a : legal)
      if (state->PublicActionKey(p, a) == k) members.push_back(a);
    if (members.size() > 1) {
      key = k;
      break;
    }
  }
  ASSERT_NE(key, kInvalidAction);
  Rng rng(3);
  std::map<Action, int> drawn;
  const int kDraws = 3000;
  for (int i = 0; i < kDraws; ++i) ++drawn[classes.Pick(key, rng)];
  ASSERT_EQ(drawn.size(), members.size());
  for (Action a : members) {
    const double expected_share = 1.0 / double(members.size());
    EXPECT_NEAR(drawn[a] / double(kDraws), expected_share, 0.05) << state->ActionToString(p, a);
  }
  // The actions of some classes, for the policy.
  ActionList some;
  some.PushBack(key);
  ActionList out;
  classes.ActionsOf(some, out);
  EXPECT_EQ(std::vector<Action>(out.begin(), out.end()), members);
}

TEST(PublicMoveClasses, AGameWithPublicMovesKeepsItsActionsAndDrawsNothing) {
  auto state = PomInitial("kariba(players=3)", 2);
  const Player p = state->PlayersToAct().First();
  ActionList legal;
  state->LegalActions(p, legal);
  ismcts::PublicMoveClasses classes;
  const ActionList& keys = classes.Group(*state, p, legal);
  EXPECT_EQ(std::vector<Action>(keys.begin(), keys.end()),
            std::vector<Action>(legal.begin(), legal.end()));
  Rng rng(5), untouched(5);
  for (Action a : legal) EXPECT_EQ(classes.Pick(a, rng), a);
  EXPECT_EQ(rng.Next(), untouched.Next()) << "a class of one draws nothing";
}

// A tree two decisions deep (my placement, then the opponent's) grows at most one node per
// (my action, the opponent's class): with pom the opponent's placements on one space are one
// node whichever counter the determinization gave it; without, each kind is a node of its own,
// and the same iterations grow a tree beyond that bound (so the bound is no accident).
TEST(PartiallyObservableMoves, TheOpponentsPlacementsOnOneSpaceShareOneNodeOfTheTree) {
  // Late in the set-up, so that few iterations fill the tree.
  auto root = PomInitial("kilimanjaro(players=2)", 12);
  PlayRandomly(*root, 12, 3);
  const Player me = root->PlayersToAct().First();
  ActionList mine;
  root->LegalActions(me, mine);
  size_t bound = 1 + size_t(mine.Size());
  for (Action a : mine) {
    auto after = root->Clone();
    after->ApplyUnchecked(me, a);
    const Player other = after->PlayersToAct().First();
    ASSERT_NE(other, me);
    // In every determinization the opponent may place on the same free spaces (its kinds vary).
    bound += KeysOf(*after, other).size();
  }
  const int iterations = int(3 * bound);
  auto nodes = [&](bool pom) {
    ismcts::Search search(0.7, 2, 0.5, 0, {}, ismcts::TreeKnowledge{.pom = pom});
    search.Begin(*root, me, 7);
    BudgetClock clock(iterations, std::nullopt);
    search.Continue(*root, clock);
    return search.NodeCount();
  };
  EXPECT_LE(nodes(true), bound);
  EXPECT_GT(nodes(false), bound);
}

// Every move of these games is public (HiddenMovesTest): each action is its own class, and the
// search draws nothing more, so it plays the very same games, with the policy in the tree too.
TEST(PartiallyObservableMoves, GamesWithoutHiddenMovesPlayExactlyAsWithout) {
  for (const char* spec :
       {"kariba(players=3)", "kap_kairo(players=3)", "kalimambo(players=4)", "kitara(players=2)"}) {
    EXPECT_EQ(AgentsGame(spec, "ismcts(iters=120,pom=1)", 5),
              AgentsGame(spec, "ismcts(iters=120)", 5))
        << spec;
    const std::string knowing = "ismcts(iters=120,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1";
    EXPECT_EQ(AgentsGame(spec, knowing + ",pom=1)", 6), AgentsGame(spec, knowing + ")", 6)) << spec;
  }
}

// Kilimanjaro with pom: legal moves in every player count (also with the policy in the tree, and
// with two threads), the same game again from the same seed, and a different game than without pom
// (the parameter takes effect).
TEST(PartiallyObservableMoves, KilimanjaroPlaysLegalRepeatableGames) {
  for (const char* spec :
       {"kilimanjaro(players=2)", "kilimanjaro(players=3)", "kilimanjaro(players=4)"}) {
    const auto once = AgentsGame(spec, "ismcts(iters=150,pom=1)", 3);
    EXPECT_EQ(once, AgentsGame(spec, "ismcts(iters=150,pom=1)", 3)) << spec;
    EXPECT_NE(once, AgentsGame(spec, "ismcts(iters=150)", 3)) << spec;
  }
  AgentsGame("kilimanjaro(players=3)",
             "ismcts(iters=150,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,pom=1)", 4);
  AgentsGame("kilimanjaro(players=4,variant=send_back)", "ismcts(iters=100,pom=1,threads=2)", 6);
}

TEST(PartiallyObservableMoves, TheParameterIsOffByDefaultAndChecked) {
  auto plain = MakeAgent("ismcts(iters=10)", 1);
  ASSERT_TRUE(plain.has_value());
  EXPECT_NE((*plain)->Spec().find("pom=false"), std::string::npos) << (*plain)->Spec();
  auto on = MakeAgent("ismcts(iters=10,pom=1)", 1);
  ASSERT_TRUE(on.has_value());
  EXPECT_NE((*on)->Spec().find("pom=true"), std::string::npos) << (*on)->Spec();
  for (const char* spec : {"ismcts(pom=2)", "ismcts(pom=some)"}) {
    auto agent = MakeAgent(spec, 1);
    ASSERT_FALSE(agent.has_value()) << spec;
    EXPECT_NE(agent.error().message.find("pom"), std::string::npos) << agent.error().message;
  }
}

}  // namespace
}  // namespace savanna
