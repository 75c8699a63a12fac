// Lookup and loading of embedded component data.
#include "games/embedded_data.h"

namespace savanna {

std::optional<std::string_view> FindEmbeddedFile(std::string_view path) {
  for (const auto& f : EmbeddedFiles())
    if (f.path == path) return f.content;
  return std::nullopt;
}

GameInfo WithShippedNet(GameInfo info) {
  info.net = FindEmbeddedFile(info.name + "/net.bin").value_or(std::string_view());
  return info;
}

ParamSpec ComponentDataParam(std::string_view embedded_path, std::string_view what) {
  return ParamSpec::String(
      "data", "",
      std::string(what) + " to use instead of the built-in data/" + std::string(embedded_path));
}

Result<ComponentData> LoadComponentData(std::string_view embedded_path,
                                        const std::string& user_path) {
  if (!user_path.empty()) {
    auto json = ReadJsonFile(user_path);
    if (!json) return tl::unexpected(json.error());
    return ComponentData{std::move(*json), user_path};
  }
  auto content = FindEmbeddedFile(embedded_path);
  if (!content)
    return Fail(ErrorCode::kNotFound, "no embedded data file '" + std::string(embedded_path) + "'");
  const std::string source = "data/" + std::string(embedded_path);
  auto json = ParseJson(*content, source);
  if (!json) return tl::unexpected(json.error());
  return ComponentData{std::move(*json), source};
}

}  // namespace savanna
