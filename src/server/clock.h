// The server's two clocks: Unix seconds for what is stored (creation, last change, end of a
// game), and steady durations for timers and timeouts given in seconds.
#pragma once

#include <chrono>
#include <cstdint>

namespace savanna::server {

inline int64_t UnixNow() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

inline std::chrono::steady_clock::duration Seconds(double seconds) {
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(seconds));
}

}  // namespace savanna::server
