// Tree reuse in ISMCTS (`reuse`; ismcts::Search::BeginReusing): the subtree the new root reaches
// is kept with its visits, a state that does not continue the previous root starts a fresh tree,
// a hidden choice of another player changes neither what is kept nor what is decided, and the
// parameter is checked and off by default.
#include <gtest/gtest.h>

#include <memory>
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

// Two analyses with the same actions, visits and mean returns, in the same order.
void ExpectSameReuseEstimates(const std::vector<ActionEstimate>& a,
                              const std::vector<ActionEstimate>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].action, b[i].action);
    EXPECT_EQ(a[i].visits, b[i].visits);
    EXPECT_DOUBLE_EQ(a[i].mean_return, b[i].mean_return);
  }
}

std::unique_ptr<State> ReuseInitial(const std::string& spec, uint64_t seed) {
  auto game = Games().Create(spec);
  EXPECT_TRUE(game.has_value()) << spec;
  return (*game)->NewInitialState(seed);
}

std::unique_ptr<State> StateAfter(const State& state, Player player, Action action) {
  auto next = state.Clone();
  next->ApplyUnchecked(player, action);
  return next;
}

// A search of `root` for its player to act, `iterations` long, always the same tree.
std::unique_ptr<ismcts::Search> SearchedTree(const State& root, int iterations) {
  auto search = std::make_unique<ismcts::Search>(0.7, 0, 0.5);
  EXPECT_FALSE(search->BeginReusing(root, root.PlayersToAct().First(), 11));
  BudgetClock clock(iterations, std::nullopt);
  search->Continue(root, clock);
  return search;
}

const ActionEstimate& MostVisitedEstimate(const std::vector<ActionEstimate>& estimates) {
  const Action best = MostVisited(estimates);
  for (const ActionEstimate& e : estimates)
    if (e.action == best) return e;
  ADD_FAILURE() << "no estimate";
  return estimates.front();
}

void ContinueSearch(ismcts::Search& search, const State& root, int iterations) {
  BudgetClock clock(iterations, std::nullopt);
  search.Continue(root, clock);
}

TEST(TreeReuse, KeepsTheSubtreeTheNewRootReachesWithItsVisits) {
  const auto start = ReuseInitial("kariba(players=2)", 4);
  const Player me = start->PlayersToAct().First();
  const int kIterations = 3000;
  const auto first = SearchedTree(*start, kIterations);
  EXPECT_EQ(first->RootVisits(), kIterations);
  const ActionEstimate mine = MostVisitedEstimate(first->RootEstimates());
  const auto after_mine = StateAfter(*start, me, mine.action);
  const Player other = after_mine->PlayersToAct().First();
  ASSERT_NE(other, me);

  ActionList replies;
  after_mine->LegalActions(other, replies);
  int64_t carried = 0;  // over the replies whose subtree was kept, its visits plus its expansion
  int kept_replies = 0;
  for (Action reply : replies) {
    const auto root = StateAfter(*after_mine, other, reply);
    ASSERT_TRUE(root->PlayersToAct().Contains(me));
    auto search = SearchedTree(*start, kIterations);
    const size_t nodes_before = search->NodeCount();
    if (!search->BeginReusing(*root, me, 12)) {
      EXPECT_EQ(search->RootVisits(), 0);
      EXPECT_EQ(search->NodeCount(), 1u);
      continue;
    }
    const int64_t kept = search->RootVisits();
    // A reply tried once only created its node: nothing below it to keep.
    if (kept > 0) ++kept_replies;
    EXPECT_LT(search->NodeCount(), nodes_before);
    carried += kept + 1;
    // The kept visits count on: every new iteration adds one at the root.
    ContinueSearch(*search, *root, 500);
    EXPECT_EQ(search->RootVisits(), kept + 500);
  }
  EXPECT_GT(kept_replies, 0);
  // Each kept subtree is a different child of my action's node: together they hold at most the
  // iterations that went through it after its own expansion (replies the true hand cannot make
  // hold the rest).
  EXPECT_LE(carried, mine.visits - 1);
  EXPECT_GT(carried, 0);
}

TEST(TreeReuse, TheSameRootKeepsTheWholeTree) {
  const auto start = ReuseInitial("kariba(players=2)", 4);
  auto search = SearchedTree(*start, 1000);
  const auto before = search->RootEstimates();
  const size_t nodes = search->NodeCount();
  EXPECT_TRUE(search->BeginReusing(*start, start->PlayersToAct().First(), 3));
  EXPECT_EQ(search->NodeCount(), nodes);
  ExpectSameReuseEstimates(search->RootEstimates(), before);
}

