// Kalimambo's observation tensor and its shape, for learning code. The layout (one flat
// vector, seats absolute) is documented slot by slot in docs/rules/kalimambo.md, "Observation
// tensor"; every slot comes from a field of View(viewer). The last round's move list is not
// encoded: its effects are (the figures' spaces, the rhino, the minus points).
#include <span>

#include "core/observation.h"
#include "games/kalimambo/kalimambo_state.h"

namespace savanna::kalimambo {
namespace {}  // namespace

int Config::ObservationSize() const {
  const int p = players, v = max_value + 1, t = track;
  return (p + 1) + 2 + p + t + t + Figures() * t + v + p * (v + 2) + v + (1 + p * v + v) + p;
}

void KalimamboState::ObservationTensor(Player viewer, std::span<float> out) const {
  const Config& c = config();
  const int values = c.max_value + 1;
  ObservationWriter w(out);
  w.OneHot(viewer == kSpectator ? c.players : viewer, c.players + 1);
  w.Scalar(IsTerminal());
  w.Scalar(d_.round);
  w.Bits(PlayersToAct().Mask(), c.players);
  w.OneHot(d_.rhino, c.track);
  w.Bits(d_.heaps, c.track);
  for (int f = 0; f < c.Figures(); ++f) w.OneHot(d_.pos[f], c.track);
  uint64_t kali_left = 0;  // Kali's cards not yet turned, as a set (their order is hidden)
  for (int i = d_.round; i < c.num_cards; ++i) kali_left |= uint64_t{1} << d_.kali_deck[i];
  w.Bits(kali_left, values);
  for (int p = 0; p < c.players; ++p) {
    w.Scalar(d_.minus[p]);
    w.Bits(d_.hand[p], values);
    w.Scalar((d_.submitted >> p) & 1u);
  }
  w.OneHot(viewer != kSpectator ? d_.pending[viewer] : -1, values);
  w.Scalar(d_.round > 0);
  for (int p = 0; p < c.players; ++p)
    w.OneHot(d_.round > 0 ? d_.played[d_.round - 1][p] : -1, values);
  w.OneHot(d_.round > 0 ? d_.kali_deck[d_.round - 1] : -1, values);
  w.Bits(IsTerminal() ? Winners().Mask() : 0, c.players);
  w.Finish();
}

}  // namespace savanna::kalimambo
