// Progress bars of the long commands: drawn on stderr only when it is a terminal (a
// pseudo-terminal here), never in captured output.
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <vector>

#include "cli/cli_test_util.h"

namespace savanna::testing {
namespace {

// Runs `savanna args...` with stdout and stderr on a new pseudo-terminal and returns what it
// wrote there (both streams, as a terminal shows them) and its exit status.
std::pair<std::string, int> SavannaOnATerminal(const std::vector<std::string>& args) {
  int master = -1;
  const pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
  if (pid < 0) ADD_FAILURE() << "forkpty failed";
  if (pid == 0) {
    std::vector<char*> argv{const_cast<char*>(SAVANNA_BINARY)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(SAVANNA_BINARY, argv.data());
    _exit(127);
  }
  std::string text;
  char buffer[4096];
  while (true) {
    const ssize_t n = read(master, buffer, sizeof buffer);
    if (n > 0) {
      text.append(buffer, size_t(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      break;  // EIO once the program has exited and the terminal closed
    }
  }
  close(master);
  int status = 0;
  waitpid(pid, &status, 0);
  return {text, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status)};
}

TEST(ProgressBars, BenchWithoutSpecsCountsTheConfigurationsOnATerminal) {
  const auto [text, status] = SavannaOnATerminal({"bench", "--seconds", "0.001"});
  ASSERT_EQ(status, 0) << text;
  EXPECT_NE(text.find("0/"), std::string::npos) << text;
  EXPECT_NE(text.find("configurations"), std::string::npos) << text;
  EXPECT_NE(text.find("100%"), std::string::npos) << text;
  // The bar's line is erased before each row, so rows start on a clean line.
  EXPECT_NE(text.find("\r\033[K"), std::string::npos) << text;
  EXPECT_NE(text.find("kariba("), std::string::npos) << text;
}

TEST(ProgressBars, NoBarWhenStderrIsNotATerminal) {
  const ProgramOutput r = Savanna({"bench", "--seconds", "0.001"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.err.find("configurations"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find('\033'), std::string::npos);
  EXPECT_NE(r.out.find("kariba("), std::string::npos);
}

TEST(ProgressBars, BenchOfNamedSpecsDrawsNoBar) {
  const auto [text, status] =
      SavannaOnATerminal({"bench", "kariba(players=2)", "--seconds", "0.001"});
  ASSERT_EQ(status, 0) << text;
  EXPECT_EQ(text.find("configurations"), std::string::npos) << text;
}

TEST(ProgressBars, SimDrawsItsBarOnATerminal) {
  const auto [text, status] =
      SavannaOnATerminal({"sim", "kariba(players=2)", "--agents", "random", "--games", "50"});
  ASSERT_EQ(status, 0) << text;
  EXPECT_NE(text.find("50/50 games"), std::string::npos) << text;
}

}  // namespace
}  // namespace savanna::testing
