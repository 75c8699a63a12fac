// The balance report (`savanna report`): several simulations (player counts, variants, games)
// among the same agents, compared in one self-contained HTML page (summary first, inline SVG
// charts, the detail tables after) and the same in Markdown with SVG charts beside it, plus the
// data behind it as JSON and CSV.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/comparison.h"
#include "sim/ladder.h"
#include "sim/significance.h"
#include "sim/simulation.h"

namespace savanna {

// How often the best-rated slot finished ahead of the worst-rated one, over the comparisons
// between them where at least one won (see SimResult::pairwise): near 1, skill decides; near
// 1/2, luck does.
struct SkillGap {
  int strong = 0, weak = 0;  // slots
  double rate = 0, ci95_low = 0, ci95_high = 0;
  double comparisons = 0;
};
// Empty when the result has no ratings (a single agent spec).
std::optional<SkillGap> StrongVsWeak(const SimResult& result);

// A short label for each result telling them apart: the game name and the parameters whose
// values differ between the results ("kariba players=3"); a parameter whose value is empty
// (Kalimambo's random `heaps`) is left out.
std::vector<std::string> ConfigLabels(const std::vector<SimResult>& results);

// The name of the per-game CSV of configuration k (0-based): games_<k>.csv. The caller writes
// it as the games finish (CsvHeader, CsvRow); the report links it.
std::string GamesCsvName(int configuration);

// The report's files, name and content: report.md, report.html (the charts inline),
// seat_advantage.svg, ladder.svg (with
// ratings), luck_skill.svg (with ratings), one chart per balance metric (tie_rate.svg,
// lead_changes.svg, decided_at.svg, comeback_rate.svg, score_spread.svg, first_move.svg),
// length.svg, scores.svg and results.json. `command` is quoted in the report; `correction`
// adjusts the unfair-seat verdicts for the number of seats tested.
std::vector<std::pair<std::string, std::string>> BuildReport(
    const std::string& command, const std::vector<SimResult>& results,
    Correction correction = Correction::kHolm);

// BuildReport of two configurations (`report A B --compare`), opened by "Summary: B against A":
// every figure's difference B - A with its interval and test (compare.svg for the shares), and
// comparison.json beside results.json.
std::vector<std::pair<std::string, std::string>> BuildCompareReport(
    const std::string& command, const std::vector<SimResult>& results,
    const Comparison& comparison);

// The per-game CSV of configuration k at rung r of a ladder report: games_<k>_<r>.csv.
std::string LadderCsvName(int configuration, int rung);

// The ladder report (`report SPEC... --ladder`), one Ladder per configuration: report.md,
// report.html, skill_<k>.svg (balance against skill, configuration k) and results.json. The
// summary says in words where each seat's verdict and each metric change with skill; the seat
// verdicts are corrected by `correction` over every seat of every rung and configuration, the
// metric verdicts (each rung against the weakest) over all of theirs.
std::vector<std::pair<std::string, std::string>> BuildLadderReport(
    const std::string& command, const std::vector<Ladder>& ladders, Correction correction);

}  // namespace savanna
