// The built `savanna serve` as a child process (its path comes in as SAVANNA_BINARY), for tests
// that kill it, restart it or start it under a lowered file-descriptor limit; the port is read
// from its first line.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace savanna::testing {

class ServerProcess {
 public:
  // `savanna serve --port 0 --db DB` plus `extra` arguments; with `max_files` > 0 the child
  // runs with RLIMIT_NOFILE (soft and hard) lowered to it.
  explicit ServerProcess(const std::string& db, const std::vector<std::string>& extra = {},
                         int max_files = 0);
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  uint16_t port() const { return port_; }
  pid_t pid() const { return pid_; }
  const std::string& first_line() const { return first_line_; }
  // Sends `signal` and waits for the process; returns its wait status.
  int Kill(int signal);
  // CPU time (user and system) the process has used so far, in seconds.
  double CpuSeconds() const;

 private:
  pid_t pid_ = -1;
  FILE* out_ = nullptr;
  std::string first_line_;
  uint16_t port_ = 0;
};

}  // namespace savanna::testing