TEST(TreeReuse, StartsAfreshWhenTheRootDoesNotContinueThePreviousOne) {
  const auto start = ReuseInitial("kariba(players=2)", 4);
  const Player me = start->PlayersToAct().First();
  // Another deal.
  auto search = SearchedTree(*start, 1000);
  const auto other_deal = ReuseInitial("kariba(players=2)", 5);
  EXPECT_FALSE(search->BeginReusing(*other_deal, other_deal->PlayersToAct().First(), 3));
  EXPECT_EQ(search->RootVisits(), 0);
  // An earlier state than the previous root.
  search = SearchedTree(*start, 1000);
  const Action mine = MostVisitedEstimate(search->RootEstimates()).action;
  ActionList replies;
  const auto after_mine = StateAfter(*start, me, mine);
  const Player other = after_mine->PlayersToAct().First();
  after_mine->LegalActions(other, replies);
  // A reply the tree holds (the first that keeps a subtree), then back to the start.
  for (Action reply : replies) {
    const auto root = StateAfter(*after_mine, other, reply);
    auto probe = SearchedTree(*start, 1000);
    if (!probe->BeginReusing(*root, me, 3)) continue;
    EXPECT_FALSE(probe->BeginReusing(*start, me, 3)) << "an earlier state";
    EXPECT_EQ(probe->RootVisits(), 0);
    break;
  }
  // The caller skipped decisions: a later state still continues the root, and is found.
  auto skipping = SearchedTree(*start, 20000);
  std::unique_ptr<State> deeper = start->Clone();
  for (int moves = 0; moves < 4; ++moves) {
    const Player p = deeper->PlayersToAct().First();
    ActionList legal;
    deeper->LegalActions(p, legal);
    deeper = StateAfter(*deeper, p, legal[0]);
  }
  if (deeper->PlayersToAct().Contains(me)) {
    const bool kept = skipping->BeginReusing(*deeper, me, 3);
    EXPECT_EQ(kept, skipping->RootVisits() > 0);
  }
  // A state of another game.
  const auto other_game = ReuseInitial("kitara(players=2)", 4);
  EXPECT_FALSE(search->BeginReusing(*other_game, other_game->PlayersToAct().First(), 3));
  EXPECT_EQ(search->RootVisits(), 0);
}

// Kilimanjaro's counters are placed face down: "place lion on 12" reads "place a counter on 12"
// to the others. Two true states that differ only in which counter the opponent placed look the
// same to the searching player; the search must not learn which one it was.
TEST(TreeReuse, AHiddenChoiceOfAnotherPlayerChangesNeitherTheTreeNorTheDecision) {
  const auto start = ReuseInitial("kilimanjaro(players=2)", 6);
  const Player me = start->PlayersToAct().First();
  const int kIterations = 20000;
  auto search = SearchedTree(*start, kIterations);
  const Action mine = MostVisitedEstimate(search->RootEstimates()).action;
  const auto after_mine = StateAfter(*start, me, mine);
  const Player other = after_mine->PlayersToAct().First();
  ASSERT_NE(other, me);
  ActionList legal;
  after_mine->LegalActions(other, legal);
  // Two placements on one space with different counters.
  Action first = kInvalidAction, second = kInvalidAction;
  for (int i = 0; i < legal.Size() && second == kInvalidAction; ++i)
    for (int j = i + 1; j < legal.Size(); ++j)
      if (after_mine->PublicActionString(other, legal[i]) ==
              after_mine->PublicActionString(other, legal[j]) &&
          after_mine->ActionToString(other, legal[i]) !=
              after_mine->ActionToString(other, legal[j])) {
        first = legal[i];
        second = legal[j];
        break;
      }
  ASSERT_NE(second, kInvalidAction) << "no two placements that look alike";
  const auto a = StateAfter(*after_mine, other, first);
  const auto b = StateAfter(*after_mine, other, second);
  ASSERT_EQ(a->View(me), b->View(me));
  ASSERT_TRUE(a->PlayersToAct().Contains(me));

  // Nothing is kept after either placement: the tree starts afresh, as it would without reuse.
  for (const State* root : {a.get(), b.get()}) {
    auto searched = root == a.get() ? std::move(search) : SearchedTree(*start, kIterations);
    EXPECT_FALSE(searched->BeginReusing(*root, me, 5));
    EXPECT_EQ(searched->RootVisits(), 0);
    EXPECT_EQ(searched->NodeCount(), 1u);
  }
  // The agent decides there exactly as the agent without reuse (the same seeds): the tree it
  // kept from before cannot tell the two placements apart, because it keeps nothing. (The fresh
  // searches of `a` and `b` themselves may differ: a determinization re-deals the unseen counters
  // in an order that follows the true state's; the distribution is the same.)
  for (const State* root : {a.get(), b.get()}) {
    auto with = MakeAgent("ismcts(iters=1000,reuse=1)", 8);
    auto without = MakeAgent("ismcts(iters=1000)", 8);
    ASSERT_TRUE(with.has_value() && without.has_value());
    EXPECT_EQ((*with)->Choose(*start, me), (*without)->Choose(*start, me));
    ExpectSameReuseEstimates((*with)->Analyze(*root, me), (*without)->Analyze(*root, me));
  }
}

