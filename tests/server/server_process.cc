// fork, setrlimit, exec; the first line of stdout names the port.
#include "server/server_process.h"

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace savanna::testing {

ServerProcess::ServerProcess(const std::string& db, const std::vector<std::string>& extra,
                             int max_files) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) std::abort();
  std::vector<std::string> args = {SAVANNA_BINARY, "serve", "--port", "0", "--db", db};
  args.insert(args.end(), extra.begin(), extra.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_ = fork();
  if (pid_ == 0) {
    dup2(pipe_fds[1], 1);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    if (max_files > 0) {
      const rlimit limit{rlim_t(max_files), rlim_t(max_files)};
      if (setrlimit(RLIMIT_NOFILE, &limit) != 0) _exit(98);
    }
    execv(argv[0], argv.data());
    _exit(99);
  }
  close(pipe_fds[1]);
  out_ = fdopen(pipe_fds[0], "r");
  char line[512] = {};
  if (fgets(line, sizeof line, out_) != nullptr) {
    first_line_ = line;
    const size_t colon = first_line_.find(':', first_line_.find("127.0.0.1"));
    if (colon != std::string::npos) port_ = uint16_t(std::stoi(first_line_.substr(colon + 1)));
  }
}

ServerProcess::~ServerProcess() { Kill(SIGKILL); }

int ServerProcess::Kill(int signal) {
  if (pid_ <= 0) return 0;
  kill(pid_, signal);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  if (out_) fclose(out_);
  out_ = nullptr;
  return status;
}

double ServerProcess::CpuSeconds() const {
  std::ifstream stat("/proc/" + std::to_string(pid_) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  // Fields after the command (in parentheses): state is field 3, utime 14 and stime 15.
  std::istringstream fields(text.substr(text.rfind(')') + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i)
    if (i == 14 || i == 15) ticks += std::stod(field);
  return ticks / double(sysconf(_SC_CLK_TCK));
}

}  // namespace savanna::testing
