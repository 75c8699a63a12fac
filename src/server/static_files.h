// The built web UI as an allow-list. At start the server reads every file of the web folder that
// may be served into memory, under its URL path; a request is answered only by looking its path
// up in that list. No file name is ever built from a request, so no form of path (absolute,
// "..", percent-encoded, backslashes, NUL) can reach anything else.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace savanna::server {

struct StaticFile {
  std::string content_type;
  std::shared_ptr<const std::string> body;
};

// Limits of what Load reads (a web folder over them is refused at start).
inline constexpr size_t kMaxStaticFiles = 4096;
inline constexpr size_t kMaxStaticBytes = size_t(256) << 20;

class StaticFiles {
 public:
  StaticFiles() = default;  // empty: nothing is served

  // Reads `dir` (empty: nothing). A file is listed when it is a regular file whose canonical
  // path lies inside the canonical `dir`, no part of its relative path starts with a dot, its
  // extension has a known content type (html, js, css, svg, images, fonts, json, txt, map,
  // wasm), and, by file identity (device and inode, read from the file as opened, never
  // through a link), it lives on `dir`'s device, has no other name (a hard link could name any
  // file, the database included) and is none of `excluded` (the database and its journals).
  // Symbolic links are followed only when they resolve inside `dir`. Errors: `dir` is not a
  // readable directory, or it holds more than kMaxStaticFiles files or kMaxStaticBytes bytes
  // that would be served.
  static Result<StaticFiles> Load(const std::string& dir, const std::vector<std::string>& excluded);

  // The file for a request path ("/assets/app.js"; "/" and paths ending in "/" mean their
  // index.html), or null. The path is compared byte for byte with the listed names.
  const StaticFile* Find(std::string_view path) const;
  bool HasIndex() const { return Find("/") != nullptr; }
  size_t size() const { return files_.size(); }
  // Every listed URL path, sorted (for tests and the start-up line).
  std::vector<std::string> Paths() const;

 private:
  std::map<std::string, StaticFile, std::less<>> files_;
};

// The content type of a file name by its extension; "" when it is not one the UI serves.
std::string ContentTypeOf(std::string_view name);

}  // namespace savanna::server
