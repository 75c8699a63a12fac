// Kariba's hidden information (determinization).
#include "games/kariba/kariba_state.h"

namespace savanna::kariba {

void KaribaState::DeterminizeInPlace(Player viewer, Rng& rng) {
  // Unseen by `viewer`: the pile and the unknown part of every other hand. Pool them, shuffle,
  // and deal each hidden place as many cards as it held; the known parts stay where they are.
  std::array<uint8_t, kMaxCards> pool;
  std::array<int, kMaxSeats> hidden_count{};
  int pool_size = 0;
  for (int i = 0; i < d_.deck_size; ++i) pool[pool_size++] = d_.deck[i];
  for (int p = 0; p < config().players; ++p) {
    if (p == viewer) continue;
    for (int animal = 1; animal <= config().animals; ++animal) {
      const int hidden = d_.hand[p][animal] - d_.known[p][animal];
      for (int i = 0; i < hidden; ++i) pool[pool_size++] = uint8_t(animal);
      hidden_count[p] += hidden;
      d_.hand[p][animal] = d_.known[p][animal];
    }
  }
  rng.ShuffleIgnoringOrder(pool.data(), size_t(pool_size));
  int next = 0;
  for (int p = 0; p < config().players; ++p) {
    if (p == viewer) continue;
    // Hand sizes are public: each hand gets back as many unknown cards as it had.
    for (int i = 0; i < hidden_count[p]; ++i) ++d_.hand[p][pool[next++]];
  }
  for (int i = 0; i < d_.deck_size; ++i) d_.deck[i] = pool[next++];
  d_.rng.Seed(rng.Next());
}

}  // namespace savanna::kariba
