// The summary of `savanna report A B --compare`: every figure's difference between the two
// configurations with its interval, its test and the verdict after the correction.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "sim/comparison.h"
#include "sim/report.h"
#include "sim/report_parts.h"
#include "sim/svg_plot.h"

namespace savanna {
namespace {

using report::Fixed;
using report::Pct;
using report::Points;
using report::PValue;

bool IsAdvantage(const FigureInfo& f) { return f.name.find("advantage") != std::string::npos; }

// A figure's value: an advantage in signed points, another share as a percentage, a mean with
// two decimals.
std::string FigureValue(const FigureInfo& f, double v) {
  if (IsAdvantage(f)) return Points(v) + " points";
  return f.percent ? Pct(v) : Fixed(v, 2);
}

std::string SignedFixed(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%+.2f", v);
  return buf;
}

std::string DifferenceCell(const FigureInfo& f, const Difference& d) {
  if (f.percent)
    return Points(d.estimate) + " points [" + Points(d.ci95_low) + ", " + Points(d.ci95_high) + "]";
  return SignedFixed(d.estimate) + " [" + SignedFixed(d.ci95_low) + ", " +
         SignedFixed(d.ci95_high) + "]";
}

}  // namespace

ReportSection CompareSection(const Comparison& c, const std::string& a, const std::string& b,
                             std::vector<std::pair<std::string, std::string>>& files) {
  ReportSection section{"compare", "Summary: " + b + " against " + a, "", {}, {}, true};
  const std::string n = std::to_string(c.figures.size());
  section.intro =
      "For every figure, B (" + b + ") minus A (" + a +
      ") with its 95% interval and the p-value "
      "of no difference. " +
      c.pairing + " " +
      (c.paired ? "Each difference is taken deal by deal (Student's t over the deals)"
                : "The two samples are independent (Welch's t over the deals)") +
      "; a figure is a ratio over the deals, its standard error by the delta method with the "
      "deal as the unit. The verdicts are corrected for the " +
      n + " figures compared by " + CorrectionName(c.correction) + ".";
  if (c.paired) {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  " Sharing the deals made the intervals %.0f%% as wide as independent samples "
                  "would give (the median over the figures).",
                  100 * c.median_width_ratio);
    section.intro += buf;
  }
  section.table = {{"figure", "A: " + a, "B: " + b, "B - A [95%]", "p",
                    c.correction == Correction::kHolm ? "Holm p" : "BH p", "verdict"},
                   "lrrrrrl",
                   {}};
  std::vector<svg::IntervalRow> rows;
  double reach = 0;
  for (const FigureDifference& fd : c.figures) {
    const Difference& d = fd.difference;
    const bool shown = fd.adjusted_p < 0.05;
    section.table.rows.push_back({fd.figure.name, FigureValue(fd.figure, fd.a.value),
                                  FigureValue(fd.figure, fd.b.value), DifferenceCell(fd.figure, d),
                                  PValue(d.p), PValue(fd.adjusted_p),
                                  !shown           ? "no difference shown"
                                  : d.estimate > 0 ? "higher in B"
                                                   : "lower in B"});
    if (!fd.figure.percent) continue;
    // In points, as the table.
    rows.push_back({fd.figure.name, 100 * d.estimate, 100 * d.ci95_low, 100 * d.ci95_high, 0.0,
                    shown ? 5 : 0});
    reach = std::max({reach, 100 * std::abs(d.ci95_low), 100 * std::abs(d.ci95_high)});
  }
  reach = reach > 0 ? reach * 1.1 : 1;
  section.figures.push_back(
      {"compare.svg", "B minus A, shares",
       "The shares' differences B - A in points with their 95% intervals (the dashed mark: no "
       "difference; orange: a difference that passes the correction). The other figures are in "
       "the table."});
  files.emplace_back("compare.svg", svg::IntervalChart("B minus A: shares (" + b + " - " + a + ")",
                                                       rows, -reach, reach, "points"));
  return section;
}

Json ComparisonToJson(const Comparison& c) {
  Json figures = Json::array();
  for (const FigureDifference& fd : c.figures) {
    const Difference& d = fd.difference;
    figures.push_back({{"figure", fd.figure.name},
                       {"a", {{"value", fd.a.value}, {"se", fd.a.se}, {"deals", fd.a.deals}}},
                       {"b", {{"value", fd.b.value}, {"se", fd.b.se}, {"deals", fd.b.deals}}},
                       {"difference", d.estimate},
                       {"se", d.se},
                       {"df", std::isfinite(d.df) ? Json(d.df) : Json(nullptr)},
                       {"ci95", {d.ci95_low, d.ci95_high}},
                       {"p", d.p},
                       {"adjusted_p", fd.adjusted_p}});
  }
  return {{"paired", c.paired},
          {"pairing", c.pairing},
          {"correction", c.correction == Correction::kHolm ? "holm" : "bh"},
          {"median_width_ratio", c.median_width_ratio},
          {"figures", figures}};
}

}  // namespace savanna
