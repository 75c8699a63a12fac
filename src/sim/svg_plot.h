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

}  // namespace savanna::svg
