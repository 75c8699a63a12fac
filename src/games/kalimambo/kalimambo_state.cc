// Kalimambo's hidden information (determinization).
#include "games/kalimambo/kalimambo_state.h"

#include <bit>

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
  if (left > 1) rng.ShuffleIgnoringOrder(d_.kali_deck.data() + round, size_t(left));
  // Hidden from `viewer`: the other seats' submitted cards. Any card still in hand may be one.
  for (int p = 0; p < config().players; ++p) {
    if (p == viewer || d_.pending[p] < 0) continue;
    const uint32_t hand = d_.hand[p];
    d_.pending[p] = int8_t(NthBit(hand, int(rng.Below(uint32_t(std::popcount(hand))))));
  }
  d_.rng.Seed(rng.Next());
}

void KalimamboState::ReopenHiddenSubmissions(Player viewer) {
  // A submitted card stays in its hand until the round resolves, so taking it back is clearing
  // the submission.
  for (int p = 0; p < config().players; ++p) {
    if (p == viewer || d_.pending[p] < 0) continue;
    d_.pending[p] = -1;
    d_.submitted = uint8_t(d_.submitted & ~(1u << p));
    --d_.move_number;
  }
}

}  // namespace savanna::kalimambo
