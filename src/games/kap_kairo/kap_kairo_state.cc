// Vom Kap bis Kairo's hidden information (determinization).
#include "games/kap_kairo/kap_kairo_state.h"

namespace savanna::kap_kairo {

void KapKairoState::DeterminizeInPlace(Player viewer, Rng& rng) {
  // Unseen by everybody: the pile's order and the faces of the bonus tracks (face-down cards
  // drawn from the pile). Pool them, shuffle, and put them back into the same places.
  std::array<uint8_t, kMaxCards> pool;
  int size = 0;
  for (int i = 0; i < d_.pile.size; ++i) pool[size++] = d_.pile.cards[i];
  for (int p = 0; p < config().players; ++p)
    for (int i = 0; i < d_.bonus_count[p]; ++i) pool[size++] = d_.bonus[p][i];
  rng.ShuffleIgnoringOrder(pool.data(), size_t(size));
  int next = 0;
  for (int i = 0; i < d_.pile.size; ++i) d_.pile.cards[i] = pool[next++];
  for (int p = 0; p < config().players; ++p)
    for (int i = 0; i < d_.bonus_count[p]; ++i) d_.bonus[p][i] = pool[next++];
  // Other players' sealed bids: any amount they could have bid.
  if (d_.phase == Phase::kBid)
    for (int p = 0; p < config().players; ++p)
      if (p != viewer && d_.pending[p] >= 0)
        d_.pending[p] = int16_t(rng.Below(uint32_t(d_.capital[p]) + 1));
  d_.rng.Seed(rng.Next());
}

void KapKairoState::ReopenHiddenSubmissions(Player viewer) {
  // A sealed bid is paid only when the step resolves, so taking it back is clearing it.
  if (d_.phase != Phase::kBid) return;
  for (int p = 0; p < config().players; ++p) {
    if (p == viewer || d_.pending[p] < 0) continue;
    d_.pending[p] = -1;
    --d_.move_number;
  }
}

}  // namespace savanna::kap_kairo
