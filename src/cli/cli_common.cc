// Shared CLI helpers: error lines, reading state documents, JSON printing, seeds.
#include "cli/cli_common.h"

#include <fmt/core.h>
#include <unistd.h>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <limits>
#include <variant>

#include "core/json_io.h"

namespace savanna::cli {

int PrintError(std::string_view message, int exit_code) {
  std::string line(message);
  for (char& c : line)
    if (c == '\n' || c == '\r') c = ' ';
  while (!line.empty() && line.back() == ' ') line.pop_back();
  std::cout.flush();
  // One write for the whole line: under mpirun the launcher forwards each write of a rank as it
  // comes, and its own messages could otherwise land inside the line (seen between "savanna: "
  // and the message).
  const std::string whole = "savanna: " + line + "\n";
  std::cerr.write(whole.data(), std::streamsize(whole.size()));
  std::cerr.flush();
  return exit_code;
}

int PrintError(const Error& error, int exit_code) { return PrintError(error.message, exit_code); }

Result<std::string> ReadInput(const std::string& path) {
  if (path != "-") return ReadTextFile(path);
  return ReadStream(std::cin, "stdin");
}

Result<LoadedState> LoadStateFile(const GameRegistry& games, const std::string& path) {
  const std::string source = path == "-" ? "stdin" : path;
  auto text = ReadInput(path);
  if (!text) return tl::unexpected(text.error());
  auto json = ParseJson(*text, source);
  if (!json) return tl::unexpected(json.error());
  return WithContext(LoadStateDocument(games, *json), source + ": ");
}

void PrintJson(const Json& json) { std::cout << FormatJson(json); }

Result<uint64_t> ParseSeed(std::string_view text, std::string_view option) {
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    return Fail(ErrorCode::kInvalidArgument,
                fmt::format("{} must be an integer from 0 to {}, got '{}'", option,
                            std::numeric_limits<uint64_t>::max(), text));
  return value;
}

Result<int64_t> ParseInt(std::string_view text, std::string_view option, int64_t lo, int64_t hi) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < lo ||
      value > hi)
    return Fail(ErrorCode::kInvalidArgument,
                fmt::format("{} must be an integer from {} to {}, got '{}'", option, lo, hi, text));
  return value;
}

Result<double> ParseDouble(std::string_view text, std::string_view option, double lo, double hi) {
  const std::string copy(text);
  char* end = nullptr;
  const double value = std::strtod(copy.c_str(), &end);
  if (copy.empty() || end != copy.c_str() + copy.size() || !std::isfinite(value) || value < lo ||
      value > hi)
    return Fail(ErrorCode::kInvalidArgument,
                fmt::format("{} must be a number from {} to {}, got '{}'", option, lo, hi, text));
  return value;
}

bool StderrIsTerminal() { return isatty(STDERR_FILENO) != 0; }

void ProgressBar::operator()(int64_t done, int64_t total) {
  const int percent = int(done * 100 / std::max<int64_t>(total, 1));
  if (percent == last_percent_ && done != total) return;
  last_percent_ = percent;
  const int filled = percent * kWidth / 100;
  std::cerr << fmt::format("\r[{:<{}}] {:3}%  {}/{} {}", std::string(size_t(filled), '#'), kWidth,
                           percent, done, total, unit_)
            << (done == total ? "\n" : "") << std::flush;
}

void ProgressBar::Clear() {
  std::cerr << "\r\033[K" << std::flush;  // carriage return, then erase to the end of the line
  last_percent_ = -1;
}

std::string ParamValueText(const ParamValue& value) {
  if (auto* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  return std::visit([](const auto& v) { return fmt::format("{}", v); }, value);
}

void PrintParamTable(const std::string& title, const std::vector<ParamSpec>& params) {
  std::cout << title;
  size_t width = 0;
  for (const auto& p : params) width = std::max(width, p.name.size());
  for (const auto& p : params) {
    const std::string value = ParamValueText(p.default_value);
    const std::string shown = p.type == ParamType::kString && value.empty() ? "none" : value;
    std::cout << fmt::format("  {:<{}}  {} (default {}): {}\n", p.name, width, p.AllowedText(),
                             shown, p.description);
  }
}

}  // namespace savanna::cli
