// Kariba's heuristics (docs/rules/kariba.md, "Heuristics"): the rollout policy takes the biggest
// capture and does not leave the next player a cheap triple, whatever its random tie-breaks.
#include <gtest/gtest.h>

#include "games/kariba/kariba_position.h"

namespace savanna::kariba::testing {
namespace {

constexpr int kPolicyMouse = 1, kPolicyMeerkat = 2, kPolicyZebra = 3, kPolicyGiraffe = 4,
              kPolicyElephant = 8;

// The policy's choice for player 0 in `state`, for each of 20 seeds of its tie-breaks.
std::vector<std::string> PolicyChoices(const KaribaState& state) {
  ActionList legal;
  state.LegalActions(0, legal);
  std::vector<std::string> choices;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    choices.push_back(
        state.ActionToString(0, state.game().rollout_policy()->Choose(state, 0, legal, rng)));
  }
  return choices;
}

TEST(KaribaHeuristics, TakesTheBiggestCapture) {
  // One giraffe chases four zebras; no mouse play captures anything (no elephant is there).
  auto s = Position("kariba(players=2)")
               .Waterhole({{kPolicyGiraffe, 2}, {kPolicyZebra, 4}, {kPolicyMeerkat, 1}})
               .Hand(0, {{kPolicyGiraffe, 1}, {kPolicyMouse, 4}})
               .Build();
  for (const std::string& choice : PolicyChoices(*s)) EXPECT_EQ(choice, "play 1 giraffe");
}

TEST(KaribaHeuristics, DoesNotLeaveACheapTriple) {
  // Two zebras would let the next player chase four meerkats with one zebra; one zebra would
  // still cost them two. A mouse exposes only itself (to one more meerkat).
  auto s = Position("kariba(players=2)")
               .Waterhole({{kPolicyMeerkat, 4}})
               .Hand(0, {{kPolicyZebra, 2}, {kPolicyMouse, 3}})
               .Build();
  for (const std::string& choice : PolicyChoices(*s)) EXPECT_EQ(choice, "play 1 mouse");
}

TEST(KaribaHeuristics, DoesNotLeaveTheMouseAPairBesideTheElephants) {
  // A second mouse would let the next player's one mouse drive off four elephants; a zebra
  // captures nothing and leaves the mice a card further from it.
  auto s = Position("kariba(players=2)")
               .Waterhole({{kPolicyElephant, 4}, {kPolicyMouse, 1}})
               .Hand(0, {{kPolicyMouse, 1}, {kPolicyZebra, 2}})
               .Build();
  for (const std::string& choice : PolicyChoices(*s)) EXPECT_NE(choice, "play 1 mouse");
}

TEST(KaribaHeuristics, AdjacentChaseThreatensOnlyTheNextLowerAnimal) {
  // Under chase=adjacent a zebra pair beside no meerkat threatens nothing, so two zebras are as
  // good as one (a meerkat would leave a meerkat pair beside four mice); with the closest rule
  // two zebras would leave the next player four mice to take with one zebra.
  auto adjacent = Position("kariba(players=2,chase=adjacent)")
                      .Waterhole({{kPolicyMouse, 4}})
                      .Hand(0, {{kPolicyZebra, 2}, {kPolicyMeerkat, 1}})
                      .Build();
  auto closest = Position("kariba(players=2)")
                     .Waterhole({{kPolicyMouse, 4}})
                     .Hand(0, {{kPolicyZebra, 2}, {kPolicyMeerkat, 1}})
                     .Build();
  bool two_zebras = false;
  for (const std::string& choice : PolicyChoices(*adjacent)) two_zebras |= choice == "play 2 zebra";
  EXPECT_TRUE(two_zebras);
  for (const std::string& choice : PolicyChoices(*closest)) EXPECT_NE(choice, "play 2 zebra");
}

TEST(KaribaHeuristics, EvaluationFavoursTheCardsWon) {
  auto s = Position("kariba(players=2)").Pile(0, {{kPolicyZebra, 6}}).Build();
  const PlayerValues shares = s->game().rollout_policy()->Evaluate(*s);
  EXPECT_GT(shares[0], 0.75);
  EXPECT_NEAR(shares[0] + shares[1], 1.0, 1e-12);
}

TEST(KaribaHeuristics, PreferredPlayoutsAreTheMeasuredOnes) {
  // experiments/2026-11-26-kariba-4-to-6-players: policy playouts with 10% random moves, cut
  // off after 4 moves with 2 to 5 players and after one round (6 moves) with 6.
  for (const char* spec :
       {"kariba(players=2)", "kariba(players=5,animals=9)", "kariba(players=6,animals=9)"}) {
    auto s = Position(spec).Build();
    const RolloutPolicy* policy = s->game().rollout_policy();
    const int players = s->NumPlayers();
    EXPECT_EQ(policy->PreferredCutoff(players), players == 6 ? 6 : 4) << spec;
    EXPECT_DOUBLE_EQ(policy->PreferredEpsilon(players), 0.1) << spec;
  }
}

}  // namespace
}  // namespace savanna::kariba::testing
