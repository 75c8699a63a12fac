// Seeding for Rng; the hot functions are inline in the header.
#include "core/rng.h"

namespace savanna {

uint64_t SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t DeriveSeed(uint64_t seed, uint64_t index) {
  uint64_t state = seed ^ (0xd1b54a32d192ed03ULL * (index + 1));
  SplitMix64(state);
  return SplitMix64(state);
}

void Rng::Seed(uint64_t seed) {
  uint64_t state = seed;
  for (auto& word : s_) word = SplitMix64(state);
}

bool Rng::SetWords(const Words& words) {
  if (words[0] == 0 && words[1] == 0 && words[2] == 0 && words[3] == 0) return false;
  s_ = words;
  return true;
}

}  // namespace savanna
