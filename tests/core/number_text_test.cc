// ShortestDouble stands in for std::to_chars where a standard library lacks it (the WebAssembly
// build): here both exist, so every kind of double must come out the same from both.
#include "core/number_text.h"

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "core/rng.h"

namespace savanna {
namespace {

std::string ToCharsText(double value) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, end);
}

TEST(ShortestDouble, WritesWhatToCharsWritesForChosenValues) {
  const double chosen[] = {0.0,
                           -0.0,
                           1.0,
                           -1.0,
                           0.1,
                           0.25,
                           0.7,
                           1.5,
                           100.0,
                           1e5,
                           123456.0,
                           1e-4,
                           0.001,
                           1e20,
                           1e21,
                           1e22,
                           1e23,
                           5e-324,
                           2.2250738585072014e-308,
                           1.7976931348623157e308,
                           123456789012345680000.0,
                           9007199254740993.0,
                           0.30000000000000004,
                           1.0 / 3.0,
                           2.0 / 3.0,
                           1e100,
                           1.25e-7,
                           std::numeric_limits<double>::infinity(),
                           -std::numeric_limits<double>::infinity()};
  for (double value : chosen) EXPECT_EQ(ShortestDouble(value), ToCharsText(value)) << value;
}

TEST(ShortestDouble, WritesWhatToCharsWritesForRandomValues) {
  // Random bit patterns (every magnitude) and random short decimals (what specs hold).
  Rng rng(20261128);
  for (int i = 0; i < 20000; ++i) {
    const double value = std::bit_cast<double>(rng.Next());
    if (std::isnan(value)) continue;
    ASSERT_EQ(ShortestDouble(value), ToCharsText(value)) << std::bit_cast<uint64_t>(value);
  }
  for (int i = 0; i < 5000; ++i) {
    const double value = double(rng.Below(1000000)) / double(1 + rng.Below(100000));
    ASSERT_EQ(ShortestDouble(value), ToCharsText(value)) << value;
  }
}

}  // namespace
}  // namespace savanna
