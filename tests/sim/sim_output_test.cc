// The reports of a simulation: the JSON keys of the `savanna sim` contract, the CSV rows and
// the terminal table.
#include <gtest/gtest.h>

#include <sstream>

#include "games/registry.h"
#include "sim/simulation.h"

namespace savanna {
namespace {

SimResult Simulate(std::vector<std::string> agents, int64_t games) {
  SimConfig config;
  config.keep_outcomes = true;
  config.game_spec = "kariba(players=3)";
  config.agents = std::move(agents);
  config.games = games;
  config.seed = 9;
  auto result = RunSimulation(Games(), config);
  EXPECT_TRUE(result.has_value()) << result.error().message;
  return result ? std::move(*result) : SimResult{};
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(SimResultToJsonTest, HasTheContractKeys) {
  const SimResult result = Simulate({"random"}, 12);
  const Json j = SimResultToJson(result);
  for (const char* key :
       {"game", "game_name", "params", "games", "seed", "agents", "seats", "mean_length"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["game"], result.game);
  EXPECT_EQ(j["game_name"], "kariba");
  EXPECT_TRUE(j["params"].is_object());
  EXPECT_EQ(j["params"]["players"], 3);
  EXPECT_EQ(j["games"], 12);
  EXPECT_EQ(j["seed"], 9);
  EXPECT_EQ(j["agents"], Json({"random", "random", "random"}));
  EXPECT_DOUBLE_EQ(j["mean_length"].get<double>(), result.mean_length);
  ASSERT_TRUE(j["seats"].is_array());
  ASSERT_EQ(j["seats"].size(), 3u);
  for (size_t s = 0; s < 3; ++s) {
    const Json& seat = j["seats"][s];
    for (const char* key : {"agent", "wins", "win_rate", "ci95", "mean_score"})
      EXPECT_TRUE(seat.contains(key)) << key;
    EXPECT_EQ(seat["agent"], "random");
    EXPECT_DOUBLE_EQ(seat["wins"].get<double>(), result.seats[s].wins);
    EXPECT_DOUBLE_EQ(seat["win_rate"].get<double>(), result.seats[s].win_rate);
    ASSERT_TRUE(seat["ci95"].is_array());
    ASSERT_EQ(seat["ci95"].size(), 2u);
    EXPECT_DOUBLE_EQ(seat["ci95"][0].get<double>(), result.seats[s].ci95_low);
    EXPECT_DOUBLE_EQ(seat["ci95"][1].get<double>(), result.seats[s].ci95_high);
    EXPECT_DOUBLE_EQ(seat["mean_score"].get<double>(), result.seats[s].mean_score);
  }
  EXPECT_FALSE(j.contains("outcomes"));
  // Beyond the contract: the balance lab's statistics.
  for (const char* key : {"players", "deals", "seatings", "seat_advantage", "ratings", "pairwise",
                          "length", "scores"})
    EXPECT_TRUE(j.contains(key)) << key;
  ASSERT_EQ(j["seat_advantage"].size(), 3u);
  EXPECT_DOUBLE_EQ(j["seat_advantage"][1]["win_rate"].get<double>(),
                   result.seat_advantage[1].win_rate);
  EXPECT_EQ(j["length"]["counts"].size(), result.length.counts.size());
  EXPECT_EQ(j["scores"].size(), 3u);
  // The balance metrics, each with its interval.
  const Json& b = j["balance"];
  for (const char* key : {"tie_rate", "lead_changes", "decided_at", "comeback_rate", "score_spread",
                          "first_move_advantage"}) {
    ASSERT_TRUE(b.contains(key)) << key;
    ASSERT_EQ(b[key]["ci95"].size(), 2u) << key;
    EXPECT_LE(b[key]["ci95"][0].get<double>(), b[key]["ci95"][1].get<double>()) << key;
  }
  EXPECT_EQ(b["tie_rate"]["games"], 12);
  EXPECT_EQ(b["tie_rate"]["count"], result.balance.tie_rate.count);
  EXPECT_DOUBLE_EQ(b["lead_changes"]["mean"].get<double>(), result.balance.lead_changes.mean);
  EXPECT_DOUBLE_EQ(b["decided_at"]["sd"].get<double>(), result.balance.decided_at.sd);
  EXPECT_EQ(b["comeback_rate"]["games"], result.balance.decided_at.games);
  EXPECT_DOUBLE_EQ(b["first_move_advantage"]["advantage"].get<double>(),
                   result.seat_advantage[0].win_rate - 1.0 / 3);
  EXPECT_EQ(b["first_move_advantage"]["players"], 3);
}

TEST(SimResultToCsvTest, OneRowPerGameAfterTheHeader) {
  const SimResult result = Simulate({"random"}, 17);
  const auto lines = Lines(SimResultToCsv(result));
  ASSERT_EQ(lines.size(), 18u);
  EXPECT_EQ(lines[0].rfind("index,deal,seed,length,seat0_agent,", 0), 0u) << lines[0];
  const auto columns = [](const std::string& line) {
    return std::count(line.begin(), line.end(), ',') + 1;
  };
  EXPECT_EQ(columns(lines[0]), 4 + 4 * 3);
  for (size_t i = 1; i < lines.size(); ++i) {
    EXPECT_EQ(columns(lines[i]), columns(lines[0])) << lines[i];
    const GameOutcome& o = result.outcomes[i - 1];
    EXPECT_EQ(lines[i].rfind(std::to_string(o.index) + "," + std::to_string(o.deal) + "," +
                                 std::to_string(o.seed) + "," + std::to_string(o.length) + ",",
                             0),
              0u)
        << lines[i];
  }
}

TEST(SimResultToCsvTest, QuotesAgentSpecsHoldingCommas) {
  SimResult result = Simulate({"random"}, 2);
  result.agents = {"x(a=1,b=2)", "y", "z"};
  const auto lines = Lines(SimResultToCsv(result));
  ASSERT_EQ(lines.size(), 3u);
  for (size_t i = 1; i < lines.size(); ++i)
    EXPECT_NE(lines[i].find("\"x(a=1,b=2)\""), std::string::npos) << lines[i];
}

TEST(SummaryTableTest, OneLinePerSlotUnderTwoHeaderLines) {
  const SimResult result = Simulate({"random", "random(seed=3)", "random"}, 9);
  const auto lines = Lines(SummaryTable(result));
  // Agents (2 + 3 lines), ratings (1 + 1 + 3), seats (1 + 1 + 3), balance (1 + 1 + 6).
  ASSERT_EQ(lines.size(), 23u);
  EXPECT_EQ(lines[16].rfind("balance", 0), 0u);
  EXPECT_EQ(lines[17].rfind("tie rate", 0), 0u);
  EXPECT_EQ(lines[22].rfind("first-move advantage", 0), 0u);
  for (size_t i = 17; i <= 22; ++i) EXPECT_NE(lines[i].find("  ["), std::string::npos) << lines[i];
  EXPECT_NE(lines[6].find("rating"), std::string::npos);
  EXPECT_NE(lines[11].find("fair share 33.3%"), std::string::npos);
  EXPECT_EQ(lines[12].rfind("P0 ", 0), 0u);
  EXPECT_NE(lines[0].find(result.game), std::string::npos);
  EXPECT_NE(lines[0].find("9 games"), std::string::npos);
  EXPECT_NE(lines[3].find("random(seed=3)"), std::string::npos);
  // Fixed width: the rows line up.
  EXPECT_EQ(lines[2].size(), lines[3].size());
  EXPECT_EQ(lines[3].size(), lines[4].size());
}

}  // namespace
}  // namespace savanna