// Sealed bids are public once the step resolves: the tree crosses a simultaneous step by its
// joint child, for the player who submits first as for the one who submits last (whose root is
// inside the step, the other's bid still sealed).
TEST(TreeReuse, CrossesAResolvedSimultaneousStep) {
  auto game = testing::TestGames().Create("sealed_bids(players=2,cards=5)");
  ASSERT_TRUE(game.has_value());
  const auto start = (*game)->NewInitialState(3);
  ASSERT_EQ(start->PlayersToAct().Size(), 2);
  ActionList legal;
  for (const Player me : {0, 1}) {
    // Player 1 searches once player 0 has bid (sealed), as in sim and the server.
    std::unique_ptr<State> root = start->Clone();
    if (me == 1) {
      root->LegalActions(0, legal);
      root = StateAfter(*root, 0, legal[2]);
    }
    ASSERT_TRUE(root->PlayersToAct().Contains(me));
    const Player other = 1 - me;
    const Action mine = MostVisitedEstimate(SearchedTree(*root, 2000)->RootEstimates()).action;
    int kept = 0;
    root->LegalActions(other, legal);
    for (Action bid : me == 0 ? legal : ActionList()) {
      auto resolved = StateAfter(*StateAfter(*root, me, mine), other, bid);
      auto probe = SearchedTree(*root, 2000);
      if (probe->BeginReusing(*resolved, me, 3) && probe->RootVisits() > 0) ++kept;
    }
    if (me == 1) {
      auto resolved = StateAfter(*root, me, mine);
      auto probe = SearchedTree(*root, 2000);
      if (probe->BeginReusing(*resolved, me, 3) && probe->RootVisits() > 0) ++kept;
      // The next root inside the next step, player 0's bid sealed: not a place in the tree.
      resolved->LegalActions(0, legal);
      auto sealed = StateAfter(*resolved, 0, legal[0]);
      auto inside = SearchedTree(*root, 2000);
      EXPECT_FALSE(inside->BeginReusing(*sealed, me, 3));
    }
    EXPECT_GT(kept, 0) << "player " << me;
  }
}

// The kept root's edges were tried in determinizations of an older position, where chance had
// not yet dealt what the player now holds: only those legal now may stay (an illegal choice
// would be played otherwise).
TEST(TreeReuse, TheKeptRootOffersOnlyActionsLegalNow) {
  for (const char* spec :
       {"kap_kairo(players=2)", "kariba(players=2)", "kitara(players=2)", "kalimambo(players=3)"}) {
    auto game = Games().Create(spec);
    ASSERT_TRUE(game.has_value());
    std::vector<std::unique_ptr<ismcts::Search>> searches;
    for (int seat = 0; seat < (*game)->NumPlayers(); ++seat)
      searches.push_back(std::make_unique<ismcts::Search>(0.7, 0, 0.5));
    auto state = (*game)->NewInitialState(12);
    Rng rng(4);
    ActionList legal;
    int kept = 0;
    while (!state->IsTerminal()) {
      const Player p = state->PlayersToAct().First();
      ismcts::Search& search = *searches[size_t(p)];
      if (search.BeginReusing(*state, p, rng.Next())) {
        ++kept;
        for (const ActionEstimate& e : search.RootEstimates())
          EXPECT_TRUE(state->IsLegal(p, e.action)) << spec << ": kept " << e.action;
      }
      BudgetClock clock(400, std::nullopt);
      search.Continue(*state, clock);
      const Action chosen = MostVisited(search.RootEstimates());
      ASSERT_TRUE(state->IsLegal(p, chosen)) << spec;
      state->ApplyUnchecked(p, chosen);
    }
    EXPECT_GT(kept, 0) << spec;
  }
}

