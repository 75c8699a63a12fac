// Error codes' stable names (JSON replies and logs carry them).
#include "core/result.h"

#include <gtest/gtest.h>

namespace savanna {
namespace {

TEST(ErrorCodeName, EveryCodeHasItsStableName) {
  EXPECT_EQ(ErrorCodeName(ErrorCode::kInvalidArgument), "invalid_argument");
  EXPECT_EQ(ErrorCodeName(ErrorCode::kIllegalAction), "illegal_action");
  EXPECT_EQ(ErrorCodeName(ErrorCode::kParseError), "parse_error");
  EXPECT_EQ(ErrorCodeName(ErrorCode::kNotFound), "not_found");
  EXPECT_EQ(ErrorCodeName(ErrorCode::kIoError), "io_error");
  EXPECT_EQ(ErrorCodeName(ErrorCode::kBadData), "bad_data");
}

TEST(ErrorCodeName, AValueOutsideTheEnumIsUnknown) {
  EXPECT_EQ(ErrorCodeName(static_cast<ErrorCode>(99)), "unknown");
}

}  // namespace
}  // namespace savanna
