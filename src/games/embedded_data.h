// Component data embedded at build time from data/ (see cmake/EmbedData.cmake), and the loader
// that lets a user replace an embedded file with their own.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/json_io.h"
#include "core/params.h"

namespace savanna {

struct EmbeddedFile {
  std::string_view path;  // relative to data/: "kariba/animals.json"
  std::string_view content;
};

// Every embedded file (generated source).
const std::vector<EmbeddedFile>& EmbeddedFiles();

std::optional<std::string_view> FindEmbeddedFile(std::string_view path);

// A component file as read, and the name its errors go by: the user's path, or
// "data/<embedded path>" for an embedded file.
struct ComponentData {
  Json json;
  std::string source;
};

// The "data" parameter of a game whose component data is the embedded file `embedded_path`
// ("kariba/animals.json"): the path of a user's file of the same form, described as `what` ("a
// deck file") "to use instead of the built-in data/<embedded_path>"; empty: the built-in one.
ParamSpec ComponentDataParam(std::string_view embedded_path, std::string_view what);

// `info` with its game's shipped net, the bytes of data/<name>/net.bin (docs/nets.md), in
// GameInfo::net (empty when the game ships none). Every game's registry entry wraps its info in it.
GameInfo WithShippedNet(GameInfo info);

// Parses the data file `user_path` if not empty, else the embedded `embedded_path`. Errors name
// the file.
Result<ComponentData> LoadComponentData(std::string_view embedded_path,
                                        const std::string& user_path);

}  // namespace savanna
