// ShortestDouble: the shortest round-trip digits from printf, laid out as std::to_chars does.
#include "core/number_text.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace savanna {

std::string ShortestDouble(double value) {
  if (std::isnan(value)) return std::signbit(value) ? "-nan" : "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  if (value == 0) return std::signbit(value) ? "-0" : "0";
  // The fewest significant digits (1 to 17) whose correctly rounded form reads back as `value`.
  char buffer[48];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*e", digits - 1, std::fabs(value));
    if (std::strtod(buffer, nullptr) == std::fabs(value)) break;
  }
  // buffer is "D.DDDe+XX" (or "De-XX"): its digits and the power of ten of the first one.
  const std::string_view text(buffer);
  const size_t e = text.find('e');
  std::string digits;
  for (char c : text.substr(0, e))
    if (c != '.') digits += c;
  const int exponent = std::atoi(buffer + e + 1);
  const int n = int(digits.size());
  std::string scientific = digits.substr(0, 1);
  if (n > 1) scientific += "." + digits.substr(1);
  const int magnitude = std::abs(exponent);
  scientific += std::string(exponent < 0 ? "e-" : "e+") + (magnitude < 10 ? "0" : "") +
                std::to_string(magnitude);
  const std::string sign = value < 0 ? "-" : "";
  std::string fixed;
  if (exponent >= n - 1) {
    // A whole number of exponent + 1 digits. Fixed notation writes its exact value (not the
    // shortest digits and zeros); written only when it is the shorter, so it fits the buffer.
    if (size_t(exponent) + 1 > scientific.size()) return sign + scientific;
    std::snprintf(buffer, sizeof buffer, "%.0f", std::fabs(value));
    fixed = buffer;
  } else if (exponent >= 0) {
    fixed = digits.substr(0, size_t(exponent + 1)) + "." + digits.substr(size_t(exponent + 1));
  } else {
    fixed = "0." + std::string(size_t(-exponent - 1), '0') + digits;
  }
  return sign + (fixed.size() <= scientific.size() ? fixed : scientific);
}

}  // namespace savanna
