// The process's one local host over every registered game, behind the C API of c_api.h.
#include "local/c_api.h"

#include <string>

#include "games/registry.h"
#include "local/local_host.h"

namespace {

savanna::local::LocalHost& Host() {
  static savanna::local::LocalHost host(savanna::Games());
  return host;
}

// The last answer, kept until the next call (the caller copies it out first).
std::string& Answer() {
  static std::string answer;
  return answer;
}

}  // namespace

extern "C" {

const char* savanna_local_call(const char* request) {
  Answer() = Host().Call(request == nullptr ? std::string_view() : std::string_view(request));
  return Answer().c_str();
}

const char* savanna_local_think(int budget_ms) {
  Answer() = Host().Think(budget_ms);
  return Answer().c_str();
}
}
