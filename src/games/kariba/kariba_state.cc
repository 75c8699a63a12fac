// Kariba's hidden information (determinization) and hashing.
#include "games/kariba/kariba_state.h"

#include "core/hash.h"

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
  rng.Shuffle(pool.data(), size_t(pool_size));
  int next = 0;
  for (int p = 0; p < config().players; ++p) {
    if (p == viewer) continue;
    // Hand sizes are public: each hand gets back as many unknown cards as it had.
    for (int i = 0; i < hidden_count[p]; ++i) ++d_.hand[p][pool[next++]];
  }
  for (int i = 0; i < d_.deck_size; ++i) d_.deck[i] = pool[next++];
  d_.rng.Seed(rng.Next());
}

uint64_t KaribaState::Hash() const {
  Hasher h;
  h.AddRange(d_.deck.data(), d_.deck_size);
  for (int p = 0; p < config().players; ++p) {
    h.AddRange(d_.hand[p].data(), d_.hand[p].size());
    h.AddRange(d_.known[p].data(), d_.known[p].size());
    h.AddRange(d_.pile[p].data(), d_.pile[p].size());
    for (int g = 0; g < d_.game_index; ++g) h.Add(d_.finished[g][p]);
  }
  h.AddRange(d_.waterhole.data(), d_.waterhole.size());
  h.AddRange(d_.display.data(), d_.display.size());
  h.Add(d_.game_index);
  h.Add(d_.starter);
  h.Add(d_.current);
  h.Add(uint64_t(d_.phase));
  h.Add(d_.move_number);
  h.Add(uint64_t(uint8_t(d_.last.player)));
  h.Add(d_.last.animal);
  h.Add(d_.last.count);
  h.Add(d_.last.chased);
  h.Add(d_.last.captured);
  for (uint64_t w : d_.rng.words()) h.Add(w);
  return h.Finish();
}

}  // namespace savanna::kariba
