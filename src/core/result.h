// Expected failures as values: Error (a code and a message) and Result<T>.
// Bugs are not errors: they abort through SAVANNA_CHECK (check.h).
#pragma once

#include <string>
#include <string_view>
#include <tl/expected.hpp>
#include <utility>

namespace savanna {

// kBadData stays the last code: the table of names in result.cc is checked against it.
enum class ErrorCode {
  kInvalidArgument,  // a bad parameter, spec, option or value
  kIllegalAction,    // a well-formed action that the rules do not allow now
  kParseError,       // text or JSON that cannot be read
  kNotFound,         // an unknown game, agent, file or field
  kIoError,          // a file that cannot be read or written
  kBadData,          // a document that parses but contradicts the schema or the rules
};

// A short stable name for the code ("illegal_action"), for JSON replies and logs.
std::string_view ErrorCodeName(ErrorCode code);

struct Error {
  ErrorCode code;
  std::string message;  // one line, says what was wrong; never contains hidden information
};

template <class T>
using Result = tl::expected<T, Error>;

// Shorthand for returning a failure: `return Fail(ErrorCode::kNotFound, "no game 'x'");`
inline tl::unexpected<Error> Fail(ErrorCode code, std::string message) {
  return tl::unexpected<Error>(Error{code, std::move(message)});
}

// Prefixes the message of a failed result with context ("file.json: " + message).
template <class T>
Result<T> WithContext(Result<T> result, std::string_view context) {
  if (!result) result.error().message = std::string(context) + result.error().message;
  return result;
}

}  // namespace savanna
