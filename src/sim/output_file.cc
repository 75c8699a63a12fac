// The partial file, its truncation on resume and the final rename.
#include "sim/output_file.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace savanna {

OutputFile::~OutputFile() {
  if (file_ == nullptr || to_stdout_) return;
  std::fclose(file_);
  if (!keep_partial_) ::unlink(partial_.c_str());
}

Result<void> OutputFile::Open(const std::string& path, int64_t keep_bytes) {
  path_ = path;
  if (path == "-") {
    to_stdout_ = true;
    file_ = stdout;
    return {};
  }
  partial_ = path + ".partial";
  if (keep_bytes >= 0) {
    std::error_code error;
    const auto size = std::filesystem::file_size(partial_, error);
    if (error || int64_t(size) < keep_bytes)
      return Fail(ErrorCode::kIoError, partial_ + ": missing or shorter than the checkpoint (" +
                                           std::to_string(keep_bytes) + " bytes)");
    std::filesystem::resize_file(partial_, uintmax_t(keep_bytes), error);
    if (error) return Fail(ErrorCode::kIoError, partial_ + ": cannot truncate: " + error.message());
  }
  file_ = std::fopen(partial_.c_str(), keep_bytes >= 0 ? "ab" : "wb");
  if (file_ == nullptr)
    return Fail(ErrorCode::kIoError, partial_ + ": cannot write: " + std::strerror(errno));
  bytes_ = std::max<int64_t>(keep_bytes, 0);
  return {};
}

void OutputFile::Append(std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) failed_ = true;
  bytes_ += int64_t(text.size());
}

int64_t OutputFile::Flush() {
  if (std::fflush(file_) != 0) failed_ = true;
  return bytes_;
}

Result<void> OutputFile::Commit() {
  Flush();
  if (to_stdout_) {
    file_ = nullptr;
    if (failed_) return Fail(ErrorCode::kIoError, "stdout: write failed");
    return {};
  }
  const bool synced = !failed_ && ::fsync(fileno(file_)) == 0;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!synced || !closed || std::rename(partial_.c_str(), path_.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    ::unlink(partial_.c_str());
    return Fail(ErrorCode::kIoError, path_ + ": cannot write: " + reason);
  }
  return {};
}

}  // namespace savanna
