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

std::map<std::string, std::string> ReportFiles(const std::vector<SimResult>& results) {
  std::map<std::string, std::string> files;
  for (auto& [name, content] : BuildReport("savanna report x", results)) files[name] = content;
  return files;
}

size_t Occurrences(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// report.html: one page with every chart inline, nothing to fetch and no script; the summaries
// first, then the charts, then the details.
TEST(ReportHtmlTest, OnePageSummaryChartsDetails) {
  const std::vector<SimResult> results = {
      Simulate("kariba(players=2)", {"random", "random(seed=1)"}, 8),
      Simulate("kariba(players=3)", {"random", "random(seed=1)"}, 12)};
  auto files = ReportFiles(results);
  ASSERT_TRUE(files.count("report.html"));
  const std::string& html = files["report.html"];
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(html.substr(html.size() - 8), "</html>\n");
  size_t charts = 0;
  for (const auto& [name, content] : files) {
    if (name.size() < 4 || name.substr(name.size() - 4) != ".svg") continue;
    ++charts;
    EXPECT_NE(html.find(content), std::string::npos) << name << " is not inline";
  }
  EXPECT_EQ(Occurrences(html, "<svg "), charts);
  for (const char* fetch : {"<script", "src=", "<link", "@import", "url(", "<img", "<iframe"})
    EXPECT_EQ(html.find(fetch), std::string::npos) << fetch;
  const size_t unfair = html.find("<h2>Summary: unfair configurations</h2>");
  const size_t highlights = html.find("<h2>Summary: balance highlights</h2>");
  const size_t charts_at = html.find("<h2>Charts</h2>");
  const size_t details = html.find("<h2>Details</h2>");
  ASSERT_NE(details, std::string::npos);
  EXPECT_LT(unfair, highlights);
  EXPECT_LT(highlights, charts_at);
  EXPECT_LT(charts_at, html.find("<svg "));
  EXPECT_LT(charts_at, details);
  EXPECT_LT(html.rfind("<svg "), details) << "every chart before the details";
  for (const char* table : {"<h3>Overview</h3>", "<h3>Seat advantage</h3>", "<h3>Agent ladder</h3>",
                            "<h3>Balance metrics</h3>", "<h3>Game length</h3>", "<h3>Data</h3>"})
    EXPECT_NE(html.find(table, details), std::string::npos) << table;
  // The Markdown opens with the same summaries.
  const std::string& md = files["report.md"];
  EXPECT_LT(md.find("## Summary: unfair configurations"), md.find("## Overview"));
  EXPECT_LT(md.find("## Summary: balance highlights"), md.find("## Overview"));
}

// The seats whose win rate differs from the fair share after Holm's correction over every seat
// tested are listed with their difference in points, the largest first. Hand-made: 2,000 games
// each; raw p-values (z = (rate - share) / sqrt(share (1 - share) / 2000)): players=2 P0 and P1
// 0.0736; players=3 P0 0.0398, P1 7.7e-5, P2 1.9e-9. Holm over the 5: P2 5 x 1.9e-9, P1
// 4 x 7.7e-5, P0 3 x 0.0398 = 0.119: P0's interval excludes 1/3 but its verdict does not.
TEST(ReportHtmlTest, SummaryListsTheUnfairSeatsAfterHolm) {
  std::vector<SimResult> results = {Simulate("kariba(players=2)", {"random"}, 8),
                                    Simulate("kariba(players=3)", {"random"}, 9)};
  results[0].games = results[1].games = 2000;
  results[0].seat_advantage = {{0, 0.48, 0.458, 0.502}, {0, 0.52, 0.498, 0.542}};
  results[1].seat_advantage = {
      {0, 0.355, 0.334, 0.376}, {0, 0.375, 0.354, 0.396}, {0, 0.27, 0.251, 0.290}};
  const std::string md = ReportFiles(results)["report.md"];
  const std::string summary = md.substr(0, md.find("## Summary: balance highlights"));
  EXPECT_NE(summary.find("1 of 2 configurations"), std::string::npos) << summary;
  EXPECT_NE(summary.find("Holm's method"), std::string::npos) << summary;
  EXPECT_NE(summary.find("1 more seat has a 95% interval"), std::string::npos) << summary;
  const size_t first = summary.find(
      "| kariba players=3 | P2 | 27.0% [25.1%, 29.0%] | 33.3% | -6.3 points [-8.2, -4.3] | "
      "<0.001 | <0.001 |");
  const size_t second = summary.find(
      "| kariba players=3 | P1 | 37.5% [35.4%, 39.6%] | 33.3% | +4.2 points [+2.1, +6.3] | "
      "<0.001 | <0.001 |");
  ASSERT_NE(first, std::string::npos) << summary;
  ASSERT_NE(second, std::string::npos) << summary;
  EXPECT_LT(first, second) << "the largest difference first";
  EXPECT_EQ(summary.find("| kariba players=3 | P0"), std::string::npos) << "Holm p 0.119";
  EXPECT_EQ(summary.find("| kariba players=2 |"), std::string::npos);
  // Benjamini-Hochberg: P0's adjusted p is 5/3 x 0.0398 = 0.066, still not under 5%.
  std::map<std::string, std::string> bh;
  for (auto& [name, content] : BuildReport("c", results, Correction::kBenjaminiHochberg))
    bh[name] = content;
  const std::string bh_summary =
      bh["report.md"].substr(0, bh["report.md"].find("## Summary: balance highlights"));
  EXPECT_NE(bh_summary.find("Benjamini-Hochberg"), std::string::npos);
  EXPECT_NE(bh_summary.find("| BH p |"), std::string::npos);
  EXPECT_EQ(bh_summary.find("| kariba players=3 | P0"), std::string::npos);
  results[0].seat_advantage = {{0, 0.5, 0.48, 0.52}, {0, 0.5, 0.48, 0.52}};
  results[1].seat_advantage = {{0, 0.34, 0.32, 0.36}, {0, 0.33, 0.31, 0.35}, {0, 0.33, 0.31, 0.35}};
  EXPECT_NE(ReportFiles(results)["report.html"].find("No configuration is unfair"),
            std::string::npos);
}

// Game and agent specs come from the user: every text that reaches the page is escaped.
TEST(ReportHtmlTest, EscapesHostileLabels) {
  const std::string hostile = "<script>alert(\"x\")</script> 'q' & <b>";
  std::vector<SimResult> results = {Simulate("kariba(players=2)", {"random", "random(seed=1)"}, 8),
                                    Simulate("kariba(players=3)", {"random", "random(seed=1)"}, 9)};
  for (SimResult& r : results) {
    r.agents[0] = hostile;
    r.game_name = hostile;
  }
  auto files = BuildReport("savanna report '" + hostile + "'", results);
  for (const auto& [name, content] : files) {
    if (name == "report.md" || name == "results.json") continue;  // not markup
    EXPECT_EQ(content.find("<script"), std::string::npos) << name;
    EXPECT_EQ(content.find("<b>"), std::string::npos) << name;
    EXPECT_EQ(content.find("'q'"), std::string::npos) << name;
    EXPECT_EQ(content.find(" & "), std::string::npos) << name;
  }
  std::map<std::string, std::string> by_name(files.begin(), files.end());
  const std::string& html = by_name["report.html"];
  EXPECT_NE(html.find("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;q&#39; &amp; "
                      "&lt;b&gt;"),
            std::string::npos);
  EXPECT_GE(Occurrences(html, "&lt;script&gt;"), 10u) << "labels, agents and the command";
}

TEST(SvgTest, EscapesTextAndPlacesRows) {
  EXPECT_EQ(EscapeXml("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
  const std::string chart =
      svg::IntervalChart("t <1>", {{"row & one", 0.5, 0.4, 0.6, 0.5, 0}}, 0, 1, "x");
  EXPECT_NE(chart.find("t &lt;1&gt;"), std::string::npos);
  EXPECT_NE(chart.find("row &amp; one"), std::string::npos);
  EXPECT_NE(chart.find("stroke-dasharray"), std::string::npos) << "the reference mark";
}

// The drawing's width, from its width attribute.
double WidthOf(const std::string& chart) {
  return std::stod(chart.substr(chart.find("width=\"") + 7));
}

// The lines (tspans) of the <text> that holds `start`, joined.
std::string TextAt(const std::string& chart, const std::string& start, size_t* lines = nullptr) {
  const size_t at = chart.find(start);
  if (at == std::string::npos) return "";
  const size_t open = chart.rfind("<text", at);
  const size_t close = chart.find("</text>", at);
  std::string joined;
  size_t count = 0;
  for (size_t t = chart.find("<tspan", open); t < close; t = chart.find("<tspan", t + 1)) {
    const size_t from = chart.find('>', t) + 1;
    joined += chart.substr(from, chart.find("</tspan>", from) - from);
    ++count;
  }
  if (lines != nullptr) *lines = count;
  return joined;
}

// Every chart is drawn at the phone's width: a label longer than the drawing wraps onto more
// lines, whole, instead of widening it.
TEST(SvgTest, LongLabelsWrapWithinThePhoneWidth) {
  const std::string long_label = "kariba animals=8 chase=closest " + std::string(60, 'x');
  const std::string chart = svg::IntervalChart(
      "t", {{"short", 0.5, 0.4, 0.6, {}, 0}, {long_label, 0.5, 0.4, 0.6, {}, 1}}, 0, 1, "x");
  EXPECT_EQ(WidthOf(chart), svg::kChartWidth);
  size_t lines = 0;
  EXPECT_EQ(TextAt(chart, ">kariba", &lines),
            "kariba animals=8 chase=closest" + std::string(60, 'x'))
      << "broken at the space, the rest cut where it must";
  EXPECT_GE(lines, 2u);
  EXPECT_EQ(TextAt(chart, ">short", &lines), "short");
  EXPECT_EQ(lines, 1u);
  // Each line fits: WrapText's lines are at most the width asked for ('x' is at least 0.5 em).
  for (const std::string& line : svg::WrapText(std::string(120, 'x'), 12, 330))
    EXPECT_LE(line.size() * 0.5 * 12, 330u) << line;
  EXPECT_EQ(svg::WrapText("a b", 12, 330), (std::vector<std::string>{"a b"}));
  EXPECT_EQ(svg::WrapText("", 12, 330), (std::vector<std::string>{""}));
  // Never inside a UTF-8 character.
  for (const std::string& line :
       svg::WrapText(std::string(40, 'x') + "\xc3\xa9\xc3\xa9\xc3\xa9", 12, 60))
    EXPECT_NE(static_cast<unsigned char>(line[0]) & 0xC0, 0x80u) << line;
}

// A small distribution for the histogram tests: counts 1, 2, 1 in bins of width 1 from 0.
Distribution ThreeBins() {
  Distribution d;
  d.min = 0;
  d.bin_width = 1;
  d.counts = {1, 2, 1};
  return d;
}

// A histogram's legend stands under its panel: a long series name wraps, the drawing keeps the
// phone's width.
TEST(SvgTest, TheHistogramLegendWrapsLongNames) {
  const Distribution d = ThreeBins();
  const std::string name = "random(seed=" + std::string(100, '1') + ")";
  const std::string chart = svg::Histograms("t", {{"panel", {{name, d}}}}, "x");
  EXPECT_EQ(WidthOf(chart), svg::kChartWidth);
  size_t lines = 0;
  EXPECT_EQ(TextAt(chart, ">random(seed=", &lines), name);
  EXPECT_GE(lines, 2u);
}

// Many series: every legend row of a panel stays above the next panel's title, and the last in
// the drawing.
TEST(SvgTest, TheHistogramPanelsHoldLongLegends) {
  const Distribution d = ThreeBins();
  const std::vector<svg::HistogramSeries> series(12, {"agent", d});
  const std::string chart = svg::Histograms("t", {{"first", series}, {"second", series}}, "x");
  const double height = std::stod(chart.substr(chart.find("height=\"") + 8));
  const size_t second = chart.find(">second</tspan>");
  const double second_y = std::stod(chart.substr(chart.rfind("y=\"", second) + 3));
  double last_legend_y = 0, lowest = 0;
  for (size_t at = chart.find(">agent</tspan>"); at != std::string::npos;
       at = chart.find(">agent</tspan>", at + 1)) {
    const double y = std::stod(chart.substr(chart.rfind("y=\"", at) + 3));
    if (at < second) last_legend_y = std::max(last_legend_y, y);
    lowest = std::max(lowest, y);
  }
  EXPECT_LT(last_legend_y, second_y - 12) << "the first panel's legend runs into the second";
  EXPECT_LT(lowest, height) << "the last legend row leaves the drawing";
}

}  // namespace
}  // namespace savanna
