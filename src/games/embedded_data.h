// Component data embedded at build time from data/ (see cmake/EmbedData.cmake), and the loader
// that lets a user replace an embedded file with their own.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"

namespace savanna {

struct EmbeddedFile {
  std::string_view path;  // relative to data/: "kariba/animals.json"
  std::string_view content;
};

// Every embedded file (generated source).
const std::vector<EmbeddedFile>& EmbeddedFiles();

std::optional<std::string_view> FindEmbeddedFile(std::string_view path);

// Parses the data file `user_path` if not empty, else the embedded `embedded_path`. Errors name
// the file.
Result<Json> LoadComponentData(std::string_view embedded_path, const std::string& user_path);

}  // namespace savanna
