// ISMCTS with a net (docs/nets.md, "Agents"; ismcts_search.h): the net's values score the leaves,
// its policy is the PUCT prior; reproducible; refused with the reason where the net does not fit.
// The nets are tiny ones made by the tests (hand-set weights where a test needs a known output).
#include <gtest/gtest.h>

#include <cmath>

#include "agents/agent.h"
#include "agents/ismcts_search.h"
#include "agents/search_label.h"
#include "games/registry.h"
#include "nn/net.h"
#include "nn/net_input.h"
#include "sim/simulation.h"
#include "testing/tiny_net.h"

namespace savanna {
namespace {

// A net for `spec`'s family whose outputs are its biases alone (every weight zero): the policy's
// logits `logit(a)` and the values `value_bias` (before tanh) for the relative seats.
template <class Logit>
std::shared_ptr<const nn::Net> ConstantNet(const std::string& spec, Logit logit,
                                           std::vector<float> value_bias) {
  auto game = Games().Create(spec);
  EXPECT_TRUE(game);
  const nn::NetHeader header = testing::TinyNetHeader(**game, {4});
  std::vector<float> weights(size_t(header.WeightCount()), 0.0f);
  const size_t trunk = size_t(4 * (header.input + 1));
  const size_t policy_bias = trunk + size_t(header.actions) * 4;
  for (int a = 0; a < header.actions; ++a) weights[policy_bias + size_t(a)] = logit(a);
  const size_t value_bias_at = policy_bias + size_t(header.actions) + size_t(header.seats) * 4;
  for (size_t s = 0; s < value_bias.size(); ++s) weights[value_bias_at + s] = value_bias[s];
  auto net = nn::Net::FromBytes(nn::EncodeNetFile(header, weights), "constant.bin");
  EXPECT_TRUE(net) << net.error().message;
  return *net;
}

std::vector<ActionEstimate> SearchRoot(const State& root, const std::shared_ptr<const nn::Net>& net,
                                       int iterations, double c = 0.7) {
  ismcts::Search search({.c = c});
  search.Begin(root, root.PlayersToAct().First(), 3, net);
  BudgetClock clock(iterations, std::nullopt);
  search.Continue(root, clock);
  return search.RootEstimates();
}

TEST(NetSearch, TheLeavesAreScoredByTheNetsValues) {
  // Values tanh(1) for the leaf's player to act and tanh(-1) for the other: every iteration backs
  // up one of the two rewards (no playout), so each root action's summed reward is a whole number
  // of highs over lows.
  const auto net = ConstantNet("kilimanjaro(players=2)", [](int) { return 0.0f; }, {1, -1});
  auto game = Games().Create("kilimanjaro(players=2)");
  ASSERT_TRUE(game);
  auto root = (*game)->NewInitialState(5);
  const double high = 0.5 * (std::tanh(1.0f) + 1), low = 0.5 * (std::tanh(-1.0f) + 1);
  int64_t visits = 0;
  for (const ActionEstimate& e : SearchRoot(*root, net, 300)) {
    visits += e.visits;
    const double highs = (e.mean_return * double(e.visits) - low * double(e.visits)) / (high - low);
    EXPECT_NEAR(highs, std::round(highs), 1e-6) << e.action;
    EXPECT_GE(e.mean_return, low - 1e-9);
    EXPECT_LE(e.mean_return, high + 1e-9);
  }
  EXPECT_EQ(visits, 300);
}

TEST(NetSearch, ThePolicyIsThePriorOfTheSelection) {
  // Flat values and a policy that puts almost all its weight on one legal action: PUCT gives
  // that action nearly every visit.
  auto game = Games().Create("kariba(players=3)");
  ASSERT_TRUE(game);
  auto root = (*game)->NewInitialState(2);
  ActionList legal;
  root->LegalActions(root->PlayersToAct().First(), legal);
  ASSERT_GT(legal.Size(), 2);
  const Action favourite = legal[legal.Size() - 1];
  const auto net = ConstantNet("kariba(players=3)",
                               [&](int a) { return a == favourite ? 8.0f : 0.0f; }, {0, 0, 0});
  int64_t total = 0, chosen = 0;
  for (const ActionEstimate& e : SearchRoot(*root, net, 400)) {
    total += e.visits;
    if (e.action == favourite) chosen = e.visits;
  }
  EXPECT_EQ(total, 400);
  EXPECT_GT(chosen, 360) << "of " << total;
  // A uniform policy spreads them.
  const auto flat = ConstantNet("kariba(players=3)", [](int) { return 0.0f; }, {0, 0, 0});
  for (const ActionEstimate& e : SearchRoot(*root, flat, 400)) EXPECT_LT(e.visits, 300);
}

TEST(NetSearch, AnAgentWithANetIsReproducibleAndPlaysWholeGames) {
  for (const char* spec : {"kariba(players=3)", "kilimanjaro(players=2)", "kap_kairo(players=3)",
                           "kalimambo(players=3)", "kitara(players=2)"}) {
    auto game = Games().Create(spec);
    ASSERT_TRUE(game);
    const std::string path = testing::WriteTempNet(
        std::string("search_") + (*game)->name() + ".bin", testing::TinyNetBytes(**game, {8}, 4));
    for (const std::string& agent :
         {"ismcts(iters=60,net=" + path + ")", "strong(time=0.002,clock=cpu,net=" + path + ")"}) {
      SimConfig config{
          .game_spec = spec, .agents = {agent, "random"}, .games = 2, .seed = 9, .threads = 1};
      auto result = RunSimulation(Games(), config);
      ASSERT_TRUE(result) << spec << " " << agent << ": " << result.error().message;
      // Whole deals: every seating of the two agents (two with two seats, six with three).
      EXPECT_EQ(result->games, (*game)->NumPlayers() == 2 ? 2 : 6) << spec << " " << agent;
    }
    // The same seed and budget, the same choice.
    auto state = (*game)->NewInitialState(8);
    const Player p = state->PlayersToAct().First();
    auto a = MakeAgent("ismcts(iters=150,net=" + path + ")", 4);
    auto b = MakeAgent("ismcts(iters=150,net=" + path + ")", 4);
    ASSERT_TRUE(a && b);
    const auto first = (*a)->Analyze(*state, p), second = (*b)->Analyze(*state, p);
    ASSERT_EQ(first.size(), second.size()) << spec;
    int64_t visits = 0;
    for (size_t i = 0; i < first.size(); ++i) {
      EXPECT_EQ(first[i].action, second[i].action) << spec;
      EXPECT_EQ(first[i].visits, second[i].visits) << spec;
      EXPECT_EQ(first[i].mean_return, second[i].mean_return) << spec;
      visits += first[i].visits;
    }
    EXPECT_EQ(visits, 150) << spec;
    EXPECT_EQ((*a)->Choose(*state, p), (*b)->Choose(*state, p)) << spec;
  }
}

TEST(NetSearch, ANetThatDoesNotFitIsRefusedWithTheReason) {
  auto kariba = Games().Create("kariba(players=2)");
  auto kitara = Games().Create("kitara(players=2)");
  ASSERT_TRUE(kariba && kitara);
  const std::string path =
      testing::WriteTempNet("search_kitara_only.bin", testing::TinyNetBytes(**kitara, {4}, 1));
  for (const std::string& spec : {"ismcts(net=" + path + ")", "strong(net=" + path + ")"}) {
    auto agent = MakeAgent(spec, 1);
    ASSERT_TRUE(agent) << agent.error().message;
    const auto plays = (*agent)->CanPlay(**kariba);
    ASSERT_FALSE(plays) << spec;
    EXPECT_NE(plays.error().message.find(path + ": a net for kitara, not for kariba"),
              std::string::npos)
        << plays.error().message;
    auto state = (*kariba)->NewInitialState(1);
    EXPECT_THROW((*agent)->Choose(*state, state->PlayersToAct().First()), AgentError) << spec;
    EXPECT_TRUE((*agent)->CanPlay(**kitara)) << spec;
  }
  // Not given, or none: no net, whatever the game ships; the spec stays as it was.
  EXPECT_EQ(MakeAgent("strong(net=none)", 2).value()->Spec(),
            "strong(clock=wall,net=none,seed=2,threads=1,time=0.2,tree_mb=0)");
  EXPECT_EQ(MakeAgent("strong", 2).value()->Spec(),
            "strong(clock=wall,seed=2,threads=1,time=0.2,tree_mb=0)");
}

TEST(NetSearch, LabelsAreTheRootsVisitSharesAndValue) {
  auto game = Games().Create("kap_kairo(players=2)");
  ASSERT_TRUE(game);
  const std::string path =
      testing::WriteTempNet("search_label.bin", testing::TinyNetBytes(**game, {8}, 6));
  auto state = (*game)->NewInitialState(3);
  const Player p = state->PlayersToAct().First();
  const std::string search = "ismcts(iters=200,net=" + path + ")";
  auto label = LabelBySearch(*state, p, search, 5);
  ASSERT_TRUE(label) << label.error().message;
  EXPECT_EQ(label->visits, 200);
  EXPECT_EQ(int(label->policy.size()), (*game)->NumDistinctActions());
  double sum = 0;
  for (float share : label->policy) sum += share;
  EXPECT_NEAR(sum, 1, 1e-5);
  EXPECT_GE(label->value, -1);
  EXPECT_LE(label->value, 1);
  // The value is the visit-weighted mean reward the agent's estimates give, rescaled.
  auto agent = MakeAgent(search, 5);
  ASSERT_TRUE(agent);
  double reward = 0;
  int64_t visits = 0;
  for (const ActionEstimate& e : (*agent)->Analyze(*state, p)) {
    reward += e.mean_return * double(e.visits);
    visits += e.visits;
    EXPECT_FLOAT_EQ(label->policy[size_t(e.action)], float(e.visits) / 200);
  }
  EXPECT_NEAR(label->value, 2 * reward / double(visits) - 1, 1e-9);
  EXPECT_FALSE(LabelBySearch(*state, p, "random", 1));
  EXPECT_FALSE(LabelBySearch(*state, 5, search, 1));  // not a player to act
}

}  // namespace
}  // namespace savanna
