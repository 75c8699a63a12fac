// Pieces shared by the balance report's pages (report.cc, report_ladder.cc, report_compare.cc):
// number formats, the summary of unfair seats under a multiple-testing correction, and the
// report's closing data section and rendered pages.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/json_io.h"
#include "sim/comparison.h"
#include "sim/report_document.h"
#include "sim/significance.h"
#include "sim/simulation.h"

namespace savanna::report {

std::string Pct(double v);                  // "33.4%"
std::string Fixed(double v, int digits);    // "2.87"
std::string Points(double v);               // a difference of rates in points: "+7.9"
std::string PValue(double p);               // "0.012", "<0.001"
std::string Code(const std::string& text);  // "`text`": an agent or spec in a table
// "[31.1%, 44.4%]" (percent) or "[12, 40]".
std::string Interval(double lo, double hi, bool percent);
// "5.9% [5.8%, 6.0%]" for a rate, "2.87 [2.86, 2.88]" for a mean.
std::string RateCell(double v, double lo, double hi);
std::string MeanCell(const MeanEstimate& m, int digits);

// One seat's win rate tested against its fair share 1 / players.
struct SeatTest {
  std::string configuration;
  std::string rung;  // the ladder's rung (agent) when the report has several; else empty
  int seat = 0, players = 0;
  double games = 0;
  SeatSummary summary;
  double p = 1, adjusted_p = 1;  // FairShareP, and after the correction over all the tests
};

// The seats of `results` (labels[i] names result i; `rung`, when not empty, is every result's
// rung), unadjusted.
void AddSeatTests(const std::vector<SimResult>& results, const std::vector<std::string>& labels,
                  const std::vector<std::string>& rungs, std::vector<SeatTest>& tests);
// Fills every test's adjusted_p, the correction taken over all of them at once.
void AdjustSeatTests(Correction correction, std::vector<SeatTest>& tests);
// Whether a test's adjusted p-value is below 5%.
bool Unfair(const SeatTest& test);

// "Summary: unfair configurations": the seats whose adjusted p-value is below 5%, the largest
// difference from the fair share first, with how many were tested and what the correction
// guarantees; `configurations` is the number of configurations tested.
ReportSection UnfairSection(const std::vector<SeatTest>& tests, Correction correction,
                            size_t configurations);

// A paragraph on the correction: which, over how many tests, and what it guarantees.
std::string CorrectionSentence(Correction correction, size_t tests);

// The files of a report: name and content.
using ReportFiles = std::vector<std::pair<std::string, std::string>>;

// How every report ends: `results` written to results.json, the "Data" section (`data_intro`:
// what results.json and the CSVs hold) as the document's last, then report.md and report.html
// rendered from the document (the SVG charts among `files`) in front of the other files.
ReportFiles FinishReport(ReportDocument document, ReportFiles files, const Json& results,
                         std::string data_intro);

}  // namespace savanna::report

namespace savanna {

// "Summary: B against A" (report_compare.cc): the table of every figure's difference and the
// chart compare.svg, added to `files`. `a` and `b` label the two configurations.
ReportSection CompareSection(const Comparison& comparison, const std::string& a,
                             const std::string& b,
                             std::vector<std::pair<std::string, std::string>>& files);
// comparison.json: {"paired", "pairing", "correction", "median_width_ratio", "figures": [{"figure",
// "a": {"value", "se", "deals"}, "b", "difference", "se", "df", "ci95", "p", "adjusted_p"}]}.
Json ComparisonToJson(const Comparison& comparison);

}  // namespace savanna
