// RunProgram with posix_spawn: stdin, stdout and stderr go through temporary files, so large
// outputs cannot deadlock a pipe.
#include "cli/run_program.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

extern char** environ;

namespace savanna::testing {
namespace {

std::string TempFile(const std::string& content) {
  const char* dir = std::getenv("TMPDIR");
  std::string path = std::string(dir ? dir : "/tmp") + "/savanna_cli_XXXXXX";
  const int fd = mkstemp(path.data());
  if (fd < 0) std::abort();
  if (!content.empty() && write(fd, content.data(), content.size()) != ssize_t(content.size()))
    std::abort();
  close(fd);
  return path;
}

std::string ReadAndRemove(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  std::remove(path.c_str());
  return text.str();
}

}  // namespace

ProgramOutput RunProgram(const std::vector<std::string>& args, const std::string& stdin_text) {
  const std::string in_path = TempFile(stdin_text), out_path = TempFile(""),
                    err_path = TempFile("");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, in_path.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_TRUNC, 0);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_TRUNC, 0);
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) std::abort();
  int status = 0;
  struct rusage usage = {};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) continue;
  ProgramOutput output;
  output.max_rss_kb = usage.ru_maxrss;
  output.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  output.out = ReadAndRemove(out_path);
  output.err = ReadAndRemove(err_path);
  std::remove(in_path.c_str());
  return output;
}

}  // namespace savanna::testing
