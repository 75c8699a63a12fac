// Reopened simultaneous steps (State::ReopenHiddenSubmissions, ismcts `reopen=1`): taking back the
// other players' hidden submissions gives exactly the state before they were made; games without
// such submissions are left alone; the search then chooses for those players, and where nothing
// is taken back it searches exactly as without the option; its refused combinations.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "core/action_list.h"
#include "core/state.h"
#include "testing/create_game.h"

namespace savanna {
namespace {

// The last legal action of `player` (a high card, the highest bid), so that submissions differ
// from the first ones a search or a default would pick.
Action LastLegal(const State& state, Player player) {
  ActionList legal;
  state.LegalActions(player, legal);
  return legal[int(legal.Size()) - 1];
}

// In a step where seats 0, 1 and 2 submit at once: seats 0 and 2 submit, and seat 2's view of the
// step is reopened. The result is the state in which seat 2 alone submitted.
void ExpectReopenTakesBackOthers(const std::string& spec) {
  const auto start = testing::InitialState(spec, 5);
  ASSERT_EQ(start->PlayersToAct().Size(), 3) << spec << ": the first step is simultaneous";
  const Action zero = LastLegal(*start, 0), two = LastLegal(*start, 2);
  auto both = start->Clone();
  both->ApplyUnchecked(0, zero);
  both->ApplyUnchecked(2, two);
  auto only_two = start->Clone();
  only_two->ApplyUnchecked(2, two);
  ASSERT_NE(both->Hash(), only_two->Hash());

  both->ReopenHiddenSubmissions(2);
  EXPECT_EQ(both->Hash(), only_two->Hash()) << spec;
  EXPECT_EQ(both->PlayersToAct().Mask(), only_two->PlayersToAct().Mask()) << spec;
  EXPECT_EQ(both->MoveNumber(), only_two->MoveNumber()) << spec;
  EXPECT_EQ(both->View(2), only_two->View(2)) << spec;
  // Seat 0 may submit again, and the step resolves as usual once everybody is in.
  EXPECT_TRUE(both->IsLegal(0, zero));
  // Reopening for the seat that has not submitted takes back both others.
  auto again = start->Clone();
  again->ApplyUnchecked(0, zero);
  again->ApplyUnchecked(2, two);
  again->ReopenHiddenSubmissions(1);
  EXPECT_EQ(again->Hash(), start->Hash()) << spec;
}

TEST(ReopenHiddenSubmissions, KalimamboTakesBackTheOtherCards) {
  ExpectReopenTakesBackOthers("kalimambo(players=3)");
}

TEST(ReopenHiddenSubmissions, KapKairoTakesBackTheOtherBids) {
  ExpectReopenTakesBackOthers("kap_kairo(players=3)");
}

// Sequential games have no hidden submissions: nothing changes, whoever asks.
TEST(ReopenHiddenSubmissions, SequentialGamesAreLeftAlone) {
  for (const char* spec : {"kariba(players=3)", "kilimanjaro(players=3)", "kitara(players=3)"}) {
    auto state = testing::InitialState(spec, 3);
    for (int move = 0; move < 5 && !state->IsTerminal(); ++move) {
      const Player p = state->PlayersToAct().First();
      state->ApplyUnchecked(p, LastLegal(*state, p));
    }
    const uint64_t before = state->Hash();
    for (Player viewer = 0; viewer < 3; ++viewer) state->ReopenHiddenSubmissions(viewer);
    EXPECT_EQ(state->Hash(), before) << spec;
  }
}

std::vector<ActionEstimate> Estimates(const std::string& spec, const State& state, Player p) {
  auto agent = MakeAgent(spec, 11);
  EXPECT_TRUE(agent.has_value()) << spec;
  return (*agent)->Analyze(state, p);
}

bool SameEstimates(const std::vector<ActionEstimate>& a, const std::vector<ActionEstimate>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].action != b[i].action || a[i].visits != b[i].visits ||
        a[i].mean_return != b[i].mean_return)
      return false;
  return true;
}

// Where nothing is hidden to take back (the first submission of a step, a sequential game), the
// search is the same, visit for visit; where another seat's card is in, it searches differently.
TEST(ReopenedSearch, ChangesOnlyDecisionsAfterAHiddenSubmission) {
  const std::string plain = "ismcts(iters=400)", reopened = "ismcts(iters=400,reopen=1)";
  const auto first = testing::InitialState("kalimambo(players=2)", 7);
  EXPECT_TRUE(SameEstimates(Estimates(plain, *first, 0), Estimates(reopened, *first, 0)));
  const auto kariba = testing::InitialState("kariba(players=2)", 7);
  EXPECT_TRUE(SameEstimates(Estimates(plain, *kariba, 0), Estimates(reopened, *kariba, 0)));

  auto second = first->Clone();
  second->ApplyUnchecked(0, LastLegal(*second, 0));
  ASSERT_EQ(second->PlayersToAct().Mask(), PlayerSet::Single(1).Mask());
  const auto drawn = Estimates(plain, *second, 1), chosen = Estimates(reopened, *second, 1);
  ASSERT_FALSE(chosen.empty());
  EXPECT_FALSE(SameEstimates(drawn, chosen));
  // The reopened search still reports only seat 1's own choices, each of them legal.
  for (const ActionEstimate& e : chosen) EXPECT_TRUE(second->IsLegal(1, e.action)) << e.action;
}

}  // namespace
}  // namespace savanna
