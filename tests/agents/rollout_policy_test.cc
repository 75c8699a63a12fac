// Every game's rollout policy and evaluation (docs/rules/<game>.md, "Heuristics"), through the
// core seam: playouts by the policy choose legal actions only and end; evaluations of unfinished
// positions are shares of the win (each in [0, 1], summing to 1).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/action_list.h"
#include "core/rng.h"
#include "games/registry.h"

namespace savanna {
namespace {

TEST(RolloutPolicies, PlayLegallyToTheEndAndEvaluateAsShares) {
  const std::vector<std::string> specs = {"kariba(players=2)",
                                          "kariba(players=4,variant=open)",
                                          "kariba(players=6,animals=9)",
                                          "kilimanjaro(players=2)",
                                          "kilimanjaro(players=4,variant=send_back)",
                                          "kap_kairo(players=2)",
                                          "kap_kairo(players=4)",
                                          "kalimambo(players=2)",
                                          "kalimambo(players=7)",
                                          "kitara(players=2)",
                                          "kitara(players=4,deck=red)"};
  for (const std::string& spec : specs) {
    auto game = Games().Create(spec);
    ASSERT_TRUE(game.has_value()) << spec;
    const RolloutPolicy* policy = (*game)->rollout_policy();
    ASSERT_NE(policy, nullptr) << spec;
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      auto state = (*game)->NewInitialState(seed);
      Rng rng(seed);
      ActionList legal;
      int moves = 0;
      while (!state->IsTerminal()) {
        ASSERT_LE(++moves, (*game)->MaxGameLength()) << spec;
        const PlayerValues shares = policy->Evaluate(*state);
        double sum = 0;
        for (Player p = 0; p < state->NumPlayers(); ++p) {
          EXPECT_GE(shares[p], 0.0) << spec;
          EXPECT_LE(shares[p], 1.0) << spec;
          sum += shares[p];
        }
        EXPECT_NEAR(sum, 1.0, 1e-9) << spec;
        const Player player = state->PlayersToAct().First();
        state->LegalActions(player, legal);
        const Action action = policy->Choose(*state, player, legal, rng);
        ASSERT_TRUE(state->IsLegal(player, action)) << spec << " move " << moves;
        state->ApplyUnchecked(player, action);
      }
    }
  }
}

}  // namespace
}  // namespace savanna
