// Helpers shared by the `savanna` subcommands: exit statuses, one-line errors on stderr, state
// files (or stdin), JSON output and default seeds.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_io.h"
#include "core/params.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/result.h"

namespace savanna::cli {

// Exit statuses: 0 success, 1 any bad input (argument, spec, file, agent), 2 an illegal or
// malformed action given to `step`.
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 1;
inline constexpr int kExitIllegalAction = 2;

// What every subcommand gets: the games, and where it leaves its exit status.
struct Context {
  const GameRegistry& games;
  int exit_code = kExitOk;
};

// Prints "savanna: <message>" as one line on stderr (line breaks become spaces) and returns
// `exit_code`, so that a command can `return PrintError(...)`.
int PrintError(std::string_view message, int exit_code = kExitBadInput);
int PrintError(const Error& error, int exit_code = kExitBadInput);

// The whole of a file, or of stdin when `path` is "-".
Result<std::string> ReadInput(const std::string& path);
// A state document from a file or stdin; errors name the file.
Result<LoadedState> LoadStateFile(const GameRegistry& games, const std::string& path);

// Writes FormatJson(json) (core/json_io.h) to stdout.
void PrintJson(const Json& json);

// Option values, parsed strictly (decimal digits only: no sign, hex or octal for seeds and
// counts); errors name the option and the allowed values.
Result<uint64_t> ParseSeed(std::string_view text, std::string_view option);
Result<int64_t> ParseInt(std::string_view text, std::string_view option, int64_t lo, int64_t hi);
Result<double> ParseDouble(std::string_view text, std::string_view option, double lo, double hi);

bool StderrIsTerminal();

// A progress bar redrawn in place on stderr, at most once per percent; a ProgressFn
// (sim/simulation.h) by its call operator. `unit` names what is counted ("games").
class ProgressBar {
 public:
  explicit ProgressBar(std::string unit = "games") : unit_(std::move(unit)) {}
  void operator()(int64_t done, int64_t total);
  // Erases the bar's line, so that other output can take it; the next call redraws the bar.
  void Clear();

 private:
  static constexpr int kWidth = 40;
  std::string unit_;
  int last_percent_ = -1;
};

// A parameter value as a spec writes it (true, 3, closest).
std::string ParamValueText(const ParamValue& value);
// `title`, then one line per parameter: name, allowed values, default ("none" for an empty
// string) and description (`games` and `agents`).
void PrintParamTable(const std::string& title, const std::vector<ParamSpec>& params);

}  // namespace savanna::cli
