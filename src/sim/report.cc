// The balance report: its sections (sim/report_document.h) and the charts of svg_plot.h over
// several simulations.
#include "sim/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "core/check.h"
#include "core/text.h"
#include "sim/report_document.h"
#include "sim/report_parts.h"
#include "sim/svg_plot.h"

namespace savanna {
namespace {

using report::Code;
using report::Fixed;
using report::Interval;
using report::MeanCell;
using report::Pct;
using report::RateCell;

// A detail section with one chart (its alternative text: the section's title) and a table with
// columns `head` aligned as `align` (ReportTable), its rows still to come.
ReportSection ChartSection(std::string id, const std::string& title, std::string intro,
                           std::string chart_file, std::vector<std::string> head,
                           std::string align) {
  return {std::move(id),
          title,
          std::move(intro),
          {{std::move(chart_file), title, ""}},
          {std::move(head), std::move(align), {}},
          false};
}

ReportSection OverviewSection(const std::vector<SimResult>& results,
                              const std::vector<std::string>& labels) {
  ReportSection section{"overview", "Overview", "", {}, {}, false};
  section.table = {{"configuration", "games", "mean length", "P0 win rate [95%]", "fair share",
                    "strongest vs weakest"},
                   "lrrrrr",
                   {}};
  for (size_t i = 0; i < results.size(); ++i) {
    const SimResult& r = results[i];
    const SeatSummary& p0 = r.seat_advantage.at(0);
    const auto gap = StrongVsWeak(r);
    section.table.rows.push_back(
        {labels[i], std::to_string(r.games), Fixed(r.mean_length, 1),
         Pct(p0.win_rate) + " " + Interval(p0.ci95_low, p0.ci95_high, true), Pct(1.0 / r.players),
         gap ? Pct(gap->rate) + " " + Interval(gap->ci95_low, gap->ci95_high, true) : "-"});
  }
  return section;
}

ReportSection SeatSection(const std::vector<SimResult>& results,
                          const std::vector<std::string>& labels,
                          std::vector<svg::IntervalRow>& rows) {
  ReportSection section =
      ChartSection("seat-advantage", "Seat advantage",
                   "How often each seat won, whoever sat there (every agent sits in every seat "
                   "equally often). The dashed mark is the fair share.",
                   "seat_advantage.svg",
                   {"configuration", "seat", "win rate", "95% interval", "fair share"}, "llrrr");
  for (size_t i = 0; i < results.size(); ++i)
    for (size_t seat = 0; seat < results[i].seat_advantage.size(); ++seat) {
      const SeatSummary& s = results[i].seat_advantage[seat];
      const double fair = 1.0 / results[i].players;
      section.table.rows.push_back({labels[i], SeatName(int(seat)), Pct(s.win_rate),
                                    Interval(s.ci95_low, s.ci95_high, true), Pct(fair)});
      rows.push_back({labels[i] + "  P" + std::to_string(seat), s.win_rate, s.ci95_low, s.ci95_high,
                      fair, int(i)});
    }
  return section;
}

ReportSection LadderSection(const std::vector<SimResult>& results,
                            const std::vector<std::string>& labels,
                            std::vector<svg::IntervalRow>& rows, double& lo, double& hi) {
  ReportSection section = ChartSection(
      "ladder", "Agent ladder",
      "Bradley-Terry ratings on the Elo scale (mean 0 per configuration) with bootstrap 95% "
      "intervals over the deals, and each agent's win rate (fair share: 1 / players).",
      "ladder.svg",
      {"configuration", "agent", "rating", "95% interval", "win rate", "95% interval"}, "llrrrr");
  lo = 0;
  hi = 0;
  for (size_t i = 0; i < results.size(); ++i) {
    const SimResult& r = results[i];
    for (size_t slot = 0; slot < r.ratings.size(); ++slot) {
      const Rating& rating = r.ratings[slot];
      const AgentSummary& s = r.seats[slot];
      section.table.rows.push_back({labels[i], Code(r.agents[slot]), Fixed(rating.elo, 0),
                                    Interval(rating.ci95_low, rating.ci95_high, false),
                                    Pct(s.win_rate), Interval(s.ci95_low, s.ci95_high, true)});
      rows.push_back({labels[i] + "  " + r.agents[slot], rating.elo, rating.ci95_low,
                      rating.ci95_high, 0.0, int(slot)});
      lo = std::min(lo, rating.ci95_low);
      hi = std::max(hi, rating.ci95_high);
    }
  }
  return section;
}

ReportSection SkillSection(const std::vector<SimResult>& results,
                           const std::vector<std::string>& labels,
                           std::vector<svg::IntervalRow>& rows) {
  ReportSection section = ChartSection(
      "luck-skill", "Luck and skill",
      "How often the best-rated agent finished ahead of the worst-rated one, counting the games in "
      "which at least one of the two won. Near 100%: skill decides; near 50%: luck does.",
      "luck_skill.svg",
      {"configuration", "strong", "weak", "strong ahead", "95% interval", "comparisons"}, "lllrrr");
  for (size_t i = 0; i < results.size(); ++i) {
    const auto gap = StrongVsWeak(results[i]);
    if (!gap) continue;
    const SimResult& r = results[i];
    section.table.rows.push_back({labels[i], Code(r.agents[size_t(gap->strong)]),
                                  Code(r.agents[size_t(gap->weak)]), Pct(gap->rate),
                                  Interval(gap->ci95_low, gap->ci95_high, true),
                                  Fixed(gap->comparisons, 0)});
    rows.push_back({labels[i], gap->rate, gap->ci95_low, gap->ci95_high, 0.5, int(i)});
  }
  return section;
}

std::vector<std::string> DistributionRow(const std::string& a, const std::string& b,
                                         const Distribution& d) {
  return {a,
          b,
          Fixed(d.mean, 1),
          Fixed(d.sd, 1),
          Fixed(d.min, 0),
          Fixed(d.p10, 1),
          Fixed(d.median, 1),
          Fixed(d.p90, 1),
          Fixed(d.max, 0)};
}

std::vector<ReportSection> DistributionSections(const std::vector<SimResult>& results,
                                                const std::vector<std::string>& labels) {
  const std::vector<std::string> head = {"mean", "sd", "min", "p10", "median", "p90", "max"};
  ReportSection length{"length",
                       "Game length",
                       "Actions per game (every submission counts).",
                       {{"length.svg", "Game length", ""}},
                       {{"configuration", "measure"}, "llrrrrrrr", {}},
                       false};
  ReportSection scores{"scores",
                       "Scores",
                       "Each game's own points, by agent.",
                       {{"scores.svg", "Scores", ""}},
                       {{"configuration", "agent"}, "llrrrrrrr", {}},
                       false};
  length.table.head.insert(length.table.head.end(), head.begin(), head.end());
  scores.table.head.insert(scores.table.head.end(), head.begin(), head.end());
  for (size_t i = 0; i < results.size(); ++i) {
    length.table.rows.push_back(DistributionRow(labels[i], "actions", results[i].length));
    for (size_t slot = 0; slot < results[i].scores.size(); ++slot)
      scores.table.rows.push_back(
          DistributionRow(labels[i], Code(results[i].agents[slot]), results[i].scores[slot]));
  }
  return {length, scores};
}

// An axis from 0 (or below, for negative values) to a little past the highest interval end.
std::pair<double, double> AxisFromZero(const std::vector<svg::IntervalRow>& rows) {
  double lo = 0, hi = 0;
  for (const auto& r : rows) {
    lo = std::min(lo, r.low);
    hi = std::max(hi, r.high);
  }
  const double margin = std::max((hi - lo) * 0.1, 1e-3);
  return {lo < 0 ? lo - margin : 0.0, hi + margin};
}

// One chart of the balance section: a row per configuration.
struct BalanceChart {
  const char* file;
  const char* title;
  const char* x_label;
  const char* text;  // the paragraph above the chart
  std::vector<svg::IntervalRow> rows;
  bool percent;  // the rows are shares, shown as percentages in the highlights
};

std::vector<BalanceChart> BalanceCharts() {
  return {{"tie_rate.svg",
           "Tie rate: games with a shared win",
           "share of games",
           "Games won by more than one player.",
           {},
           true},
          {"lead_changes.svg",
           "Lead changes per game",
           "lead changes",
           "Times the sole leader (the one player with the most points) changed hands; tied "
           "states are skipped.",
           {},
           false},
          {"decided_at.svg",
           "Decided at: when the winner took the lead for good",
           "share of the game's actions",
           "With a sole winner: the point, as a share of the game's actions, from which the "
           "winner led alone to the end (near 100%: decided at the very end; low: decided early).",
           {},
           true},
          {"comeback_rate.svg",
           "Comeback rate: the winner trailed at half-time",
           "share of sole wins",
           "With a sole winner: games whose winner was behind the leader after half of the "
           "actions.",
           {},
           true},
          {"score_spread.svg",
           "Score spread: highest final score minus lowest",
           "points",
           "How far apart the final scores were.",
           {},
           false},
          {"first_move.svg",
           "First-move advantage: seat 0's win rate minus the fair share",
           "win rate minus 1 / players",
           "Seat 0's win rate minus the fair share 1 / players, per player count (the dashed "
           "mark is no advantage).",
           {},
           true}};
}

// The highest and the lowest configuration of every balance chart (and of luck and skill),
// with their intervals: what a designer looks at first.
ReportSection HighlightsSection(const std::vector<BalanceChart>& charts,
                                const std::vector<svg::IntervalRow>& skill_rows) {
  ReportSection section{
      "highlights",
      "Summary: balance highlights",
      "For each measure, the configurations with the highest and the lowest value and their 95% "
      "intervals; the charts and the details below have every configuration.",
      {},
      {{"measure", "highest", "lowest"}, "lll", {}},
      true};
  auto add = [&](const std::string& measure, const std::vector<svg::IntervalRow>& rows,
                 bool percent) {
    if (rows.empty()) return;
    auto by_value = [](const svg::IntervalRow& a, const svg::IntervalRow& b) {
      return a.value < b.value;
    };
    const auto [low, high] = std::minmax_element(rows.begin(), rows.end(), by_value);
    auto cell = [percent](const svg::IntervalRow& r) {
      return r.label + ": " +
             (percent ? RateCell(r.value, r.low, r.high)
                      : Fixed(r.value, 2) + " [" + Fixed(r.low, 2) + ", " + Fixed(r.high, 2) + "]");
    };
    section.table.rows.push_back({measure, cell(*high), cell(*low)});
  };
  for (const BalanceChart& chart : charts) {
    std::string measure = chart.title;
    measure = measure.substr(0, measure.find(':'));
    add(measure, chart.rows, chart.percent);
  }
  add("Luck and skill (best-rated agent ahead)", skill_rows, true);
  return section;
}

ReportSection BalanceSection(const std::vector<SimResult>& results,
                             const std::vector<std::string>& labels,
                             std::vector<BalanceChart>& charts,
                             std::vector<std::pair<std::string, std::string>>& files) {
  ReportSection section{
      "balance",
      "Balance metrics",
      "Per game, averaged over the games with 95% intervals (Wilson for rates, Student t for "
      "means); docs/balance.md defines each one. In the charts, a colour is a player count.",
      {},
      {{"configuration", "players", "tie rate", "lead changes", "decided at", "comeback rate",
        "score spread", "first-move advantage"},
       "lrrrrrrr",
       {}},
      false};
  for (size_t i = 0; i < results.size(); ++i) {
    const BalanceSummary& b = results[i].balance;
    const FirstMoveAdvantage& f = b.first_move;
    section.table.rows.push_back(
        {labels[i], std::to_string(results[i].players),
         RateCell(b.tie_rate.rate, b.tie_rate.ci95_low, b.tie_rate.ci95_high),
         MeanCell(b.lead_changes, 2),
         RateCell(b.decided_at.mean, b.decided_at.ci95_low, b.decided_at.ci95_high),
         RateCell(b.comeback_rate.rate, b.comeback_rate.ci95_low, b.comeback_rate.ci95_high),
         MeanCell(b.score_spread, 1), RateCell(f.advantage, f.ci95_low, f.ci95_high)});
    const int colour = results[i].players;  // the same colour for a player count in every chart
    auto row = [&](double value, double low, double high) {
      return svg::IntervalRow{labels[i], value, low, high, {}, colour};
    };
    charts[0].rows.push_back(row(b.tie_rate.rate, b.tie_rate.ci95_low, b.tie_rate.ci95_high));
    charts[1].rows.push_back(
        row(b.lead_changes.mean, b.lead_changes.ci95_low, b.lead_changes.ci95_high));
    charts[2].rows.push_back(row(b.decided_at.mean, b.decided_at.ci95_low, b.decided_at.ci95_high));
    charts[3].rows.push_back(
        row(b.comeback_rate.rate, b.comeback_rate.ci95_low, b.comeback_rate.ci95_high));
    charts[4].rows.push_back(
        row(b.score_spread.mean, b.score_spread.ci95_low, b.score_spread.ci95_high));
    const bool named = labels[i].find("players=") != std::string::npos;
    charts[5].rows.push_back(
        {named ? labels[i] : labels[i] + ", " + std::to_string(f.players) + " players", f.advantage,
         f.ci95_low, f.ci95_high, 0.0, f.players});
  }
  for (BalanceChart& chart : charts) {
    section.figures.push_back({chart.file, chart.title, chart.text});
    auto [lo, hi] = AxisFromZero(chart.rows);
    if (std::string(chart.file) == "decided_at.svg") hi = 1;  // a share of the game
    if (std::string(chart.file) == "first_move.svg") {
      const double reach = std::max(-lo, hi);  // symmetric about no advantage
      lo = -reach;
      hi = reach;
    }
    files.emplace_back(chart.file,
                       svg::IntervalChart(chart.title, chart.rows, lo, hi, chart.x_label));
  }
  return section;
}

}  // namespace

std::string GamesCsvName(int configuration) {
  return "games_" + std::to_string(configuration) + ".csv";
}

std::optional<SkillGap> StrongVsWeak(const SimResult& result) {
  if (result.ratings.size() < 2) return std::nullopt;
  SkillGap gap;
  for (size_t k = 0; k < result.ratings.size(); ++k) {
    if (result.ratings[k].elo > result.ratings[size_t(gap.strong)].elo) gap.strong = int(k);
    if (result.ratings[k].elo < result.ratings[size_t(gap.weak)].elo) gap.weak = int(k);
  }
  if (gap.strong == gap.weak) return std::nullopt;
  const double ahead = result.pairwise[size_t(gap.strong)][size_t(gap.weak)];
  gap.comparisons = ahead + result.pairwise[size_t(gap.weak)][size_t(gap.strong)];
  gap.rate = gap.comparisons > 0 ? ahead / gap.comparisons : 0.5;
  std::tie(gap.ci95_low, gap.ci95_high) = WilsonInterval(ahead, gap.comparisons);
  return gap;
}

std::vector<std::string> ConfigLabels(const std::vector<SimResult>& results) {
  std::map<std::string, std::set<std::string>> differing;  // by game name
  for (const SimResult& a : results)
    for (const SimResult& b : results)
      for (const auto& [key, value] : a.params.items())
        if (a.game_name == b.game_name && (!b.params.contains(key) || b.params[key] != value))
          differing[a.game_name].insert(key);
  std::vector<std::string> labels;
  for (const SimResult& r : results) {
    std::string label = r.game_name;
    for (const auto& [key, value] : r.params.items()) {
      const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
      // An empty value (Kalimambo's `heaps`: random) is left out: "heaps=" says nothing, and the
      // configurations that set it still show their value.
      if (differing[r.game_name].count(key) && !text.empty()) label += " " + key + "=" + text;
    }
    labels.push_back(label);
  }
  return labels;
}

namespace {

std::vector<std::pair<std::string, std::string>> Build(const std::string& command,
                                                       const std::vector<SimResult>& results,
                                                       Correction correction,
                                                       const Comparison* comparison) {
  const std::vector<std::string> labels = ConfigLabels(results);
  report::ReportFiles files;
  ReportDocument document{
      .title = "Balance report",
      .command = command,
      .preface =
          "Every configuration plays the same agents; each deal (a game seed) is played in "
          "every seating, so every agent meets the same cards from every seat. Intervals "
          "are 95%: Wilson intervals for rates, bootstrap percentile intervals (whole deals "
          "resampled) for ratings.",
      .sections = {}};
  std::vector<ReportSection> sections;
  sections.push_back(OverviewSection(results, labels));
  std::vector<svg::IntervalRow> seat_rows, ladder_rows, skill_rows;
  sections.push_back(SeatSection(results, labels, seat_rows));
  files.emplace_back("seat_advantage.svg", svg::IntervalChart("Seat advantage: win rate by seat",
                                                              seat_rows, 0, 1, "win rate"));
  const bool rated = std::any_of(results.begin(), results.end(),
                                 [](const SimResult& r) { return !r.ratings.empty(); });
  if (rated) {
    double lo = 0, hi = 0;
    sections.push_back(LadderSection(results, labels, ladder_rows, lo, hi));
    const double margin = std::max(10.0, (hi - lo) * 0.05);
    files.emplace_back("ladder.svg",
                       svg::IntervalChart("Agent ladder (Bradley-Terry, Elo scale)", ladder_rows,
                                          lo - margin, hi + margin, "rating"));
    sections.push_back(SkillSection(results, labels, skill_rows));
    files.emplace_back("luck_skill.svg",
                       svg::IntervalChart("Luck and skill: best-rated agent ahead of the worst",
                                          skill_rows, 0, 1, "share of comparisons won"));
  }
  std::vector<BalanceChart> charts = BalanceCharts();
  sections.push_back(BalanceSection(results, labels, charts, files));
  for (ReportSection& section : DistributionSections(results, labels))
    sections.push_back(std::move(section));
  std::vector<svg::HistogramPanel> length_panels, score_panels;
  for (size_t i = 0; i < results.size(); ++i) {
    length_panels.push_back({labels[i], {{"actions", results[i].length}}});
    svg::HistogramPanel scores{labels[i], {}};
    for (size_t slot = 0; slot < results[i].scores.size(); ++slot)
      scores.series.push_back({results[i].agents[slot], results[i].scores[slot]});
    score_panels.push_back(std::move(scores));
  }
  files.emplace_back("length.svg", svg::Histograms("Game length", length_panels, "actions"));
  files.emplace_back("scores.svg", svg::Histograms("Scores by agent", score_panels, "score"));
  // The summaries open the document (the Markdown too), the rest follows in the order above.
  std::vector<report::SeatTest> seat_tests;
  report::AddSeatTests(results, labels, {}, seat_tests);
  report::AdjustSeatTests(correction, seat_tests);
  document.sections = {report::UnfairSection(seat_tests, correction, results.size()),
                       HighlightsSection(charts, skill_rows)};
  if (comparison != nullptr) {
    SAVANNA_CHECK(results.size() == 2);
    document.title = "Balance report: " + labels[1] + " against " + labels[0];
    document.sections.insert(document.sections.begin(),
                             CompareSection(*comparison, labels[0], labels[1], files));
    files.emplace_back("comparison.json", ComparisonToJson(*comparison).dump(2) + "\n");
  }
  for (ReportSection& section : sections) document.sections.push_back(std::move(section));
  Json all = Json::array();
  for (const SimResult& r : results) all.push_back(SimResultToJson(r));
  std::string data =
      "`results.json`: one `savanna sim` JSON document per configuration, in the order above. ";
  for (size_t i = 0; i < results.size(); ++i)
    data += (i ? ", " : "") + Code(GamesCsvName(int(i))) + " (" + labels[i] + ")";
  data += ": one row per game.";
  return report::FinishReport(std::move(document), std::move(files), all, std::move(data));
}

}  // namespace

std::vector<std::pair<std::string, std::string>> BuildReport(const std::string& command,
                                                             const std::vector<SimResult>& results,
                                                             Correction correction) {
  return Build(command, results, correction, nullptr);
}

std::vector<std::pair<std::string, std::string>> BuildCompareReport(
    const std::string& command, const std::vector<SimResult>& results,
    const Comparison& comparison) {
  return Build(command, results, comparison.correction, &comparison);
}

}  // namespace savanna
