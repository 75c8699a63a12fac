// The ladder report (`savanna report SPEC... --ladder`): per configuration, seat advantage and
// every balance metric at every rung with intervals, a chart of balance against skill, and a
// summary in words of where the verdicts change with skill.
#include <algorithm>
#include <cmath>

#include "core/check.h"
#include "sim/ladder.h"
#include "sim/report.h"
#include "sim/report_parts.h"
#include "sim/svg_plot.h"

namespace savanna {
namespace {

using report::Code;
using report::Fixed;
using report::MeanCell;
using report::Pct;
using report::RateCell;

// A balance metric of the ladder: how to read it from a result, and its words.
struct Metric {
  const char* name;     // the table's column and the chart's panel
  const char* subject;  // the summary's subject
  bool percent;
  bool rate;  // a RateEstimate (else a MeanEstimate)
  RateEstimate BalanceSummary::*rate_field;
  MeanEstimate BalanceSummary::*mean_field;
};

const std::vector<Metric>& Metrics() {
  static const std::vector<Metric> metrics = {
      {"tie rate", "The tie rate", true, true, &BalanceSummary::tie_rate, nullptr},
      {"lead changes", "The number of lead changes", false, false, nullptr,
       &BalanceSummary::lead_changes},
      {"decided at", "The point where the winner takes the lead for good", true, false, nullptr,
       &BalanceSummary::decided_at},
      {"comeback rate", "The comeback rate", true, true, &BalanceSummary::comeback_rate, nullptr},
      {"score spread", "The score spread", false, false, nullptr, &BalanceSummary::score_spread},
  };
  return metrics;
}

// A metric's value, interval and standard error (normal for rates, t for means) in a result.
struct MetricValue {
  double value = 0, low = 0, high = 0, se = 0, df = HUGE_VAL;
};

MetricValue Read(const Metric& m, const SimResult& r) {
  MetricValue v;
  if (m.rate) {
    const RateEstimate& e = r.balance.*m.rate_field;
    v = {e.rate, e.ci95_low, e.ci95_high,
         e.games > 0 ? std::sqrt(e.rate * (1 - e.rate) / double(e.games)) : 0, HUGE_VAL};
  } else {
    const MeanEstimate& e = r.balance.*m.mean_field;
    v = {e.mean, e.ci95_low, e.ci95_high, e.games > 0 ? e.sd / std::sqrt(double(e.games)) : 0,
         e.games > 1 ? double(e.games - 1) : HUGE_VAL};
  }
  return v;
}

std::string Cell(const Metric& m, const SimResult& r) {
  if (m.rate) {
    const RateEstimate& e = r.balance.*m.rate_field;
    return RateCell(e.rate, e.ci95_low, e.ci95_high);
  }
  const MeanEstimate& e = r.balance.*m.mean_field;
  return m.percent ? RateCell(e.mean, e.ci95_low, e.ci95_high) : MeanCell(e, 2);
}

std::string RatingCell(const Ladder& ladder, size_t rung) {
  if (ladder.ratings.empty()) return "-";
  if (rung == 0) return "0 (anchor)";
  const Rating& r = ladder.ratings[rung];
  return Fixed(r.elo, 0) + " " + report::Interval(r.ci95_low, r.ci95_high, false);
}

// The seat verdict of a test: ahead or behind when it passes the correction, else fair.
Verdict SeatVerdict(const report::SeatTest& t) {
  if (!report::Unfair(t)) return Verdict::kLevel;
  return t.summary.win_rate > 1.0 / t.players ? Verdict::kHigher : Verdict::kLower;
}

// A metric at a rung against the weakest rung: its p-value before the correction.
struct MetricTest {
  size_t ladder, metric, rung;
  Difference difference;
  double adjusted_p = 1;
};

std::vector<MetricTest> TestMetrics(const std::vector<Ladder>& ladders, Correction correction) {
  std::vector<MetricTest> tests;
  for (size_t l = 0; l < ladders.size(); ++l) {
    const std::vector<size_t> order = SkillOrder(ladders[l]);
    const SimResult& base = ladders[l].self_play[order[0]];
    for (size_t m = 0; m < Metrics().size(); ++m)
      for (size_t k = 1; k < order.size(); ++k) {
        const MetricValue a = Read(Metrics()[m], base);
        const MetricValue b = Read(Metrics()[m], ladders[l].self_play[order[k]]);
        tests.push_back(
            {l, m, order[k], IndependentDifference(a.value, a.se, a.df, b.value, b.se, b.df)});
      }
  }
  std::vector<double> p;
  for (const MetricTest& t : tests) p.push_back(t.difference.p);
  const std::vector<double> adjusted = Adjusted(correction, p);
  for (size_t k = 0; k < tests.size(); ++k) tests[k].adjusted_p = adjusted[k];
  return tests;
}

// The sentences of configuration l: its seats, then its metrics. Its seat tests start at
// seats[first]: rung r, seat s at first + r x players + s.
std::string Findings(const Ladder& ladder, size_t l, const std::vector<report::SeatTest>& seats,
                     size_t first, const std::vector<MetricTest>& metrics) {
  const std::vector<size_t> order = SkillOrder(ladder);
  std::vector<std::string> names;
  for (size_t r : order) names.push_back(ladder.rungs[r]);
  const int players = ladder.self_play[0].players;
  std::vector<std::string> sentences;
  for (int seat = 0; seat < players; ++seat) {
    std::vector<Verdict> verdicts;
    for (size_t r : order)
      verdicts.push_back(SeatVerdict(seats[first + r * size_t(players) + size_t(seat)]));
    const std::string text = DescribeSkillChange(
        {"P" + std::to_string(seat), "ahead", "behind", "fair", "advantage", "disadvantage"},
        verdicts, names);
    if (!text.empty()) sentences.push_back(text);
  }
  if (sentences.empty())
    sentences.push_back("No seat's win rate differs from its fair share at any rung");
  const std::string base = names.front();
  bool any_metric = false;
  for (size_t m = 0; m < Metrics().size(); ++m) {
    std::vector<Verdict> verdicts = {Verdict::kLevel};
    for (size_t k = 1; k < order.size(); ++k)
      for (const MetricTest& t : metrics)
        if (t.ladder == l && t.metric == m && t.rung == order[k])
          verdicts.push_back(t.adjusted_p >= 0.05        ? Verdict::kLevel
                             : t.difference.estimate > 0 ? Verdict::kHigher
                                                         : Verdict::kLower);
    std::vector<Verdict> stronger(verdicts.begin() + 1, verdicts.end());
    std::vector<std::string> stronger_names(names.begin() + 1, names.end());
    if (stronger.empty()) continue;
    const std::string text = DescribeSkillChange(
        {Metrics()[m].subject, "higher than at " + base, "lower than at " + base,
         "level with " + base, "", "", "every rung above " + base},
        stronger, stronger_names);
    if (text.empty()) continue;
    any_metric = true;
    sentences.push_back(text);
  }
  if (!any_metric && order.size() > 1)
    sentences.push_back("No balance metric differs from " + base + "'s at any rung");
  std::string all;
  for (const std::string& s : sentences) all += s + ". ";
  all.pop_back();
  return all;
}

std::string SkillChartOf(const Ladder& ladder, const std::string& label) {
  const std::vector<size_t> order = SkillOrder(ladder);
  std::vector<std::string> names;
  std::vector<double> x;
  for (size_t k = 0; k < order.size(); ++k) {
    names.push_back(ladder.rungs[order[k]]);
    x.push_back(ladder.ratings.empty() ? double(k) : ladder.ratings[order[k]].elo);
  }
  const int players = ladder.self_play[0].players;
  std::vector<svg::SkillPanel> panels;
  svg::SkillPanel seats{"Win rate by seat (dashed: the fair share)", {}, 1.0 / players, true};
  for (int seat = 0; seat < players; ++seat) {
    svg::SkillSeries series{"P" + std::to_string(seat), seat, {}, {}, {}};
    for (size_t r : order) {
      const SeatSummary& s = ladder.self_play[r].seat_advantage[size_t(seat)];
      series.value.push_back(s.win_rate);
      series.low.push_back(s.ci95_low);
      series.high.push_back(s.ci95_high);
    }
    seats.series.push_back(std::move(series));
  }
  panels.push_back(std::move(seats));
  for (const Metric& m : Metrics()) {
    svg::SkillSeries series{m.name, 0, {}, {}, {}};
    for (size_t r : order) {
      const MetricValue v = Read(m, ladder.self_play[r]);
      series.value.push_back(v.value);
      series.low.push_back(v.low);
      series.high.push_back(v.high);
    }
    std::string title = m.name;
    title[0] = char(std::toupper(static_cast<unsigned char>(title[0])));
    panels.push_back({title, {std::move(series)}, std::nullopt, m.percent});
  }
  return svg::SkillChart("Balance against skill: " + label, names, x,
                         ladder.ratings.empty()
                             ? "rung (not rated: --rating-games 0)"
                             : "rating (Bradley-Terry, Elo scale; " + ladder.rungs[0] + " = 0)",
                         panels);
}

Json LadderToJson(const Ladder& ladder, const std::string& label) {
  Json rungs = Json::array();
  for (size_t r = 0; r < ladder.rungs.size(); ++r) {
    Json rating = nullptr;
    if (!ladder.ratings.empty())
      rating = {{"elo", ladder.ratings[r].elo},
                {"ci95", {ladder.ratings[r].ci95_low, ladder.ratings[r].ci95_high}}};
    rungs.push_back({{"agent", ladder.rungs[r]},
                     {"rating", rating},
                     {"result", SimResultToJson(ladder.self_play[r])}});
  }
  Json pairs = Json::array();
  for (const SimResult& pair : ladder.pairs) pairs.push_back(SimResultToJson(pair));
  return {{"configuration", label}, {"rungs", rungs}, {"rating_matches", pairs}};
}

}  // namespace

std::string LadderCsvName(int configuration, int rung) {
  return "games_" + std::to_string(configuration) + "_" + std::to_string(rung) + ".csv";
}

std::vector<std::pair<std::string, std::string>> BuildLadderReport(
    const std::string& command, const std::vector<Ladder>& ladders, Correction correction) {
  SAVANNA_CHECK(!ladders.empty());
  std::vector<SimResult> firsts;
  for (const Ladder& ladder : ladders) firsts.push_back(ladder.self_play.at(0));
  const std::vector<std::string> labels = ConfigLabels(firsts);
  // Every seat at every rung of every configuration: one family of tests.
  std::vector<report::SeatTest> seats;
  for (size_t l = 0; l < ladders.size(); ++l)
    report::AddSeatTests(ladders[l].self_play,
                         std::vector<std::string>(ladders[l].rungs.size(), labels[l]),
                         ladders[l].rungs, seats);
  report::AdjustSeatTests(correction, seats);
  const std::vector<MetricTest> metric_tests = TestMetrics(ladders, correction);

  report::ReportFiles files;
  ReportDocument document{
      .title = "Balance ladder report",
      .command = command,
      .preface =
          "Every configuration is played at every rung of a ladder of agents, each rung "
          "against itself (the same agent in every seat), on the same deals (game seeds) at "
          "every rung. The rungs are rated by short matches between neighbours "
          "(Bradley-Terry on the Elo scale, the weakest rung at 0; the sum of the "
          "neighbours' differences, intervals added in quadrature). Intervals are 95%: "
          "Wilson for rates, Student t for means.",
      .sections = {}};
  ReportSection findings{"skill", "Summary: balance against skill", "", {}, {}, true};
  findings.intro =
      "Where the verdicts change with skill, rungs in order of rating. A seat is ahead or behind "
      "when its win rate differs from the fair share 1 / players, and a metric higher or lower "
      "when it differs from the weakest rung's (Welch's test), each after " +
      CorrectionName(correction) + " over all the " + std::to_string(seats.size()) +
      " seat tests and, apart, all the " + std::to_string(metric_tests.size()) +
      " metric tests of the page.";
  findings.table = {{"configuration", "what changes with skill"}, "ll", {}};
  size_t first = 0;
  for (size_t l = 0; l < ladders.size(); ++l) {
    findings.table.rows.push_back({labels[l], Findings(ladders[l], l, seats, first, metric_tests)});
    first += ladders[l].rungs.size() * size_t(ladders[l].self_play[0].players);
  }
  document.sections.push_back(std::move(findings));
  document.sections.push_back(report::UnfairSection(seats, correction, ladders.size()));

  ReportSection rungs{"rungs", "Rungs", "", {}, {}, false};
  rungs.intro = "Each rung's agent, its rating and its games against itself.";
  rungs.table = {{"configuration", "rung", "rating [95%]", "games", "mean length"}, "llrrr", {}};
  ReportSection matches{"rating-matches", "Rating matches", "", {}, {}, false};
  matches.intro =
      "Neighbouring rungs against each other (every deal in every seating), which give the "
      "ratings: the stronger's Bradley-Terry difference with its bootstrap interval over deals.";
  matches.table = {{"configuration", "lower", "upper", "games", "difference [95%]"}, "lllrr", {}};
  std::vector<ReportSection> per_configuration;
  for (size_t l = 0; l < ladders.size(); ++l) {
    const Ladder& ladder = ladders[l];
    const std::vector<size_t> order = SkillOrder(ladder);
    const int players = ladder.self_play[0].players;
    const std::string file = "skill_" + std::to_string(l) + ".svg";
    files.emplace_back(file, SkillChartOf(ladder, labels[l]));
    ReportSection seat{
        "seats-" + std::to_string(l), "Seats by rung: " + labels[l], "", {}, {}, false};
    seat.intro = "Each seat's win rate at each rung (fair share " + Pct(1.0 / players) +
                 "), rungs in order of rating, and the balance metrics in the chart.";
    seat.figures.push_back({file, "Balance against skill: " + labels[l], ""});
    seat.table.head = {"rung", "rating [95%]"};
    seat.table.align = "lr";
    for (int s = 0; s < players; ++s) {
      seat.table.head.push_back("P" + std::to_string(s) + " [95%]");
      seat.table.align += 'r';
    }
    ReportSection metrics{"metrics-" + std::to_string(l),
                          "Balance metrics by rung: " + labels[l],
                          "Every balance metric at each rung, rungs in order of rating.",
                          {},
                          {},
                          false};
    metrics.table.head = {"rung"};
    metrics.table.align = "l";
    for (const Metric& m : Metrics()) {
      metrics.table.head.push_back(std::string(m.name) + " [95%]");
      metrics.table.align += 'r';
    }
    for (size_t r : order) {
      const SimResult& result = ladder.self_play[r];
      std::vector<std::string> row = {Code(ladder.rungs[r]), RatingCell(ladder, r)};
      for (const SeatSummary& s : result.seat_advantage)
        row.push_back(RateCell(s.win_rate, s.ci95_low, s.ci95_high));
      seat.table.rows.push_back(std::move(row));
      std::vector<std::string> metric_row = {Code(ladder.rungs[r])};
      for (const Metric& m : Metrics()) metric_row.push_back(Cell(m, result));
      metrics.table.rows.push_back(std::move(metric_row));
      rungs.table.rows.push_back({labels[l], Code(ladder.rungs[r]), RatingCell(ladder, r),
                                  std::to_string(result.games), Fixed(result.mean_length, 1)});
    }
    per_configuration.push_back(std::move(seat));
    per_configuration.push_back(std::move(metrics));
    for (size_t k = 0; k < ladder.pairs.size(); ++k) {
      const Rating& upper = ladder.pairs[k].ratings.at(1);
      matches.table.rows.push_back(
          {labels[l], Code(ladder.rungs[k]), Code(ladder.rungs[k + 1]),
           std::to_string(ladder.pairs[k].games),
           Fixed(2 * upper.elo, 0) + " " +
               report::Interval(2 * upper.ci95_low, 2 * upper.ci95_high, false)});
    }
  }
  for (ReportSection& section : per_configuration) document.sections.push_back(std::move(section));
  document.sections.push_back(std::move(rungs));
  if (!matches.table.rows.empty()) document.sections.push_back(std::move(matches));
  Json all = Json::array();
  for (size_t l = 0; l < ladders.size(); ++l) all.push_back(LadderToJson(ladders[l], labels[l]));
  return report::FinishReport(
      std::move(document), std::move(files), all,
      "`results.json`: per configuration, every rung's agent, rating and `savanna sim` JSON, and "
      "the rating matches'. One row per game of configuration k at rung r: `" +
          LadderCsvName(0, 0) + "` and so on (games_k_r.csv).");
}

}  // namespace savanna
