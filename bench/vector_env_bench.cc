// The batched environment's step (src/rl/vector_env.h) against random playouts of the same games,
// in the same run: issue 30's target is 5 M environment steps a second on one thread, with the
// observation and the legal-action mask of every game written at every step. Never run by the
// tests (docs/python.md, "Speed").
//
//   build/release/bench/savanna_bench_vector_env --benchmark_min_time=1
//
// BM_Step: items/s = environment steps per CPU second of the stepping thread (one item per game
// per call; 256 games a call, actions drawn uniformly from the masks the previous call wrote,
// outside the timed region).
// BM_Playout: items/s = moves/s of a random playout through the public API (LegalActions, a
// uniform pick, ApplyUnchecked): the step's limit, since a step makes a move and more. Read its
// CPU column (ns per move) on a shared machine.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "core/action_list.h"
#include "core/rng.h"
#include "games/registry.h"
#include "playout_bench.h"
#include "rl/vector_env.h"

namespace savanna {
namespace {

constexpr int kEnvs = 256;
constexpr uint64_t kSeed = 1;

const char* const kSpecs[] = {"kariba(players=2)",      "kariba(players=4)",
                              "kilimanjaro(players=2)", "kap_kairo(players=2)",
                              "kalimambo(players=2)",   "kitara(players=2)"};

// This thread's CPU time: the machine is shared, and a step's wall time counts the others' work.
double ThreadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

struct Buffers {
  std::vector<float> observations, rewards;
  std::vector<uint8_t> masks, dones;
  std::vector<int32_t> to_play;
  rl::VectorOutputs Outputs() { return {observations, masks, to_play, rewards, dones}; }
};

void BM_Step(benchmark::State& bench, std::shared_ptr<const Game> game) {
  rl::VectorEnv env(game, kEnvs, kSeed);
  Buffers b;
  b.observations.resize(size_t(kEnvs) * env.observation_size());
  b.masks.resize(size_t(kEnvs) * env.num_actions());
  b.to_play.resize(kEnvs);
  b.rewards.resize(size_t(kEnvs) * env.num_players());
  b.dones.resize(kEnvs);
  const rl::VectorOutputs out = b.Outputs();
  env.Reset(out);
  std::vector<int32_t> actions(kEnvs);
  std::vector<int32_t> legal;
  legal.reserve(size_t(env.num_actions()));
  Rng rng(kSeed);
  for (auto _ : bench) {
    for (int i = 0; i < kEnvs; ++i) {
      legal.clear();
      const uint8_t* mask = b.masks.data() + size_t(i) * env.num_actions();
      for (int a = 0; a < env.num_actions(); ++a) {
        if (mask[a]) legal.push_back(a);
      }
      actions[size_t(i)] = legal[rng.Below(uint32_t(legal.size()))];
    }
    const double start = ThreadCpuSeconds();
    int bad = -1;
    const bool ok = env.Step(actions, out, &bad);
    const double end = ThreadCpuSeconds();
    if (!ok) {
      bench.SkipWithError("an action drawn from the mask was refused");
      break;
    }
    bench.SetIterationTime(end - start);
  }
  bench.SetItemsProcessed(bench.iterations() * kEnvs);
}

void RegisterAll() {
  for (const char* spec : kSpecs) {
    auto game = Games().Create(spec);
    if (!game) continue;
    const std::shared_ptr<const Game> shared = *game;
    benchmark::RegisterBenchmark((std::string("Step/") + spec).c_str(), BM_Step, shared)
        ->UseManualTime();
    benchmark::RegisterBenchmark(
        (std::string("Playout/") + spec).c_str(),
        [shared](benchmark::State& state) { bench::BM_Playout(state, shared.get()); });
  }
}

}  // namespace
}  // namespace savanna

int main(int argc, char** argv) {
  savanna::RegisterAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
