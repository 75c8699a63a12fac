// Two configurations side by side (`savanna report A B --compare`): every figure of the balance
// report as a ratio of sums over deals, and the difference B - A of each with its 95% interval and
// a test. Where the two play the same deals (the same game and player count, the same seeds and
// seatings) the difference is taken deal by deal (paired), so that the luck of the cards
// cancels; otherwise the two samples are independent.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/significance.h"
#include "sim/simulation.h"

namespace savanna {

// A figure over the games: the sum of a value over the games divided by the sum of a weight.
// The seats' advantages (win share minus 1 / players: value the seat's return, weight 1), the
// tie rate, lead changes, decided at (value the share of the game, weight 1 when the win is
// not shared), comeback rate (weight likewise), score spread and game length.
struct FigureInfo {
  std::string name;  // "P0 advantage", "tie rate", ...
  bool percent;      // a share, shown as a percentage (its difference in points)
};
// The figures of a game with `players` seats, in report order.
std::vector<FigureInfo> Figures(int players);

// Each deal's sums of every figure's value and weight (a deal is one game seed, played in every
// seating). Games may come in any order.
class DealFigures {
 public:
  explicit DealFigures(int players);
  void Add(const GameOutcome& outcome);
  int players() const { return players_; }
  int64_t deals() const { return int64_t(sums_.size() / (2 * figures_)); }
  size_t figures() const { return figures_; }
  double Value(int64_t deal, size_t figure) const { return sums_[Index(deal, figure)]; }
  double Weight(int64_t deal, size_t figure) const { return sums_[Index(deal, figure) + 1]; }

 private:
  size_t Index(int64_t deal, size_t figure) const { return (size_t(deal) * figures_ + figure) * 2; }
  int players_;
  size_t figures_;
  std::vector<double> sums_;  // by deal, figure: value, weight
};

// A ratio of sums over deals and its standard error by linearization: each deal's
// (value - ratio x weight) / mean weight, whose variance over the deals, divided by their
// number, is the ratio's (the delta method; deals are the independent units, since the games
// of one deal share its cards). `defined` is false when every weight is 0.
struct RatioEstimate {
  double value = 0, se = 0;
  int64_t deals = 0;
  bool defined = false;
};
// figure `f` of `d`; `shift` is subtracted from the ratio (the fair share of an advantage).
RatioEstimate EstimateFigure(const DealFigures& d, size_t f, double shift = 0);

struct FigureDifference {
  FigureInfo figure;
  RatioEstimate a, b;
  Difference difference;  // b - a
  double adjusted_p = 1;  // after the correction over every figure compared
};

struct Comparison {
  bool paired = false;
  std::string pairing;  // why the deals are shared or not, in a sentence
  Correction correction = Correction::kHolm;
  std::vector<FigureDifference> figures;
  // Paired only: the median over the figures of the paired interval's width over the width it
  // would have without pairing (below 1: the shared deals narrowed the intervals).
  double median_width_ratio = 1;
};

// Compares `b` with `a`: the seats' advantages for the seats both have, then the other figures.
// `paired` (the two played the same deals: same game, players, seed, seatings and number of
// deals; the caller says why in `pairing`) takes each difference deal by deal, with Student's t
// on deals - 1 degrees of freedom; otherwise Welch's. Every p-value is then adjusted by
// `correction` over all the figures.
Comparison CompareFigures(const DealFigures& a, const DealFigures& b, bool paired,
                          std::string pairing, Correction correction);

}  // namespace savanna
