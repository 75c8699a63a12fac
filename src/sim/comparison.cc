// Figures as ratios of sums over deals, and their differences between two configurations.
#include "sim/comparison.h"

#include <algorithm>
#include <cmath>

#include "core/check.h"

namespace savanna {
namespace {

// The figures after the seats, in order (Figures).
enum OtherFigure { kTies, kLeadChanges, kDecidedAt, kComebacks, kSpread, kLength, kOthers };

// Each deal's (value - ratio x weight) / mean weight, the ratio's linearization (see
// RatioEstimate).
std::vector<double> Linearized(const DealFigures& d, size_t f, double ratio, double mean_weight) {
  std::vector<double> z(size_t(d.deals()));
  for (int64_t deal = 0; deal < d.deals(); ++deal)
    z[size_t(deal)] = (d.Value(deal, f) - ratio * d.Weight(deal, f)) / mean_weight;
  return z;
}

// The standard error of a mean-zero sample's mean: sqrt(sum z^2 / (n - 1) / n); 0 under 2.
double SeOfMean(const std::vector<double>& z) {
  const double n = double(z.size());
  if (n < 2) return 0;
  double squares = 0;
  for (double v : z) squares += v * v;
  return std::sqrt(squares / (n - 1) / n);
}

double Median(std::vector<double> v) {
  if (v.empty()) return 1;
  std::sort(v.begin(), v.end());
  const size_t mid = v.size() / 2;
  return v.size() % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

}  // namespace

std::vector<FigureInfo> Figures(int players) {
  std::vector<FigureInfo> figures;
  for (int seat = 0; seat < players; ++seat)
    figures.push_back({"P" + std::to_string(seat) + " advantage", true});
  figures.push_back({"tie rate", true});
  figures.push_back({"lead changes", false});
  figures.push_back({"decided at", true});
  figures.push_back({"comeback rate", true});
  figures.push_back({"score spread", false});
  figures.push_back({"game length", false});
  return figures;
}

DealFigures::DealFigures(int players) : players_(players), figures_(size_t(players) + kOthers) {}

void DealFigures::Add(const GameOutcome& outcome) {
  SAVANNA_CHECK(int(outcome.returns.size()) == players_ && outcome.deal >= 0);
  if (outcome.deal >= deals()) sums_.resize((size_t(outcome.deal) + 1) * figures_ * 2, 0.0);
  auto add = [&](size_t figure, double value, double weight) {
    sums_[Index(outcome.deal, figure)] += value;
    sums_[Index(outcome.deal, figure) + 1] += weight;
  };
  for (int seat = 0; seat < players_; ++seat) add(size_t(seat), outcome.returns[size_t(seat)], 1);
  const size_t others = size_t(players_);
  add(others + kTies, outcome.winners.size() > 1 ? 1 : 0, 1);
  add(others + kLeadChanges, outcome.drama.lead_changes, 1);
  const bool sole = outcome.drama.decided_at >= 0;
  const double share = outcome.length > 0 ? double(outcome.drama.decided_at) / outcome.length : 1.0;
  add(others + kDecidedAt, sole ? share : 0, sole ? 1 : 0);
  add(others + kComebacks, sole && outcome.drama.comeback ? 1 : 0, sole ? 1 : 0);
  const auto [low, high] = std::minmax_element(outcome.scores.begin(), outcome.scores.end());
  add(others + kSpread, outcome.scores.empty() ? 0 : *high - *low, 1);
  add(others + kLength, outcome.length, 1);
}

RatioEstimate EstimateFigure(const DealFigures& d, size_t f, double shift) {
  RatioEstimate e;
  e.deals = d.deals();
  double value = 0, weight = 0;
  for (int64_t deal = 0; deal < d.deals(); ++deal) {
    value += d.Value(deal, f);
    weight += d.Weight(deal, f);
  }
  if (weight <= 0) return e;
  e.defined = true;
  const double ratio = value / weight;
  e.value = ratio - shift;
  e.se = SeOfMean(Linearized(d, f, ratio, weight / double(d.deals())));
  return e;
}

Comparison CompareFigures(const DealFigures& a, const DealFigures& b, bool paired,
                          std::string pairing, Correction correction) {
  SAVANNA_CHECK(!paired || (a.deals() == b.deals() && a.players() == b.players()));
  Comparison c;
  c.paired = paired;
  c.pairing = std::move(pairing);
  c.correction = correction;
  // (figure of a, figure of b, fair shares) for the seats both have, then the others.
  struct Pair {
    size_t fa, fb;
    double shift_a, shift_b;
    FigureInfo info;
  };
  std::vector<Pair> pairs;
  const std::vector<FigureInfo> info = Figures(a.players());
  for (int seat = 0; seat < std::min(a.players(), b.players()); ++seat)
    pairs.push_back(
        {size_t(seat), size_t(seat), 1.0 / a.players(), 1.0 / b.players(), info[size_t(seat)]});
  for (size_t k = 0; k < kOthers; ++k)
    pairs.push_back(
        {size_t(a.players()) + k, size_t(b.players()) + k, 0, 0, info[size_t(a.players()) + k]});
  std::vector<double> ratios;
  for (const Pair& pair : pairs) {
    FigureDifference fd;
    fd.figure = pair.info;
    fd.a = EstimateFigure(a, pair.fa, pair.shift_a);
    fd.b = EstimateFigure(b, pair.fb, pair.shift_b);
    if (!fd.a.defined || !fd.b.defined) continue;
    const double df_a = double(fd.a.deals - 1), df_b = double(fd.b.deals - 1);
    const Difference independent =
        IndependentDifference(fd.a.value, fd.a.se, df_a, fd.b.value, fd.b.se, df_b);
    if (paired) {
      // Each deal's difference of the two linearizations: the paired difference's.
      double va = 0, wa = 0, vb = 0, wb = 0;
      for (int64_t deal = 0; deal < a.deals(); ++deal) {
        va += a.Value(deal, pair.fa);
        wa += a.Weight(deal, pair.fa);
        vb += b.Value(deal, pair.fb);
        wb += b.Weight(deal, pair.fb);
      }
      const double deals = double(a.deals());
      const std::vector<double> za = Linearized(a, pair.fa, va / wa, wa / deals);
      const std::vector<double> zb = Linearized(b, pair.fb, vb / wb, wb / deals);
      std::vector<double> w(za.size());
      for (size_t d = 0; d < w.size(); ++d) w[d] = zb[d] - za[d];
      fd.difference = DifferenceFromSe(fd.b.value - fd.a.value, SeOfMean(w), deals - 1);
      if (independent.se > 0) ratios.push_back(fd.difference.se / independent.se);
    } else {
      fd.difference = independent;
    }
    c.figures.push_back(std::move(fd));
  }
  std::vector<double> p;
  for (const FigureDifference& fd : c.figures) p.push_back(fd.difference.p);
  const std::vector<double> adjusted = Adjusted(correction, p);
  for (size_t k = 0; k < c.figures.size(); ++k) c.figures[k].adjusted_p = adjusted[k];
  c.median_width_ratio = Median(ratios);
  return c;
}

}  // namespace savanna
