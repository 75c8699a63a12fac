// Lookup and loading of embedded component data.
#include "games/embedded_data.h"

namespace savanna {

std::optional<std::string_view> FindEmbeddedFile(std::string_view path) {
  for (const auto& f : EmbeddedFiles())
    if (f.path == path) return f.content;
  return std::nullopt;
}

Result<Json> LoadComponentData(std::string_view embedded_path, const std::string& user_path) {
  if (!user_path.empty()) return ReadJsonFile(user_path);
  auto content = FindEmbeddedFile(embedded_path);
  if (!content)
    return Fail(ErrorCode::kNotFound, "no embedded data file '" + std::string(embedded_path) + "'");
  return ParseJson(*content, "data/" + std::string(embedded_path));
}

}  // namespace savanna
