// Vom Kap bis Kairo's hidden information (determinization) and hashing.
#include "games/kap_kairo/kap_kairo_state.h"

#include "core/hash.h"

namespace savanna::kap_kairo {

void KapKairoState::DeterminizeInPlace(Player viewer, Rng& rng) {
  // Unseen by everybody: the pile's order and the faces of the bonus tracks (face-down cards
  // drawn from the pile). Pool them, shuffle, and put them back into the same places.
  std::array<uint8_t, kMaxCards> pool;
  int size = 0;
  for (int i = 0; i < d_.pile.size; ++i) pool[size++] = d_.pile.cards[i];
  for (int p = 0; p < config().players; ++p)
    for (int i = 0; i < d_.bonus_count[p]; ++i) pool[size++] = d_.bonus[p][i];
  rng.Shuffle(pool.data(), size_t(size));
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

uint64_t KapKairoState::Hash() const {
  Hasher h;
  const int n = config().players;
  h.AddRange(d_.pile.cards.data(), d_.pile.size);
  h.AddRange(d_.discard.cards.data(), d_.discard.size);
  h.AddRange(d_.revealed.cards.data(), d_.revealed.size);
  h.AddRange(d_.auction.data(), d_.auction_size);
  for (int p = 0; p < n; ++p) {
    h.AddRange(d_.rows[p].cards.data(), d_.rows[p].size);
    h.Add(d_.rows[p].built);
    h.AddRange(d_.bonus[p].data(), d_.bonus_count[p]);
    h.Add(d_.capital[p]);
    h.Add(uint64_t(uint16_t(d_.pending[p])));
    h.Add(d_.order[p]);
    h.Add(uint64_t(uint16_t(d_.last_auction.bids[p])));
    h.Add(d_.last_auction.order[p]);
  }
  h.Add(d_.choose_index);
  h.Add(d_.current);
  h.Add(d_.reveal_failed);
  h.Add(uint64_t(d_.phase));
  h.Add(uint64_t(d_.end));
  h.Add(d_.move_number);
  h.AddRange(d_.last_auction.draw_player.data(), d_.last_auction.draws);
  h.AddRange(d_.last_auction.draw_card.data(), d_.last_auction.draws);
  h.Add(d_.last_auction.by_lot);
  h.Add(uint64_t(uint8_t(d_.last_build.player)));
  h.Add(d_.last_build.card);
  h.Add(d_.last_build.bonus_used);
  h.Add(d_.last_build.pounds_paid);
  h.Add(d_.last_build.bonus_to);
  for (uint64_t w : d_.rng.words()) h.Add(w);
  return h.Finish();
}

}  // namespace savanna::kap_kairo
