// The balance report: its files, its sections, the strong-versus-weak figure on constructed
// data, labels that tell configurations apart, and charts that are well-formed SVG.
#include "sim/report.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "core/text.h"
#include "games/registry.h"
#include "sim/svg_plot.h"

namespace savanna {
namespace {

SimResult Simulate(const std::string& spec, std::vector<std::string> agents, int64_t games) {
  SimConfig config;
  config.keep_outcomes = true;
  config.game_spec = spec;
  config.agents = std::move(agents);
  config.games = games;
  config.threads = 2;
  config.bootstrap = 20;
  auto result = RunSimulation(Games(), config);
  EXPECT_TRUE(result.has_value()) << result.error().message;
  return result ? std::move(*result) : SimResult{};
}

TEST(StrongVsWeakTest, ComparesTheBestAndWorstRatedSlots) {
  SimResult r;
  r.agents = {"a", "b", "c"};
  r.ratings = {{50, 0, 0}, {-120, 0, 0}, {70, 0, 0}};
  r.pairwise = {{0, 10, 3}, {5, 0, 1}, {2, 9, 0}};
  const auto gap = StrongVsWeak(r);
  ASSERT_TRUE(gap.has_value());
  EXPECT_EQ(gap->strong, 2);
  EXPECT_EQ(gap->weak, 1);
  EXPECT_DOUBLE_EQ(gap->comparisons, 10);
  EXPECT_DOUBLE_EQ(gap->rate, 0.9);
  const auto [lo, hi] = WilsonInterval(9, 10);
  EXPECT_DOUBLE_EQ(gap->ci95_low, lo);
  EXPECT_DOUBLE_EQ(gap->ci95_high, hi);
  r.ratings.clear();
  EXPECT_FALSE(StrongVsWeak(r).has_value());
}

TEST(ConfigLabelsTest, NameOnlyTheParametersThatDiffer) {
  const std::vector<SimResult> results = {Simulate("kariba(players=2)", {"random"}, 2),
                                          Simulate("kariba(players=3)", {"random"}, 2),
                                          Simulate("kilimanjaro(players=2)", {"random"}, 2)};
  EXPECT_EQ(ConfigLabels(results),
            (std::vector<std::string>{"kariba players=2", "kariba players=3", "kilimanjaro"}));
}

// Kalimambo's `heaps`, `order` and `rhino` are empty (random) in most configurations and set in
// one: the label shows them where set and never as "heaps=".
TEST(ConfigLabelsTest, LeaveOutEmptyParameters) {
  const std::vector<SimResult> results = {
      Simulate("kalimambo(players=3)", {"random"}, 1),
      Simulate("kalimambo(players=3,heaps=3-7-11-15-19-23,order=2-0-1,rhino=30)", {"random"}, 1)};
  const std::vector<std::string> labels = ConfigLabels(results);
  EXPECT_EQ(labels[0], "kalimambo");
  EXPECT_EQ(labels[1], "kalimambo heaps=3-7-11-15-19-23 order=2-0-1 rhino=30");
  for (const std::string& label : labels) EXPECT_EQ(label.find("= "), std::string::npos) << label;
}

TEST(BuildReportTest, WritesEverySectionChartAndDataFile) {
  const std::vector<SimResult> results = {
      Simulate("kariba(players=2)", {"random", "random(seed=1)"}, 8),
      Simulate("kariba(players=3)", {"random", "random(seed=1)"}, 12)};
  std::map<std::string, std::string> files;
  for (auto& [name, content] : BuildReport("savanna report x", results)) files[name] = content;
  for (const char* name :
       {"report.md", "seat_advantage.svg", "ladder.svg", "luck_skill.svg", "tie_rate.svg",
        "lead_changes.svg", "decided_at.svg", "comeback_rate.svg", "score_spread.svg",
        "first_move.svg", "length.svg", "scores.svg", "results.json"})
    EXPECT_TRUE(files.count(name)) << name;
  const std::string& md = files["report.md"];
  for (const char* heading :
       {"## Overview", "## Seat advantage", "## Agent ladder", "## Luck and skill",
        "## Balance metrics", "## Game length", "## Scores", "## Data"})
    EXPECT_NE(md.find(heading), std::string::npos) << heading;
  EXPECT_NE(md.find("`savanna report x`"), std::string::npos);
  EXPECT_NE(md.find("| kariba players=3 | P2 |"), std::string::npos);
  // The balance table: a row per configuration with its player count and every interval.
  const size_t row = md.find("| kariba players=3 | 3 | ");
  ASSERT_NE(row, std::string::npos);
  const std::string line = md.substr(row, md.find('\n', row) - row);
  EXPECT_EQ(std::count(line.begin(), line.end(), '['), 6) << line;
  EXPECT_NE(files["first_move.svg"].find("kariba players=3"), std::string::npos);
  EXPECT_NE(files["first_move.svg"].find("stroke-dasharray"), std::string::npos) << "no advantage";
  for (const auto& [name, content] : files) {
    if (name.size() < 4 || name.substr(name.size() - 4) != ".svg") continue;
    EXPECT_EQ(content.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u) << name;
    EXPECT_EQ(content.substr(content.size() - 7), "</svg>\n") << name;
  }
  const Json all = Json::parse(files["results.json"]);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[1]["players"], 3);
  // A single agent spec: no ratings, so no ladder or luck-skill chart.
  std::map<std::string, std::string> plain;
  for (auto& [name, content] : BuildReport("c", {Simulate("kariba(players=2)", {"random"}, 4)}))
    plain[name] = content;
  EXPECT_FALSE(plain.count("ladder.svg"));
  EXPECT_EQ(plain["report.md"].find("## Agent ladder"), std::string::npos);
}

TEST(SvgTest, EscapesTextAndPlacesRows) {
  EXPECT_EQ(EscapeXml("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
  const std::string chart =
      svg::IntervalChart("t <1>", {{"row & one", 0.5, 0.4, 0.6, 0.5, 0}}, 0, 1, "x");
  EXPECT_NE(chart.find("t &lt;1&gt;"), std::string::npos);
  EXPECT_NE(chart.find("row &amp; one"), std::string::npos);
  EXPECT_NE(chart.find("stroke-dasharray"), std::string::npos) << "the reference mark";
}

// The x of the first row label's right end and the drawing's width.
std::pair<double, double> LabelEndAndWidth(const std::string& chart) {
  const size_t width_at = chart.find("width=\"") + 7;
  const size_t label_at = chart.find("text-anchor=\"end\"");
  const size_t x_at = chart.rfind("<text x=\"", label_at) + 9;
  return {std::stod(chart.substr(x_at)), std::stod(chart.substr(width_at))};
}

TEST(SvgTest, TheLabelColumnWidensToHoldTheLongestLabel) {
  const std::string long_label(90, 'x');  // 'x' is at least 0.5 em wide in any sans-serif
  const auto [end, width] = LabelEndAndWidth(svg::IntervalChart(
      "t", {{"short", 0.5, 0.4, 0.6, {}, 0}, {long_label, 0.5, 0.4, 0.6, {}, 1}}, 0, 1, "x"));
  EXPECT_GE(end, 90 * 0.5 * 12) << "the label's start would fall off the left edge";
  EXPECT_GE(width, end + 400) << "the plot beside the labels";
  const auto [short_end, short_width] =
      LabelEndAndWidth(svg::IntervalChart("t", {{"short", 0.5, 0.4, 0.6, {}, 0}}, 0, 1, "x"));
  EXPECT_LT(short_end, end);
  EXPECT_LT(short_width, width);
}

}  // namespace
}  // namespace savanna