// With a bound on the tree's memory (tree_mb), reuse keeps within it and the tree still grows
// after a decision that filled it.
TEST(TreeReuse, KeepsWithinTheTreesMemoryBound) {
  auto game = Games().Create("kariba(players=2)");
  ASSERT_TRUE(game.has_value());
  const size_t kBytes = 64 << 10;
  ismcts::Search search(0.7, 0, 0.5, kBytes);
  auto state = (*game)->NewInitialState(2);
  Rng rng(3);
  ActionList legal;
  int kept = 0;
  while (!state->IsTerminal()) {
    const Player p = state->PlayersToAct().First();
    if (p == 0) {
      if (search.BeginReusing(*state, 0, rng.Next())) ++kept;
      const size_t before = search.NodeCount();
      BudgetClock clock(3000, std::nullopt);
      search.Continue(*state, clock);
      EXPECT_LE(search.TreeBytes(), kBytes);
      // A fresh or a kept tree grows unless the bound stops it.
      EXPECT_TRUE(search.NodeCount() > before || search.TreeBytes() * 10 > kBytes * 9);
      state->ApplyUnchecked(0, MostVisited(search.RootEstimates()));
      continue;
    }
    state->LegalActions(p, legal);
    state->ApplyUnchecked(p, legal[int(rng.Below(uint32_t(legal.Size())))]);
  }
  EXPECT_GT(kept, 0);
  // After all that, a fresh search of a new game still builds a tree.
  const auto fresh = (*game)->NewInitialState(8);
  search.Begin(*fresh, fresh->PlayersToAct().First(), 1);
  BudgetClock clock(200, std::nullopt);
  search.Continue(*fresh, clock);
  EXPECT_GT(search.NodeCount(), 100u);
}

TEST(TreeReuse, TheParameterIsOffByDefaultAndChecked) {
  auto plain = MakeAgent("ismcts(iters=10)", 1);
  ASSERT_TRUE(plain.has_value());
  EXPECT_NE((*plain)->Spec().find("reuse=false"), std::string::npos) << (*plain)->Spec();
  auto on = MakeAgent("ismcts(iters=10,reuse=1)", 1);
  ASSERT_TRUE(on.has_value());
  EXPECT_NE((*on)->Spec().find("reuse=true"), std::string::npos) << (*on)->Spec();
  for (const char* spec : {"ismcts(reuse=2)", "ismcts(reuse=maybe)"}) {
    auto agent = MakeAgent(spec, 1);
    ASSERT_FALSE(agent.has_value()) << spec;
    EXPECT_NE(agent.error().message.find("reuse"), std::string::npos) << agent.error().message;
  }
}

// Reuse plays legal games to the end in every game, with several threads too, and with a fixed
// iteration budget it repeats itself.
TEST(TreeReuse, PlaysWholeGamesAndRepeatsWithTheSameSeed) {
  for (const char* spec : {"kariba(players=3)", "kap_kairo(players=3)", "kilimanjaro(players=2)",
                           "kalimambo(players=4)", "kitara(players=2)"}) {
    auto play = [&](const std::string& agent_spec) {
      auto game = Games().Create(spec);
      EXPECT_TRUE(game.has_value());
      // An agent per seat, as sim and the server have.
      std::vector<std::unique_ptr<Agent>> agents;
      for (int seat = 0; seat < (*game)->NumPlayers(); ++seat)
        agents.push_back(std::move(*MakeAgent(agent_spec, uint64_t(seat + 1))));
      auto state = (*game)->NewInitialState(9);
      std::vector<Action> actions;
      while (!state->IsTerminal()) {
        const Player p = state->PlayersToAct().First();
        actions.push_back(agents[size_t(p)]->Choose(*state, p));
        EXPECT_TRUE(state->IsLegal(p, actions.back()));
        state->ApplyUnchecked(p, actions.back());
      }
      return actions;
    };
    const auto once = play("ismcts(iters=150,reuse=1,threads=2)");
    EXPECT_EQ(once, play("ismcts(iters=150,reuse=1,threads=2)")) << spec;
  }
}

}  // namespace
}  // namespace savanna
