// Reports a failed invariant and aborts.
#include "core/check.h"

#include <cstdio>
#include <cstdlib>

#include "core/result.h"

namespace savanna {

void CheckFailed(const char* file, int line, const char* condition, const std::string& context) {
  std::fprintf(stderr, "savanna: internal error at %s:%d: check failed: %s\n", file, line,
               condition);
  if (!context.empty()) std::fprintf(stderr, "context: %s\n", context.c_str());
  std::fflush(stderr);
  std::abort();
}

std::string_view ErrorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::kInvalidArgument:
      return "invalid_argument";
    case ErrorCode::kIllegalAction:
      return "illegal_action";
    case ErrorCode::kParseError:
      return "parse_error";
    case ErrorCode::kNotFound:
      return "not_found";
    case ErrorCode::kIoError:
      return "io_error";
    case ErrorCode::kBadData:
      return "bad_data";
  }
  return "unknown";
}

}  // namespace savanna
