// The ladder: the default rungs (an agent named `policy` joins when registered), the rungs'
// ratings from neighbouring matches (against the joint Bradley-Terry fit), and the words of the
// summary on constructed verdicts.
#include "sim/ladder.h"

#include <gtest/gtest.h>

#include "agents/agent.h"
#include "agents/random_agent.h"
#include "games/registry.h"
#include "sim/ratings.h"
#include "sim/report.h"

namespace savanna {
namespace {

// The games of the ladder tests: their default rungs are the same (the policy agent plays none of
// them while they ship no net). `savanna::Game`: the debug build's unity file also holds
// comparison_test.cc's function Game().
std::vector<const savanna::Game*> LadderGames() {
  static const auto kariba = *Games().Create("kariba(players=3)");
  return {kariba.get()};
}

// What the default rungs start with for the ladder games: random, greedy, and policy where the
// game ships a net.
std::vector<std::string> Baselines() {
  if (LadderGames()[0]->ShippedNet().empty()) return {"random", "greedy"};
  return {"random", "greedy", "policy"};
}

std::vector<std::string> Then(std::vector<std::string> head, std::vector<std::string> tail) {
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

TEST(LadderTest, DefaultRungsUpToALevel) {
  EXPECT_EQ(*DefaultRungs("none", LadderGames()), Baselines());
  EXPECT_EQ(*DefaultRungs("easy", LadderGames()), Then(Baselines(), {"easy(clock=cpu)"}));
  EXPECT_EQ(*DefaultRungs("strong", LadderGames()),
            Then(Baselines(), {"easy(clock=cpu)", "medium(clock=cpu)", "strong(clock=cpu)"}));
  const auto bad = DefaultRungs("grandmaster", LadderGames());
  ASSERT_FALSE(bad.has_value());
  EXPECT_NE(bad.error().message.find("none, easy, medium, strong, expert"), std::string::npos);
}

// The policy agent is a rung only where it can play every game: where a game ships no net it
// cannot, and says so.
TEST(LadderTest, ThePolicyAgentIsARungOnlyWhereEveryGameShipsANet) {
  auto factory = MakeAgentFactory("policy");
  ASSERT_TRUE(factory.has_value());
  for (const savanna::Game* game : LadderGames()) {
    const auto plays = CheckAgentPlays(*factory, *game);
    EXPECT_EQ(plays.has_value(), !game->ShippedNet().empty());
    if (!plays) {
      EXPECT_NE(plays.error().message.find("ships no net"), std::string::npos)
          << plays.error().message;
    }
  }
}

Verdict L = Verdict::kLevel, H = Verdict::kHigher, W = Verdict::kLower;

std::string Seat(const std::vector<Verdict>& v) {
  const std::vector<std::string> all = {"random", "greedy", "easy", "medium", "strong"};
  return DescribeSkillChange({"P2", "ahead", "behind", "fair", "advantage", "disadvantage"}, v,
                             std::vector<std::string>(all.begin(), all.begin() + long(v.size())));
}

TEST(LadderTest, TheWordsOfTheSummary) {
  EXPECT_EQ(Seat({L, L, L, H, H}), "P2's advantage appears from medium up");
  EXPECT_EQ(Seat({L, W, W, W, W}), "P2's disadvantage appears from greedy up");
  EXPECT_EQ(Seat({H, H, L, L, L}), "P2's advantage holds up to greedy and disappears from easy up");
  EXPECT_EQ(Seat({H, H, H, H, H}), "P2 is ahead at every rung");
  EXPECT_EQ(Seat({W, W, H}), "P2 is behind up to greedy and ahead from easy up");
  EXPECT_EQ(Seat({L, L, L}), "");
  EXPECT_EQ(Seat({L, H, L, H}),
            "P2 changes more than once with skill: fair at random and easy; and ahead at greedy "
            "and medium");
  EXPECT_EQ(Seat({H, L, W}),
            "P2 changes more than once with skill: ahead at random; fair at greedy; and behind "
            "at easy");
  // Without nouns: states only.
  const VerdictWords ties{"The tie rate",
                          "higher than at random",
                          "lower than at random",
                          "level with random",
                          "",
                          "",
                          "every rung above random"};
  EXPECT_EQ(DescribeSkillChange(ties, {L, H, H}, {"greedy", "easy", "medium"}),
            "The tie rate is higher than at random from easy up");
  EXPECT_EQ(DescribeSkillChange(ties, {W, L}, {"greedy", "easy"}),
            "The tie rate is lower than at random up to greedy and level with random from easy up");
  EXPECT_EQ(DescribeSkillChange(ties, {H, H}, {"greedy", "easy"}),
            "The tie rate is higher than at random at every rung above random");
}

// Rung k's rating is the sum of the pairs' differences below it, its interval the pairs'
// half-widths in quadrature; the pair simulations give each difference as twice slot 1's
// rating (two slots, mean 0).
TEST(LadderTest, RatingsAddUpTheNeighbours) {
  Ladder ladder;
  ladder.rungs = {"a", "b", "c"};
  SimResult ab, bc;
  ab.ratings = {{-50, -60, -40}, {50, 40, 60}};      // b - a = 100 [80, 120]
  bc.ratings = {{-100, -115, -90}, {100, 90, 115}};  // c - b = 200 [180, 230]
  ladder.pairs = {ab, bc};
  RateRungs(ladder);
  ASSERT_EQ(ladder.ratings.size(), 3u);
  EXPECT_EQ(ladder.ratings[0].elo, 0);
  EXPECT_DOUBLE_EQ(ladder.ratings[1].elo, 100);
  EXPECT_DOUBLE_EQ(ladder.ratings[1].ci95_low, 80);
  EXPECT_DOUBLE_EQ(ladder.ratings[1].ci95_high, 120);
  EXPECT_DOUBLE_EQ(ladder.ratings[2].elo, 300);
  EXPECT_DOUBLE_EQ(ladder.ratings[2].ci95_low, 300 - std::sqrt(20.0 * 20 + 20 * 20));
  EXPECT_DOUBLE_EQ(ladder.ratings[2].ci95_high, 300 + std::sqrt(20.0 * 20 + 30 * 30));
  ladder.ratings[2].elo = -1;  // rated below the first: the skill order follows the ratings
  EXPECT_EQ(SkillOrder(ladder), (std::vector<size_t>{2, 0, 1}));
  ladder.pairs.clear();
  RateRungs(ladder);
  EXPECT_TRUE(ladder.ratings.empty());
  EXPECT_EQ(SkillOrder(ladder), (std::vector<size_t>{0, 1, 2}));
}

// On a chain the sum of the pairs' own fits is the joint fit of all the matches, but for the
// prior: compared on large hand-made counts.
TEST(LadderTest, TheChainIsTheJointBradleyTerryFit) {
  // a-b: b ahead 600 of 1000; b-c: c ahead 800 of 1000.
  const double ab = FitBradleyTerry({{0, 400}, {600, 0}})[1] * 2;
  const double bc = FitBradleyTerry({{0, 200}, {800, 0}})[1] * 2;
  const std::vector<double> joint = FitBradleyTerry({{0, 400, 0}, {600, 0, 200}, {0, 800, 0}});
  EXPECT_NEAR(joint[1] - joint[0], ab, 2.0);
  EXPECT_NEAR(joint[2] - joint[1], bc, 2.0);
  EXPECT_NEAR(ab, 400 * std::log10(600.0 / 400), 1.0);
}

// A ladder of two cheap rungs end to end: the report's summary, chart and tables.
TEST(LadderReportTest, WritesTheSummaryChartAndTables) {
  Ladder ladder;
  ladder.rungs = {"random", "greedy"};
  for (const std::string& rung : ladder.rungs) {
    SimConfig config;
    config.game_spec = "kariba(players=3)";
    config.agents = {rung};
    config.games = 60;
    auto r = RunSimulation(Games(), config);
    ASSERT_TRUE(r.has_value());
    ladder.self_play.push_back(std::move(*r));
  }
  SimConfig pair;
  pair.game_spec = "kariba(players=3)";
  pair.agents = ladder.rungs;
  pair.games = 30;
  pair.bootstrap = 20;
  auto match = RunSimulation(Games(), pair);
  ASSERT_TRUE(match.has_value());
  ladder.pairs.push_back(std::move(*match));
  RateRungs(ladder);
  std::map<std::string, std::string> files;
  for (auto& [name, content] : BuildLadderReport("c", {ladder}, Correction::kHolm))
    files[name] = content;
  for (const char* name : {"report.md", "report.html", "skill_0.svg", "results.json"})
    EXPECT_TRUE(files.count(name)) << name;
  const std::string& md = files["report.md"];
  for (const char* heading :
       {"## Summary: balance against skill", "## Summary: unfair", "## Seats by rung: kariba",
        "## Balance metrics by rung: kariba", "## Rungs", "## Rating matches", "## Data"})
    EXPECT_NE(md.find(heading), std::string::npos) << heading;
  EXPECT_NE(md.find("Holm's method over all the 6 seat tests"), std::string::npos) << md;
  EXPECT_NE(files["skill_0.svg"].find(">greedy<"), std::string::npos);
  const Json all = Json::parse(files["results.json"]);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0]["rungs"].size(), 2u);
  EXPECT_EQ(all[0]["rungs"][0]["rating"]["elo"], 0.0);
  EXPECT_EQ(all[0]["rating_matches"].size(), 1u);
}

}  // namespace
}  // namespace savanna
