// The table of bare loops and their timing (bare_loop.h).
#include "reference/bare_loop.h"

#include <chrono>

namespace savanna::reference {

BareLoopEntry FindBareLoop(std::string_view game) {
  static constexpr BareLoopEntry kLoops[] = {
      {"kariba", BareKaribaGames, 2, 4},      {"kilimanjaro", BareKilimanjaroGames, 2, 4},
      {"kap_kairo", BareKapKairoGames, 2, 4}, {"kalimambo", BareKalimamboGames, 2, 7},
      {"kitara", BareKitaraGames, 2, 4},
  };
  for (const BareLoopEntry& entry : kLoops)
    if (entry.game == game) return entry;
  return {game, nullptr, 0, 0};
}

BareLoopRun TimeBareLoop(BareLoop loop, int players, int64_t games, uint64_t seed) {
  const auto start = std::chrono::steady_clock::now();
  BareLoopRun run = loop(players, games, seed);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

}  // namespace savanna::reference
