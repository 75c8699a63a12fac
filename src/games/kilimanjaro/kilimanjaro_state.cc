// Kilimanjaro's hidden information (determinization).
#include "games/kilimanjaro/kilimanjaro_state.h"

#include <algorithm>

namespace savanna::kilimanjaro {
namespace {

// Hidden from `viewer`: other players' hands and the deck order. Pools them, shuffles, and
// deals each hand as many cards as it held, the rest back to the deck.
void ResampleCards(const Config& config, KiliData& d, Player viewer, Rng& rng) {
  std::array<uint8_t, kMaxCards> pool;
  int n = 0;
  for (int i = 0; i < d.deck_size; ++i) pool[n++] = d.deck[i];
  for (int p = 0; p < config.players; ++p)
    if (p != viewer)
      for (int i = 0; i < d.hand_size[p]; ++i) pool[n++] = d.hand[p][i];
  rng.ShuffleIgnoringOrder(pool.data(), size_t(n));
  int next = 0;
  for (int p = 0; p < config.players; ++p) {
    if (p == viewer) continue;
    auto& hand = d.hand[p];
    for (int i = 0; i < d.hand_size[p]; ++i) hand[i] = pool[next++];
    std::sort(hand.begin(), hand.begin() + d.hand_size[p]);
  }
  for (int i = 0; i < d.deck_size; ++i) d.deck[i] = pool[next++];
}

// Hidden from `viewer`: the kinds of face-down counters others placed and of the counters
// others still hold. Pools those kinds and deals them back to the same places.
void ResampleCounters(const Config& config, KiliData& d, Player viewer, Rng& rng) {
  std::array<uint8_t, kMaxCounters> pool;
  int n = 0;
  auto hidden = [&](const Counter& c) { return !c.face_up && c.placer != viewer; };
  for (int i = 0; i < d.num_counters; ++i)
    if (hidden(d.counters[i])) pool[n++] = uint8_t(d.counters[i].kind);
  std::array<int, kMaxSeats> held{};
  for (int p = 0; p < config.players; ++p) {
    if (p == viewer) continue;
    for (int k = 0; k < kCounterKinds; ++k) {
      for (int i = 0; i < d.unplaced[p][k]; ++i) pool[n++] = uint8_t(k);
      held[p] += d.unplaced[p][k];
    }
    d.unplaced[p] = {};
  }
  rng.ShuffleIgnoringOrder(pool.data(), size_t(n));
  int next = 0;
  for (int i = 0; i < d.num_counters; ++i)
    if (hidden(d.counters[i])) d.counters[i].kind = CounterKind(pool[next++]);
  for (int p = 0; p < config.players; ++p)
    for (int i = 0; i < held[p]; ++i) ++d.unplaced[p][pool[next++]];
  // The log of a placement names the counter's kind (shown to its placer only): keep it in
  // step with the counter now lying there.
  for (int i = 0; i < d.num_events; ++i) {
    Event& e = d.events[i];
    const int at = e.type == EventType::kPlace ? CounterAt(d, e.to) : -1;
    if (at >= 0) e.kind = d.counters[at].kind;
  }
}

}  // namespace

void KilimanjaroState::DeterminizeInPlace(Player viewer, Rng& rng) {
  ResampleCards(config(), d_, viewer, rng);
  ResampleCounters(config(), d_, viewer, rng);
  d_.rng.Seed(rng.Next());
}

}  // namespace savanna::kilimanjaro
