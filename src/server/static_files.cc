// Building the allow-list: walk the web folder once, keep what may be served, read it into
// memory. Everything is decided here, at start; serving is a map lookup.
#include "server/static_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <set>
#include <utility>

namespace savanna::server {
namespace fs = std::filesystem;
namespace {

// True when `path` is `root` itself or lies below it (both canonical).
bool Inside(const fs::path& path, const fs::path& root) {
  auto p = path.begin();
  for (auto r = root.begin(); r != root.end(); ++r, ++p)
    if (p == path.end() || *p != *r) return false;
  return true;
}

using FileId = std::pair<dev_t, ino_t>;

// The file at `path` (a canonical path, so no link is left in it) if it may be served: opened
// without following a link, then judged by what was opened, so nothing can be swapped in between
// the check and the read. Null when it may not: not a regular file, on another device than the
// web folder, with another name somewhere (a hard link), one of `excluded`, or unreadable.
std::optional<std::string> ReadServable(const fs::path& path, dev_t device,
                                        const std::set<FileId>& excluded) {
  const int fd = open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  std::optional<std::string> content;
  struct stat st {};
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_dev == device && st.st_nlink == 1 &&
      !excluded.contains({st.st_dev, st.st_ino}) && size_t(st.st_size) <= kMaxStaticBytes) {
    content.emplace();
    char buffer[1 << 16];
    ssize_t n = 0;
    while ((n = read(fd, buffer, sizeof buffer)) > 0 && content->size() <= kMaxStaticBytes)
      content->append(buffer, size_t(n));
    if (n < 0) content.reset();
  }
  close(fd);
  return content;
}

bool HasHiddenPart(const fs::path& relative) {
  for (const auto& part : relative)
    if (part.string().empty() || part.string()[0] == '.') return true;
  return false;
}

}  // namespace

std::string ContentTypeOf(std::string_view name) {
  static const std::pair<std::string_view, const char*> kTypes[] = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".webmanifest", "application/manifest+json"},
      {".map", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".webp", "image/webp"},
      {".ico", "image/x-icon"},
      {".wasm", "application/wasm"},
      {".woff2", "font/woff2"},
      {".txt", "text/plain; charset=utf-8"}};
  const size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return "";
  const std::string_view extension = name.substr(dot);
  for (const auto& [ext, type] : kTypes)
    if (extension == ext) return type;
  return "";
}

Result<StaticFiles> StaticFiles::Load(const std::string& dir,
                                      const std::vector<std::string>& excluded) {
  StaticFiles list;
  if (dir.empty()) return list;
  std::error_code ec;
  const fs::path root = fs::canonical(dir, ec);
  if (ec || !fs::is_directory(root, ec))
    return Fail(ErrorCode::kIoError, "--web " + dir + ": not a readable directory");
  struct stat root_stat {};
  if (stat(root.c_str(), &root_stat) != 0)
    return Fail(ErrorCode::kIoError, "--web " + dir + ": not a readable directory");
  std::set<FileId> skip;
  for (const std::string& e : excluded)
    if (struct stat st{}; stat(e.c_str(), &st) == 0) skip.insert({st.st_dev, st.st_ino});

  size_t total = 0;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
  if (ec) return Fail(ErrorCode::kIoError, "--web " + dir + ": " + ec.message());
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) return Fail(ErrorCode::kIoError, "--web " + dir + ": " + ec.message());
    const fs::path relative = it->path().lexically_relative(root);
    if (HasHiddenPart(relative)) {
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    // Where the entry really is: a link counts only if it resolves inside the folder.
    const fs::path real = fs::canonical(it->path(), ec);
    if (ec || !Inside(real, root) || !fs::is_regular_file(real, ec)) continue;
    const std::string type = ContentTypeOf(relative.filename().string());
    if (type.empty()) continue;
    std::optional<std::string> content = ReadServable(real, root_stat.st_dev, skip);
    if (!content) continue;
    total += content->size();
    if (list.files_.size() >= kMaxStaticFiles || total > kMaxStaticBytes)
      return Fail(ErrorCode::kIoError, "--web " + dir + ": more than " +
                                           std::to_string(kMaxStaticFiles) + " files or " +
                                           std::to_string(kMaxStaticBytes >> 20) +
                                           " MiB to serve; is it the built web UI?");
    list.files_["/" + relative.generic_string()] =
        StaticFile{type, std::make_shared<const std::string>(std::move(*content))};
  }
  return list;
}

const StaticFile* StaticFiles::Find(std::string_view path) const {
  auto it = files_.end();
  if (!path.empty() && path.back() == '/')
    it = files_.find(std::string(path) + "index.html");
  else
    it = files_.find(path);
  return it == files_.end() ? nullptr : &it->second;
}

std::vector<std::string> StaticFiles::Paths() const {
  std::vector<std::string> paths;
  for (const auto& [path, file] : files_) paths.push_back(path);
  return paths;
}

}  // namespace savanna::server
