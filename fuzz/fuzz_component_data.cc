// Fuzz target: component data files (a user's `data=FILE` in place of data/<game>/*.json). The
// first byte picks the game, the rest is the file. Data that is accepted must give games that
// play: a new state is exercised and played a while.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/params.h"
#include "fuzz/fuzz_common.h"
#include "games/registry.h"

using namespace savanna;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const auto& entries = Games().entries();
  const GameEntry& entry = entries[data[0] % entries.size()];
  // In the temporary directory (TMPDIR), one file per fuzzing process.
  static const std::string path = (std::filesystem::temp_directory_path() /
                                   ("savanna_fuzz_data_" + std::to_string(getpid()) + ".json"))
                                      .string();
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data + 1), std::streamsize(size - 1));
  // Straight from the game's factory: the registry would hand back the game it cached for this
  // spec, built from an earlier input's file.
  auto spec = ParseSpec(entry.info.name + "(data=" + path + ")");
  auto params = ResolveParams(entry.info.params, *spec);
  if (!params) return 0;
  auto game = entry.create(*params);
  if (!game) return 0;
  auto state = (*game)->NewInitialState(size);
  fuzz::Exercise(*state, size, 60);
  return 0;
}
