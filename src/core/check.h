// Always-on invariant checks. A failed check is a bug: it prints file, line and context, then
// aborts. Expected failures (bad input) use Result instead (result.h).
#pragma once

#include <string>

namespace savanna {

[[noreturn]] void CheckFailed(const char* file, int line, const char* condition,
                              const std::string& context);

}  // namespace savanna

#define SAVANNA_CHECK(cond) \
  ((cond) ? (void)0 : ::savanna::CheckFailed(__FILE__, __LINE__, #cond, std::string()))

// `context` is evaluated only on failure; pass e.g. state.ToJson().dump() to print the state.
#define SAVANNA_CHECK_MSG(cond, context) \
  ((cond) ? (void)0 : ::savanna::CheckFailed(__FILE__, __LINE__, #cond, (context)))
