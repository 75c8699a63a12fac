// Fuzz target: requests to the local host (src/local/local_host.h), the engine of the static
// site, as its worker would pass them from the page: one request per line (RPCs and socket
// messages; $T names a table made at the start, where socket 1 holds the person's seat and $K is
// its token). Every answer must be a JSON array of outputs that ends with the busy line, and no
// request may reach the exception boundary (an "internal" error) or crash, hang or leak. A short
// think after each request lets AI seats and hints run.
#include <string>

#include "core/json_io.h"
#include "fuzz/fuzz_common.h"
#include "games/registry.h"
#include "local/local_host.h"

using namespace savanna;

namespace {

Json Answer(local::LocalHost& host, const std::string& text, bool think) {
  const Json outputs = Json::parse(think ? host.Think(1) : host.Call(text), nullptr, false);
  fuzz::Require(outputs.is_array() && !outputs.empty(), "an answer is a non-empty array");
  fuzz::Require(outputs.back().value("to", "") == "busy", "the busy line comes last");
  for (const Json& o : outputs) {
    const Json error = o.value("error", Json());
    fuzz::Require(!error.is_object() || error.value("code", "") != "internal",
                  "no request throws: " + text);
    if (o.value("to", "") == "socket" && o.contains("data")) {
      const Json message = Json::parse(o["data"].get<std::string>(), nullptr, false);
      fuzz::Require(message.is_object() && message.contains("type"), "a message is typed");
      fuzz::Require(message.value("code", "") != "internal", "no message throws: " + text);
    }
  }
  return outputs;
}

void ReplaceAll(std::string& text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  local::LocalHostOptions options;
  options.random = [state = uint64_t(1)]() mutable {
    return state = state * 6364136223846793005u + 1442695040888963407u;
  };
  local::LocalHost host(Games(), options);
  const Json created = Answer(host,
                              Json{{"rpc", 1},
                                   {"call", "create"},
                                   {"game", "kariba(players=2)"},
                                   {"seats", {"human", "random"}},
                                   {"seed", "7"}}
                                  .dump(),
                              false);
  std::string table;
  for (const Json& o : created)
    if (o.value("to", "") == "rpc") table = o["ok"]["id"];
  Answer(host, R"({"socket":1,"open":true})", false);
  const Json joined = Answer(
      host, Json{{"socket", 1}, {"data", Json{{"type", "join"}, {"table", table}}.dump()}}.dump(),
      false);
  std::string token;
  for (const Json& o : joined)
    if (o.value("to", "") == "socket")
      if (const Json m = Json::parse(o["data"].get<std::string>()); m["type"] == "joined")
        token = m["token"];
  fuzz::Require(!table.empty() && !token.empty(), "the setup made a table and took its seat");

  const std::string input(reinterpret_cast<const char*>(data), size);
  size_t start = 0;
  for (int i = 0; i < 64 && start <= input.size(); ++i) {
    size_t end = input.find('\n', start);
    if (end == std::string::npos) end = input.size();
    std::string line = input.substr(start, end - start);
    start = end + 1;
    ReplaceAll(line, "$T", table);
    ReplaceAll(line, "$K", token);
    Answer(host, line, false);
    Answer(host, "", true);
  }
  return 0;
}
