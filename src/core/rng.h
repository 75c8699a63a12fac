// The portable seeded random number generator every game, agent and simulation uses.
// xoshiro256** seeded through SplitMix64, with our own unbiased range reduction and
// Fisher-Yates shuffle, so the same seed gives the same numbers on every platform and
// standard library (std::uniform_int_distribution and std::shuffle do not).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace savanna {

// One step of SplitMix64: advances `state` and returns a well-mixed 64-bit value. Also used to
// derive independent seeds (per game, per thread, per determinization) from one master seed.
uint64_t SplitMix64(uint64_t& state);

// Derives the seed of stream `index` from `seed` (e.g. game i of a simulation).
uint64_t DeriveSeed(uint64_t seed, uint64_t index);

class Rng {
 public:
  using Words = std::array<uint64_t, 4>;

  explicit Rng(uint64_t seed = 0) { Seed(seed); }

  void Seed(uint64_t seed);

  // The next 64 random bits.
  uint64_t Next() {
    const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = Rotl(s_[3], 45);
    return result;
  }

  // A uniform integer in [0, n); n must be at least 1. Unbiased (Lemire's multiply-and-reject).
  uint32_t Below(uint32_t n) {
    uint64_t m = uint64_t(uint32_t(Next() >> 32)) * n;
    uint32_t low = uint32_t(m);
    if (low < n) {
      const uint32_t threshold = uint32_t(-n) % n;
      while (low < threshold) {
        m = uint64_t(uint32_t(Next() >> 32)) * n;
        low = uint32_t(m);
      }
    }
    return uint32_t(m >> 32);
  }

  // A uniform integer in [lo, hi]; requires lo <= hi and hi - lo < 2^32 - 1.
  int64_t Between(int64_t lo, int64_t hi) { return lo + Below(uint32_t(hi - lo + 1)); }

  // A uniform double in [0, 1) with 53 random bits.
  double Uniform() { return double(Next() >> 11) * 0x1.0p-53; }

  // Fisher-Yates shuffle of data[0..n), each permutation equally likely.
  template <class T>
  void Shuffle(T* data, size_t n) {
    for (size_t i = n; i > 1; --i) {
      const size_t j = Below(uint32_t(i));
      std::swap(data[i - 1], data[j]);
    }
  }

  // Shuffles data[0..n) like Shuffle after putting the values in ascending order, so the result
  // depends on the values and this generator only, never on the order they came in. A
  // determinization shuffles the hidden cards this way: with a given seed it then draws the
  // same world from every state its viewer cannot tell apart, and a search whose seed is known
  // cannot give away the true hidden order through the moves it chooses.
  template <class T>
  void ShuffleIgnoringOrder(T* data, size_t n) {
    SortSmall(data, n);
    Shuffle(data, n);
  }

  // The full generator state, for saving and restoring (ToJson/FromJson of game states).
  const Words& words() const { return s_; }
  // Restores a saved state; returns false (and changes nothing) for the all-zero state, which
  // xoshiro cannot leave.
  bool SetWords(const Words& words);

  bool operator==(const Rng&) const = default;

 private:
  static uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  // Ascending order. Bytes (every pool of cards, counters or tokens in the games) are counted,
  // in time linear in n and the largest value: a determinization runs in every search iteration.
  template <class T>
  static void SortSmall(T* data, size_t n) {
    if constexpr (std::is_same_v<T, uint8_t>) {
      uint8_t top = 0;
      for (size_t i = 0; i < n; ++i) top = std::max(top, data[i]);
      std::array<uint16_t, 256> count;
      std::fill_n(count.begin(), int(top) + 1, uint16_t(0));
      for (size_t i = 0; i < n; ++i) ++count[data[i]];
      size_t k = 0;
      for (int v = 0; v <= top; ++v)
        for (int c = 0; c < count[size_t(v)]; ++c) data[k++] = uint8_t(v);
    } else {
      std::sort(data, data + n);
    }
  }
  Words s_{};
};

}  // namespace savanna
