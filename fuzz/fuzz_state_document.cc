// Fuzz target: state documents (`savanna new` prints them; `legal`, `step` and `view` read them),
// every game's state JSON with its validation. A document that loads must be a state the rules
// can play from: views, legal actions, a round trip and a few moves are exercised.
#include <string>

#include "core/json_io.h"
#include "core/record.h"
#include "fuzz/fuzz_common.h"
#include "games/registry.h"

using namespace savanna;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto json = ParseJson(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
  if (!json) return 0;
  auto loaded = LoadStateDocument(Games(), *json);
  if (!loaded) return 0;
  fuzz::Exercise(*loaded->state, size, 30);
  return 0;
}
