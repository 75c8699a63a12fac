// Hints (server/hints.h): the search behind a hint sees a determinization of the asking seat's
// view and never the true state (Determinize re-deals what the seat cannot see, so nothing hidden
// can shape a hint); hints are offered only where every other seat is an agent.
#include "server/hints.h"

#include <gtest/gtest.h>

#include "agents/agent.h"
#include "games/registry.h"

namespace savanna::server {
namespace {

std::unique_ptr<State> HintTestState(const std::string& spec, uint64_t seed) {
  auto game = Games().Create(spec);
  EXPECT_TRUE(game) << spec;
  return (*game)->NewInitialState(seed);
}

// Thinks a hint search to its end and returns its estimates.
std::vector<ActionEstimate> HintFor(const State& state, Player seat, uint64_t seed) {
  auto agent = MakeAgent("ismcts(iters=300,time=0)", 7);
  EXPECT_TRUE(agent);
  auto out = std::make_shared<std::vector<ActionEstimate>>();
  auto search = BeginHintSearch(std::move(*agent), state, seat, seed, out);
  EXPECT_NE(search, nullptr);
  while (!search->Think(std::chrono::milliseconds(5))) {
  }
  search->Best();
  return *out;
}

// An agent that remembers the state it was asked to analyse.
class SpyAgent final : public Agent {
 public:
  explicit SpyAgent(std::unique_ptr<State>* seen) : seen_(seen) {}
  Action Choose(const State&, Player) override { return kInvalidAction; }
  std::unique_ptr<Decision> BeginAnalysis(const State& state, Player player) override {
    *seen_ = state.Clone();
    return inner_->BeginAnalysis(state, player);
  }
  std::string Spec() const override { return "spy"; }

 private:
  std::unique_ptr<State>* seen_;
  std::unique_ptr<Agent> inner_ = std::move(*MakeAgent("ismcts(iters=10,time=0)", 1));
};

TEST(Hints, TheSearchSeesADeterminizationOfTheSeatsViewNeverTheTrueState) {
  for (const char* spec : {"kariba(players=3)", "kitara(players=3)", "kilimanjaro(players=3)"}) {
    const auto truth = HintTestState(spec, 42);
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      std::unique_ptr<State> seen;
      auto search = BeginHintSearch(std::make_unique<SpyAgent>(&seen), *truth, 0, seed,
                                    std::make_shared<std::vector<ActionEstimate>>());
      ASSERT_NE(seen, nullptr) << spec;
      EXPECT_EQ(seen->View(0), truth->View(0)) << spec;
      EXPECT_NE(seen->ToJson(), truth->ToJson()) << spec << ": the true hidden state was searched";
    }
  }
}

TEST(Hints, HintsJsonNamesEveryTriedLegalActionWithAChanceToWin) {
  const auto state = HintTestState("kariba(players=2)", 3);
  const Json hints = HintsJson(*state, 0, HintFor(*state, 0, 5));
  ASSERT_FALSE(hints.empty());
  for (const Json& h : hints) {
    EXPECT_TRUE(state->ParseAction(0, h["action"].get<std::string>())) << h.dump();
    EXPECT_GE(h["win_rate"].get<double>(), 0.0);
    EXPECT_LE(h["win_rate"].get<double>(), 1.0);
    EXPECT_GT(h["visits"].get<int64_t>(), 0);
  }
}

TEST(Hints, OfferedOnlyWhereEveryOtherSeatIsAnAgent) {
  EXPECT_TRUE(OnlyAgentsBeside({"human", "random", "strong"}, 0));
  EXPECT_TRUE(OnlyAgentsBeside({"random", "human"}, 1));
  EXPECT_FALSE(OnlyAgentsBeside({"human", "human", "random"}, 0));
  EXPECT_FALSE(OnlyAgentsBeside({"random", "human", "human"}, 2));
}

}  // namespace
}  // namespace savanna::server
