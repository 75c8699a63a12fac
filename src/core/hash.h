// A small incremental 64-bit hasher for State::Hash(): feed every field of the full state.
#pragma once

#include <cstddef>
#include <cstdint>

namespace savanna {

class Hasher {
 public:
  void Add(uint64_t value) {
    h_ ^= value + 0x9e3779b97f4a7c15ULL + (h_ << 6) + (h_ >> 2);
    h_ *= 0xff51afd7ed558ccdULL;
    h_ ^= h_ >> 32;
  }
  template <class T>
  void AddRange(const T* data, size_t n) {
    Add(n);
    for (size_t i = 0; i < n; ++i) Add(uint64_t(data[i]));
  }
  // The final value, mixed once more so that nearby inputs spread over all bits.
  uint64_t Finish() const {
    uint64_t z = h_;
    z = (z ^ (z >> 33)) * 0xc4ceb9fe1a85ec53ULL;
    return z ^ (z >> 33);
  }

 private:
  uint64_t h_ = 0x243f6a8885a308d3ULL;
};

}  // namespace savanna
