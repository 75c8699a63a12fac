// Reports a failed invariant and aborts.
#include "core/check.h"

#include <cstdio>
#include <cstdlib>

namespace savanna {

void CheckFailed(const char* file, int line, const char* condition, const std::string& context) {
  std::fprintf(stderr, "savanna: internal error at %s:%d: check failed: %s\n", file, line,
               condition);
  if (!context.empty()) std::fprintf(stderr, "context: %s\n", context.c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace savanna
