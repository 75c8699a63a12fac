// A sum of doubles that does not depend on the order of its terms: every term is held exactly
// as a 128-bit fixed-point number with 64 fractional bits, and those add exactly. So sums of
// parts merged in any grouping (threads, MPI ranks, a resumed run) equal the sum of all to the
// bit, and value() is the exact sum rounded once to the nearest double.
//
// Exact for every term whose bits lie between 2^-64 and 2^62 in magnitude: game returns (1, 1/2,
// 1/3, ... 1/16 for a shared win), whole and half scores, fractions of a game's length. A term
// with bits below 2^-64 is rounded to the nearest multiple of 2^-64 first, on its own, so the
// sum is still the same in any order. A term of 2^62 or more in magnitude, or a sum that leaves
// the range, is a bug (a check fails).
#pragma once

#include <cmath>
#include <cstdint>

#include "core/check.h"
#include "sim/byte_io.h"

namespace savanna {

class ExactSum {
 public:
  void Add(double term) {
    const double magnitude = std::fabs(term);
    SAVANNA_CHECK_MSG(magnitude < kLimit, "ExactSum: term out of range");
    const double whole = std::trunc(magnitude);
    const double fraction = std::nearbyint(std::ldexp(magnitude - whole, kFractionBits));
    Accumulate((Int128(whole) << kFractionBits) + Int128(fraction), term < 0);
  }
  // Adds `term` `times` times (times >= 0), exactly as that many Add(term).
  void Add(double term, int64_t times) {
    SAVANNA_CHECK(times >= 0);
    ExactSum once;
    once.Add(term);
    const Int128 magnitude = once.sum_ < 0 ? -once.sum_ : once.sum_;
    SAVANNA_CHECK_MSG(times == 0 || magnitude <= (Int128(1) << 126) / times,
                      "ExactSum: sum out of range");
    Accumulate(magnitude * times, term < 0);
  }
  // Adds the terms of another sum.
  void Merge(const ExactSum& other) { Accumulate(other.sum_, false); }
  // The sum divided by `n` (n > 0), from the exact quotient: n equal terms give that term back
  // to the bit.
  double Mean(int64_t n) const {
    SAVANNA_CHECK(n > 0);
    const Int128 quotient = sum_ / n, remainder = sum_ % n;
    return std::ldexp(double(quotient) + double(remainder) / double(n), -kFractionBits);
  }
  // The sum rounded to the nearest double (ties to even).
  double value() const { return std::ldexp(double(sum_), -kFractionBits); }
  bool operator==(const ExactSum& other) const { return sum_ == other.sum_; }

  void Save(ByteWriter& out) const {
    const auto bits = UInt128(sum_);
    out.U64(uint64_t(bits));
    out.U64(uint64_t(bits >> 64));
  }
  void Load(ByteReader& in) {
    const uint64_t low = in.U64(), high = in.U64();
    sum_ = Int128((UInt128(high) << 64) | low);
  }

 private:
  __extension__ using Int128 = __int128;
  __extension__ using UInt128 = unsigned __int128;
  static constexpr int kFractionBits = 64;
  static constexpr double kLimit = 4611686018427387904.0;  // 2^62

  void Accumulate(Int128 magnitude, bool negative) {
    sum_ += negative ? -magnitude : magnitude;
    const Int128 bound = Int128(1) << 126;
    SAVANNA_CHECK_MSG(sum_ < bound && sum_ > -bound, "ExactSum: sum out of range");
  }

  Int128 sum_ = 0;
};

}  // namespace savanna
