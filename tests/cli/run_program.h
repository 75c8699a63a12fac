// Runs a program with arguments and stdin text and captures stdout, stderr and exit status,
// for the end-to-end tests of the `savanna` binary.
#pragma once

#include <string>
#include <vector>

namespace savanna::testing {

struct ProgramOutput {
  int exit_status = -1;  // the exit code, or 128 + the signal that ended the program
  std::string out;
  std::string err;
  long max_rss_kb = 0;  // the program's peak resident memory (getrusage's ru_maxrss)
};

// Runs `args[0]` (a path) with `args` as its argument vector, no shell involved. `stdin_text`
// is its whole stdin. Aborts the test program if the program cannot be started.
ProgramOutput RunProgram(const std::vector<std::string>& args, const std::string& stdin_text = "");

}  // namespace savanna::testing
