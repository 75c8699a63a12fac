// Fuzz target: game records (`play --record`, `replay`, the server's /record), read and replayed
// through the session layer; a record that replays gives a state that is exercised.
#include <string>

#include "core/json_io.h"
#include "core/record.h"
#include "fuzz/fuzz_common.h"
#include "games/registry.h"
#include "session/session.h"

using namespace savanna;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto json = ParseJson(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
  if (!json) return 0;
  auto record = GameRecord::FromJson(*json);
  if (!record) return 0;
  fuzz::Require(GameRecord::FromJson(record->ToJson()).has_value(), "a record's JSON reads back");
  auto session = Session::FromRecord(Games(), *record);
  if (!session) return 0;
  auto state = session->state().Clone();
  fuzz::Exercise(*state, size, 10);
  return 0;
}
