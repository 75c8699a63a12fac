// A file written piece by piece as a long run goes (the per-game CSV): appended to
// `<path>.partial` beside the target and renamed over the target only when complete, so a
// reader never sees a half-written file under the final name. "-" writes to stdout instead.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "core/result.h"

namespace savanna {

class OutputFile {
 public:
  OutputFile() = default;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  // Removes an uncommitted partial file, unless KeepPartial was called.
  ~OutputFile();

  // Starts `path` afresh, or with `keep_bytes` >= 0 continues its partial file after its first
  // `keep_bytes` bytes (what a checkpoint recorded; the rest is dropped).
  Result<void> Open(const std::string& path, int64_t keep_bytes = -1);
  bool is_open() const { return file_ != nullptr; }
  // A checkpointed run keeps its partial file if it fails, for --resume.
  void KeepPartial() { keep_partial_ = true; }
  // Appends; a write error is kept and reported by Commit.
  void Append(std::string_view text);
  // Bytes written so far (for a checkpoint), after flushing them to the file.
  int64_t Flush();
  // Flushes, syncs and renames the partial file over the target.
  Result<void> Commit();

 private:
  std::string path_, partial_;
  std::FILE* file_ = nullptr;
  bool to_stdout_ = false;
  bool failed_ = false;
  bool keep_partial_ = false;
  int64_t bytes_ = 0;
};

}  // namespace savanna
