// Number formats, the unfair-seats summary and the closing pieces of the balance report.
#include "sim/report_parts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <utility>

#include "core/text.h"

namespace savanna::report {

std::string Pct(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * v);
  return buf;
}

std::string Fixed(double v, int digits) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string Points(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f", 100 * v);
  return buf;
}

std::string PValue(double p) {
  if (p < 0.001) return "<0.001";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", p);
  return buf;
}

std::string Code(const std::string& text) { return "`" + text + "`"; }

std::string Count(size_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string Interval(double lo, double hi, bool percent) {
  return "[" + (percent ? Pct(lo) : Fixed(lo, 0)) + ", " + (percent ? Pct(hi) : Fixed(hi, 0)) + "]";
}

std::string RateCell(double v, double lo, double hi) {
  return Pct(v) + " " + Interval(lo, hi, true);
}

std::string MeanCell(const MeanEstimate& m, int digits) {
  return Fixed(m.mean, digits) + " [" + Fixed(m.ci95_low, digits) + ", " +
         Fixed(m.ci95_high, digits) + "]";
}

void AddSeatTests(const std::vector<SimResult>& results, const std::vector<std::string>& labels,
                  const std::vector<std::string>& rungs, std::vector<SeatTest>& tests) {
  for (size_t i = 0; i < results.size(); ++i) {
    const SimResult& r = results[i];
    for (size_t seat = 0; seat < r.seat_advantage.size(); ++seat) {
      SeatTest test;
      test.configuration = labels[i];
      test.rung = rungs.empty() ? "" : rungs[i];
      test.seat = int(seat);
      test.players = r.players;
      test.games = double(r.games);
      test.summary = r.seat_advantage[seat];
      // The win rate times the games (not `wins`), so that a summary made by hand needs only
      // its rate.
      const double wins = std::clamp(test.summary.win_rate * test.games, 0.0, test.games);
      test.p = FairShareP(wins, test.games, 1.0 / r.players);
      tests.push_back(std::move(test));
    }
  }
}

void AdjustSeatTests(Correction correction, std::vector<SeatTest>& tests) {
  std::vector<double> p;
  for (const SeatTest& t : tests) p.push_back(t.p);
  const std::vector<double> adjusted = Adjusted(correction, p);
  for (size_t k = 0; k < tests.size(); ++k) tests[k].adjusted_p = adjusted[k];
}

bool Unfair(const SeatTest& test) { return test.adjusted_p < 0.05; }

std::string CorrectionSentence(Correction correction, size_t tests) {
  const std::string n = std::to_string(tests);
  if (correction == Correction::kHolm)
    return "The verdicts are corrected for the " + n +
           " tests made at once by Holm's method: the chance that any seat called unfair is in "
           "truth fair stays under 5%, whatever the dependence between the tests (the seats of "
           "one game are dependent: their win rates add up to 1).";
  return "The verdicts are corrected for the " + n +
         " tests made at once by the Benjamini-Hochberg false discovery rate: on average at "
         "most 5% of the seats called unfair are in truth fair (guaranteed for independent or "
         "positively dependent tests).";
}

ReportSection UnfairSection(const std::vector<SeatTest>& tests, Correction correction,
                            size_t configurations) {
  const bool rungs =
      std::any_of(tests.begin(), tests.end(), [](const SeatTest& t) { return !t.rung.empty(); });
  std::vector<const SeatTest*> found;
  std::set<std::string> unfair_configurations;
  size_t uncorrected = 0;  // intervals that exclude the share, verdicts that do not
  for (const SeatTest& t : tests) {
    if (Unfair(t)) {
      found.push_back(&t);
      unfair_configurations.insert(t.configuration);
    } else if (t.p < 0.05) {
      ++uncorrected;
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const SeatTest* a, const SeatTest* b) {
    return std::abs(a->summary.win_rate - 1.0 / a->players) >
           std::abs(b->summary.win_rate - 1.0 / b->players);
  });
  ReportSection section{"unfair", "Summary: unfair configurations", "", {}, {}, true};
  const std::string correction_text = CorrectionSentence(correction, tests.size());
  const std::string missed =
      uncorrected == 0
          ? ""
          : " " + std::to_string(uncorrected) +
                (uncorrected == 1 ? " more seat has a 95% interval"
                                  : " more seats have 95% intervals") +
                " that exclude the fair share but not a corrected p-value under 5%: not listed.";
  if (found.empty()) {
    section.intro =
        "No configuration is unfair at this number of games: no seat's win rate "
        "differs from its fair share 1 / players (" +
        Count(tests.size(), "seat") + " tested in " + Count(configurations, "configuration") +
        "). " + correction_text + missed;
    return section;
  }
  section.intro = std::to_string(unfair_configurations.size()) + " of " +
                  std::to_string(configurations) +
                  " configurations have a seat whose win rate differs from the fair share 1 / "
                  "players (corrected p under 5%); the largest difference first. Seat P0 moves "
                  "first, so its row is the first-move advantage. " +
                  correction_text + missed;
  section.table.head = {"configuration"};
  if (rungs) section.table.head.push_back("rung");
  for (const char* head : {"seat", "win rate [95%]", "fair share", "advantage [95%]", "p",
                           correction == Correction::kHolm ? "Holm p" : "BH p"})
    section.table.head.push_back(head);
  section.table.align = rungs ? "lllrrrrr" : "llrrrrr";
  for (const SeatTest* t : found) {
    const SeatSummary& s = t->summary;
    const double fair = 1.0 / t->players;
    std::vector<std::string> row = {t->configuration};
    if (rungs) row.push_back(Code(t->rung));
    row.push_back(SeatName(t->seat) + (t->seat == 0 ? " (first move)" : ""));
    row.push_back(RateCell(s.win_rate, s.ci95_low, s.ci95_high));
    row.push_back(Pct(fair));
    row.push_back(Points(s.win_rate - fair) + " points [" + Points(s.ci95_low - fair) + ", " +
                  Points(s.ci95_high - fair) + "]");
    row.push_back(PValue(t->p));
    row.push_back(PValue(t->adjusted_p));
    section.table.rows.push_back(std::move(row));
  }
  return section;
}

ReportFiles FinishReport(ReportDocument document, ReportFiles files, const Json& results,
                         std::string data_intro) {
  files.emplace_back("results.json", results.dump(2) + "\n");
  document.sections.push_back({"data", "Data", std::move(data_intro), {}, {}, false});
  const std::map<std::string, std::string> svgs(files.begin(), files.end());
  files.insert(files.begin(), {"report.html", ReportHtml(document, svgs)});
  files.insert(files.begin(), {"report.md", ReportMarkdown(document)});
  return files;
}

}  // namespace savanna::report
