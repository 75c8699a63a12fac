// Small self-contained SVG charts for the balance report: interval charts (a point with its 95%
// interval per row, and an optional reference mark such as the fair share) and stacked
// histograms. Colours follow the Okabe-Ito palette, which colour-blind readers can tell apart.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/simulation.h"

namespace savanna::svg {

struct IntervalRow {
  std::string label;
  double value = 0, low = 0, high = 0;
  std::optional<double> reference;  // drawn as a dashed tick (e.g. the fair share)
  int colour = 0;                   // index into the palette
};

// One row per entry, the x axis from `x_min` to `x_max` labelled `x_label`.
std::string IntervalChart(const std::string& title, const std::vector<IntervalRow>& rows,
                          double x_min, double x_max, const std::string& x_label);

struct HistogramSeries {
  std::string name;
  Distribution distribution;
};

struct HistogramPanel {
  std::string title;
  std::vector<HistogramSeries> series;  // overlaid, each as frequencies (its counts / total)
};

// The panels stacked vertically, each with its own x range.
std::string Histograms(const std::string& title, const std::vector<HistogramPanel>& panels,
                       const std::string& x_label);

// The width every chart is drawn at: a phone's 390 CSS pixels less the page's margins, so that a
// chart is never scaled down there and its 12-pixel text stays 12 pixels (at least 11).
constexpr int kChartWidth = 350;

// One line of a skill chart's panel: a value with its interval at each rung.
struct SkillSeries {
  std::string name;
  int colour = 0;
  std::vector<double> value, low, high;  // by rung, in the order of the chart's x
};

struct SkillPanel {
  std::string title;
  std::vector<SkillSeries> series;
  std::optional<double> reference;  // a dashed horizontal line (the fair share)
  bool percent = false;             // the y ticks as percentages
};

// Balance against skill: panels stacked, sharing an x axis on which rung r stands at x[r]
// (its rating, or its position), named under the last panel; each series a line through its
// values with a vertical interval at each rung.
std::string SkillChart(const std::string& title, const std::vector<std::string>& rungs,
                       const std::vector<double>& x, const std::string& x_label,
                       const std::vector<SkillPanel>& panels);

// Text cut into lines of at most `width` pixels at `size` pixels (TextWidth's estimate): at
// spaces, else after one of ",(=" and else anywhere; never inside a UTF-8 character.
std::vector<std::string> WrapText(const std::string& text, double size, double width);

}  // namespace savanna::svg
