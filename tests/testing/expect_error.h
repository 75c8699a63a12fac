// ExpectError: a Result that failed with the given code and a message containing given words.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "core/result.h"

namespace savanna::testing {

template <class T>
void ExpectError(const Result<T>& result, ErrorCode code, const std::string& words) {
  ASSERT_FALSE(result) << words;
  EXPECT_EQ(result.error().code, code) << result.error().message;
  EXPECT_NE(result.error().message.find(words), std::string::npos) << result.error().message;
}

}  // namespace savanna::testing
