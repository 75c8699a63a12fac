// Names of error codes.
#include "core/result.h"

namespace savanna {

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
