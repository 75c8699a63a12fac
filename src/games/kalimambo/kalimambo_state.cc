// Kalimambo's hidden information (determinization) and hashing.
#include "games/kalimambo/kalimambo_state.h"

#include <bit>

#include "core/hash.h"

namespace savanna::kalimambo {
namespace {

// The k-th lowest set bit of `mask` (k < popcount(mask)).
int NthBit(uint32_t mask, int k) {
  for (; k > 0; --k) mask &= mask - 1;
  return std::countr_zero(mask);
}

}  // namespace

void KalimamboState::DeterminizeInPlace(Player viewer, Rng& rng) {
  // Hidden from everybody: the order of Kali's unturned cards (the set is known).
  const int round = d_.round, left = config().num_cards - round;
  if (left > 1) rng.Shuffle(d_.kali_deck.data() + round, size_t(left));
  // Hidden from `viewer`: the other seats' submitted cards. Any card still in hand may be one.
  for (int p = 0; p < config().players; ++p) {
    if (p == viewer || d_.pending[p] < 0) continue;
    const uint32_t hand = d_.hand[p];
    d_.pending[p] = int8_t(NthBit(hand, int(rng.Below(uint32_t(std::popcount(hand))))));
  }
  d_.rng.Seed(rng.Next());
}

uint64_t KalimamboState::Hash() const {
  const Config& c = config();
  Hasher h;
  h.AddRange(d_.pos.data(), size_t(c.Figures()));
  h.Add(d_.rhino);
  h.Add(d_.heaps);
  h.AddRange(d_.hand.data(), size_t(c.players));
  for (int p = 0; p < c.players; ++p) h.Add(uint64_t(uint8_t(d_.pending[p])));
  h.Add(d_.submitted);
  h.AddRange(d_.kali_deck.data(), size_t(c.num_cards));
  for (int r = 0; r < d_.round; ++r) h.AddRange(d_.played[r].data(), size_t(c.players));
  h.AddRange(d_.minus.data(), size_t(c.players));
  h.Add(d_.round);
  for (int i = 0; i < d_.num_events; ++i) {
    const MoveEvent& e = d_.events[i];
    h.Add(uint64_t(e.figure) | uint64_t(e.from) << 8 | uint64_t(e.to) << 16 |
          uint64_t(e.dung) << 24 | uint64_t(e.run) << 32 | uint64_t(e.rammed) << 40);
  }
  h.Add(d_.num_events);
  h.Add(d_.move_number);
  for (uint64_t w : d_.rng.words()) h.Add(w);
  return h.Finish();
}

}  // namespace savanna::kalimambo
