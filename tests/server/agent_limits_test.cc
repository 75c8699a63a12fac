// The operator's limits on agent specs (server/agent_limits.h): what is added to a spec, what is
// refused (naming the parameter, the limit and the option), and how stored specs are lowered.
#include "server/agent_limits.h"

#include <gtest/gtest.h>

namespace savanna::server {
namespace {

// A client names no file on the server: an agent's net=FILE is refused before anything opens it,
// whatever the path; net=none and net=game name none.
TEST(SeatSpec, RefusesANetFileFromTheNetwork) {
  const AgentLimits limits;
  for (const char* spec :
       {"policy(net=/etc/passwd)", "policy(net=data/kariba/net.bin)", "policy(net=/dev/zero)"}) {
    const auto refused = SeatSpec(spec, 1, limits);
    ASSERT_FALSE(refused.has_value()) << spec;
    EXPECT_EQ(refused.error().status, 400);
    EXPECT_NE(refused.error().message.find("cannot be set over the network"), std::string::npos)
        << refused.error().message;
  }
  EXPECT_EQ(SeatSpec("policy(net=game)", 1, limits).value(), "policy(net=game)");
  EXPECT_EQ(SeatSpec("policy(net=none)", 1, limits).value(), "policy(net=none)");
}

TEST(SeatSpec, AddsTheTimeBudgetAndTreeLimitOnlyToAgentsThatTakeThem) {
  const AgentLimits limits;
  EXPECT_EQ(SeatSpec("random", 2, limits).value(), "random") << "random takes neither";
  EXPECT_EQ(SeatSpec("random(seed=4)", 2, limits).value(), "random(seed=4)");
  EXPECT_EQ(SeatSpec("ismcts", 2.5, limits).value(), "ismcts(time=2.5,tree_mb=64)");
  EXPECT_EQ(SeatSpec("ismcts(iters=300,c=1)", 0.25, limits).value(),
            "ismcts(iters=300,c=1,time=0,tree_mb=64)")
      << "an iteration budget is kept, and said so";
  EXPECT_EQ(SeatSpec("flat_mc(iters=50)", 1, limits).value(), "flat_mc(iters=50,time=0)");
  EXPECT_EQ(SeatSpec("flat_mc", 1, limits).value(), "flat_mc(time=1)");
  EXPECT_EQ(SeatSpec("strong", 2, limits).value(), "strong(time=0.2,tree_mb=64)")
      << "a level keeps its own time";
  EXPECT_EQ(SeatSpec("expert(time=0.5)", 2, limits).value(), "expert(time=0.5,tree_mb=64)");
  EXPECT_EQ(SeatSpec("greedy", 2, limits).value(), "greedy");
  EXPECT_EQ(SeatSpec("ismcts(time=0,tree_mb=8)", 2, limits).value(), "ismcts(time=0,tree_mb=8)")
      << "a spec that sets its own time and tree keeps them";
}

// The error of `spec` under the default limits, or "" when it is accepted.
std::string Refusal(const std::string& spec, double ai_seconds = 1) {
  auto result = SeatSpec(spec, ai_seconds, AgentLimits());
  return result ? "" : result.error().code + ": " + result.error().message;
}

TEST(SeatSpec, EverySpecOverALimitIsRefusedNamingTheLimitAndItsOption) {
  const std::string attack = Refusal("ismcts(iters=1000000000,time=0,threads=64)");
  EXPECT_NE(attack.find("over_limit"), std::string::npos) << attack;
  EXPECT_NE(attack.find("threads=64"), std::string::npos) << attack;
  EXPECT_NE(attack.find("--ai-max-threads"), std::string::npos) << attack;

  const std::string iters = Refusal("ismcts(iters=1000000000,time=0)");
  EXPECT_NE(iters.find("iters=1000000000"), std::string::npos) << iters;
  EXPECT_NE(iters.find("100000"), std::string::npos) << iters;
  EXPECT_NE(iters.find("--ai-max-iters"), std::string::npos) << iters;
  EXPECT_NE(Refusal("flat_mc(iters=200000,time=0)").find("--ai-max-iters"), std::string::npos);

  const std::string time = Refusal("ismcts(time=3600)");
  EXPECT_NE(time.find("time=3600"), std::string::npos) << time;
  EXPECT_NE(time.find("--ai-max-seconds"), std::string::npos) << time;

  EXPECT_NE(Refusal("ismcts(tree_mb=0)").find("no limit"), std::string::npos);
  EXPECT_NE(Refusal("ismcts(tree_mb=65)").find("--ai-max-tree-mb"), std::string::npos);
  EXPECT_NE(Refusal("flat_mc(threads=2)").find("--ai-max-threads"), std::string::npos);

  EXPECT_NE(Refusal("ismcts(iters=1000000000)").find("--ai-max-iters"), std::string::npos)
      << "iterations are the budget, so they are limited";
  EXPECT_NE(Refusal("expert(time=11)").find("--ai-max-seconds"), std::string::npos)
      << "the levels are limited like any agent";
  EXPECT_EQ(Refusal("ismcts(iters=100000,time=0)"), "") << "at the limit is allowed";
  EXPECT_EQ(Refusal("ismcts(time=10)"), "");
  EXPECT_NE(Refusal("wizard").find("wizard"), std::string::npos);
  EXPECT_NE(Refusal("ismcts(").find("parse"), std::string::npos);
}

TEST(SeatSpec, TheTablesTimeBudgetIsLimitedToo) {
  EXPECT_TRUE(CheckAiSeconds(10, AgentLimits()));
  auto over = CheckAiSeconds(11, AgentLimits());
  ASSERT_FALSE(over);
  EXPECT_NE(over.error().message.find("--ai-max-seconds"), std::string::npos);
}

TEST(LowerToLimits, BringsAStoredSpecWithinTodaysLimits) {
  const AgentLimits limits;
  EXPECT_EQ(LowerToLimits("ismcts(iters=1000000000,threads=64,time=0,seed=5)", limits),
            "ismcts(iters=100000,threads=1,time=0,seed=5,tree_mb=64)");
  EXPECT_EQ(LowerToLimits("ismcts(time=99,tree_mb=8)", limits), "ismcts(time=10,tree_mb=8)");
  EXPECT_EQ(LowerToLimits("random(seed=3)", limits), "random(seed=3)");
  EXPECT_EQ(LowerToLimits("ismcts(time=1,tree_mb=8)", limits), "ismcts(time=1,tree_mb=8)");
}

}  // namespace
}  // namespace savanna::server
