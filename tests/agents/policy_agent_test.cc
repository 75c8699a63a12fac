// The policy agent (docs/nets.md, "Agents"): the argmax of the net's policy over the legal
// actions, or a draw from it with a temperature; its net from its own `net` parameter, refused with
// the reason where the game ships none or the net does not fit.
#include "agents/policy_agent.h"

#include <gtest/gtest.h>

#include <set>

#include "agents/agent.h"
#include "games/registry.h"
#include "nn/net.h"
#include "sim/simulation.h"
#include "testing/tiny_net.h"

namespace savanna {
namespace {

// A tiny net file for `spec`'s game (every player count its configuration allows).
std::string PolicyNetFile(const std::string& spec, const std::string& name) {
  auto game = Games().Create(spec);
  EXPECT_TRUE(game.has_value());
  return testing::WriteTempNet(name, testing::TinyNetBytes(**game, {8}, 17));
}

TEST(PolicyAgent, PlaysTheMostProbableLegalAction) {
  auto game = Games().Create("kap_kairo(players=3)");
  ASSERT_TRUE(game);
  const std::string path = PolicyNetFile("kap_kairo(players=3)", "policy_argmax.bin");
  auto agent = MakeAgent("policy(net=" + path + ")", 1);
  ASSERT_TRUE(agent) << agent.error().message;
  auto net = nn::Net::FromFile(path);
  ASSERT_TRUE(net);
  nn::NetEvaluator evaluator(*net);
  auto state = (*game)->NewInitialState(5);
  ActionList legal;
  for (int move = 0; move < 40 && !state->IsTerminal(); ++move) {
    const Player p = state->PlayersToAct().First();
    state->LegalActions(p, legal);
    const Action chosen = (*agent)->Choose(*state, p);
    EXPECT_TRUE(legal.Contains(chosen));
    if (legal.Size() > 1) {
      std::vector<float> probs(size_t(legal.Size()));
      evaluator.Evaluate(*state, p);
      evaluator.Policy(legal, probs);
      int best = 0;
      for (int i = 1; i < legal.Size(); ++i)
        if (probs[size_t(i)] > probs[size_t(best)]) best = i;
      EXPECT_EQ(chosen, legal[best]) << "move " << move;
    }
    state->ApplyUnchecked(p, chosen);
  }
}

TEST(PolicyAgent, ATemperatureDrawsFromThePolicyReproducibly) {
  auto game = Games().Create("kariba(players=2)");
  ASSERT_TRUE(game);
  const std::string path = PolicyNetFile("kariba(players=2)", "policy_temp.bin");
  auto state = (*game)->NewInitialState(3);
  const Player p = state->PlayersToAct().First();
  auto draws = [&](uint64_t seed) {
    auto agent = MakeAgent("policy(temp=5,net=" + path + ")", seed);
    EXPECT_TRUE(agent);
    std::vector<Action> out;
    for (int i = 0; i < 40; ++i) out.push_back((*agent)->Choose(*state, p));
    return out;
  };
  const auto first = draws(1);
  EXPECT_EQ(draws(1), first);  // the same seed, the same draws
  EXPECT_GT(std::set<Action>(first.begin(), first.end()).size(), 1u);  // a flat policy varies
  ActionList legal;
  state->LegalActions(p, legal);
  for (Action a : first) EXPECT_TRUE(legal.Contains(a));
}

TEST(PolicyAgent, PlaysWholeGamesInASimulation) {
  const std::string path = PolicyNetFile("kalimambo(players=3)", "policy_sim.bin");
  SimConfig config{.game_spec = "kalimambo(players=3)",
                   .agents = {"policy(net=" + path + ")", "random"},
                   .games = 6,
                   .seed = 2,
                   .threads = 1};
  auto result = RunSimulation(Games(), config);
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ(result->games, 6);
}

TEST(PolicyAgent, RefusesWithTheReason) {
  // A file that does not read: at once, from the spec.
  auto missing = MakeAgent("policy(net=no/such/net.bin)", 1);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("no/such/net.bin: cannot open"), std::string::npos);
  auto kariba = Games().Create("kariba(players=2)");
  ASSERT_TRUE(kariba);
  auto state = (*kariba)->NewInitialState(1);
  // A net for another game: when it meets the game, naming the file.
  const std::string kitara = PolicyNetFile("kitara(players=2)", "policy_kitara.bin");
  auto other = MakeAgent("policy(net=" + kitara + ")", 1);
  ASSERT_TRUE(other);
  const auto cannot = (*other)->CanPlay(**kariba);
  ASSERT_FALSE(cannot);
  EXPECT_NE(cannot.error().message.find(kitara + ": a net for kitara, not for kariba"),
            std::string::npos)
      << cannot.error().message;
  EXPECT_THROW((*other)->Choose(*state, 0), AgentError);
  // net=none, and net=game where the game ships none.
  auto none = MakeAgent("policy(net=none)", 1);
  ASSERT_TRUE(none);
  EXPECT_FALSE((*none)->CanPlay(**kariba));
  EXPECT_THROW((*none)->Choose(*state, 0), AgentError);
  if ((*kariba)->ShippedNet().empty()) {
    auto shipped = MakeAgent("policy", 1);
    ASSERT_TRUE(shipped);
    const auto no_net = (*shipped)->CanPlay(**kariba);
    ASSERT_FALSE(no_net);
    EXPECT_NE(no_net.error().message.find("kariba ships no net (data/kariba/net.bin)"),
              std::string::npos);
    try {
      (*shipped)->Choose(*state, 0);
      ADD_FAILURE() << "no AgentError";
    } catch (const AgentError& e) {
      EXPECT_NE(std::string(e.what()).find("kariba ships no net"), std::string::npos);
    }
  }
}

TEST(PolicyAgent, ItsSpecRecreatesIt) {
  const std::string path = PolicyNetFile("kariba(players=2)", "policy_spec.bin");
  auto agent = MakeAgent("policy(temp=0.5,net=" + path + ")", 7);
  ASSERT_TRUE(agent);
  const std::string spec = (*agent)->Spec();
  EXPECT_EQ(spec, "policy(net=" + path + ",seed=7,temp=0.5)");
  auto again = MakeAgent(spec, 99);
  ASSERT_TRUE(again);
  EXPECT_EQ((*again)->Spec(), spec);
  // Not given, the net is the game's, and the spec leaves it out.
  EXPECT_EQ(MakeAgent("policy", 3).value()->Spec(), "policy(seed=3,temp=0)");
}

}  // namespace
}  // namespace savanna
