// The random playout through the public API, as a Google Benchmark function shared by the
// benchmark programs that report it (game_bench.cc, and vector_env_bench.cc as the same run's
// baseline): one move per iteration (LegalActions, a uniform pick, ApplyUnchecked); a finished
// game is replaced by a fresh one from the next seed (one allocation per game, as in
// MeasureGame). items/s = moves/s; "games/s" counts the games finished.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>

#include "core/action_list.h"
#include "core/rng.h"
#include "core/state.h"

namespace savanna::bench {

inline void BM_Playout(benchmark::State& bench, const Game* game) {
  constexpr uint64_t kSeed = 1;
  Rng rng(kSeed);
  ActionList legal;
  int64_t games = 0;
  std::unique_ptr<State> state = game->NewInitialState(DeriveSeed(kSeed, 0));
  for (auto _ : bench) {
    if (state->IsTerminal()) state = game->NewInitialState(DeriveSeed(kSeed, uint64_t(++games)));
    const Player player = state->PlayersToAct().First();
    state->LegalActions(player, legal);
    const Action action = legal[int(rng.Below(uint32_t(legal.Size())))];
    state->ApplyUnchecked(player, action);
    benchmark::DoNotOptimize(action);
  }
  bench.SetItemsProcessed(bench.iterations());
  bench.counters["games/s"] = benchmark::Counter(double(games), benchmark::Counter::kIsRate);
}

}  // namespace savanna::bench
