// JSON and file helpers for reading untrusted documents: every failure names the source, the
// field and the reason. Writing is atomic (temp file, then rename) so nothing is half-written.
#pragma once

#include <cstdint>
#include <istream>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/result.h"
#include "core/rng.h"

namespace savanna {

using Json = nlohmann::json;

// The largest document ReadTextFile and ReadStream read (state documents, records, data files
// are kilobytes); a bigger input, or an endless one such as /dev/zero, is an error.
inline constexpr size_t kMaxTextFile = size_t(64) << 20;

Result<std::string> ReadTextFile(const std::string& path);
// The whole of `in` (at most kMaxTextFile bytes); `source` names it in errors.
Result<std::string> ReadStream(std::istream& in, std::string_view source);
Result<void> WriteTextFileAtomic(const std::string& path, std::string_view content);
// Parses JSON text; `source` (a file name) prefixes the error message.
Result<Json> ParseJson(std::string_view text, std::string_view source);
Result<Json> ReadJsonFile(const std::string& path);
// The JSON text of `json` (one line, or indented by `indent` spaces). Never throws: a string that
// holds bytes which are not UTF-8 is written with U+FFFD in their place. Everything the programs
// send or print is written with it, so no text from outside can make a writer throw.
std::string JsonText(const Json& json, int indent = -1);

// Field readers for objects. `key` is named in the error.
Result<int64_t> IntField(const Json& object, std::string_view key, int64_t lo, int64_t hi);
// A finite number (integer or not) from `lo` to `hi`.
Result<double> NumberField(const Json& object, std::string_view key, double lo, double hi);
Result<bool> BoolField(const Json& object, std::string_view key);
Result<std::string> StringField(const Json& object, std::string_view key);
// The array under `key`; `size` < 0 accepts any length.
Result<const Json*> ArrayField(const Json& object, std::string_view key, int64_t size = -1);
// Element i of an array as an integer in [lo, hi]; `what` names the array in errors.
Result<int64_t> IntElement(const Json& array, size_t i, int64_t lo, int64_t hi,
                           std::string_view what);

// JSON for people and programs alike: objects and nested arrays indented by two spaces, arrays
// of plain values on one line; ends with a newline (documents the program prints or saves).
std::string FormatJson(const Json& json);

// The RNG state as four hex strings (JSON numbers cannot hold 64 bits everywhere).
Json RngToJson(const Rng& rng);
Result<Rng> RngFromJson(const Json& json);

}  // namespace savanna
