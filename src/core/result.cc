// Names of error codes.
#include "core/result.h"

#include <array>

namespace savanna {
namespace {

// In the order of ErrorCode; kBadData is its last code.
constexpr std::array<std::string_view, 6> kErrorCodeNames = {
    "invalid_argument", "illegal_action", "parse_error", "not_found", "io_error", "bad_data"};
static_assert(kErrorCodeNames.size() == size_t(ErrorCode::kBadData) + 1,
              "every error code has its name");

}  // namespace

std::string_view ErrorCodeName(ErrorCode code) {
  const size_t index = size_t(code);
  return index < kErrorCodeNames.size() ? kErrorCodeNames[index] : "unknown";
}

}  // namespace savanna
