// Google Benchmark timings of every registered game through the public State API: random
// playouts (items/s = moves/s), Clone, CopyFrom, LegalActions, DeterminizeInPlace and
// NewInitialState, for each player count of the default variant plus the specs in kExtraSpecs.
// The same operations as MeasureGame (src/sim/benchmark.h), which `savanna bench` prints.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "core/action_list.h"
#include "core/rng.h"
#include "games/registry.h"
#include "playout_bench.h"
#include "sim/benchmark.h"

namespace savanna {
namespace {

// Configurations measured besides every player count of each game's default variant.
const char* const kExtraSpecs[] = {"kariba(players=4,variant=open)"};

constexpr int kSampleStates = 64;
constexpr uint64_t kSeed = 1;

void BM_NewInitialState(benchmark::State& bench, const Game* game) {
  uint64_t seed = kSeed;
  for (auto _ : bench) {
    std::unique_ptr<State> state = game->NewInitialState(seed++);
    benchmark::DoNotOptimize(state.get());
  }
}

void BM_Clone(benchmark::State& bench, const Game* game) {
  const auto states = MidGameStates(*game, kSampleStates, kSeed);
  int j = 0;
  for (auto _ : bench) {
    std::unique_ptr<State> copy = states[j]->Clone();
    benchmark::DoNotOptimize(copy.get());
    j = (j + 1) % kSampleStates;
  }
}

void BM_CopyFrom(benchmark::State& bench, const Game* game) {
  const auto states = MidGameStates(*game, kSampleStates, kSeed);
  std::unique_ptr<State> target = states[0]->Clone();
  int j = 0;
  for (auto _ : bench) {
    target->CopyFrom(*states[j]);
    benchmark::ClobberMemory();
    j = (j + 1) % kSampleStates;
  }
}

void BM_LegalActions(benchmark::State& bench, const Game* game) {
  const auto states = MidGameStates(*game, kSampleStates, kSeed);
  ActionList legal;
  int j = 0;
  for (auto _ : bench) {
    states[j]->LegalActions(states[j]->PlayersToAct().First(), legal);
    benchmark::DoNotOptimize(legal.Size());
    j = (j + 1) % kSampleStates;
  }
}

// Determinizes scratch copies again and again: the hidden part keeps its size, so every call
// does the work of a mid-game determinization.
void BM_Determinize(benchmark::State& bench, const Game* game) {
  const auto states = MidGameStates(*game, kSampleStates, kSeed);
  std::vector<Player> viewers;
  for (const auto& state : states) viewers.push_back(state->PlayersToAct().First());
  Rng rng(kSeed);
  int j = 0;
  for (auto _ : bench) {
    states[j]->DeterminizeInPlace(viewers[j], rng);
    benchmark::ClobberMemory();
    j = (j + 1) % kSampleStates;
  }
}

std::vector<std::string> BenchSpecs() {
  std::vector<std::string> specs;
  for (const GameEntry& entry : Games().entries())
    for (int n = entry.info.min_players; n <= entry.info.max_players; ++n) {
      const std::string spec = entry.info.name + "(players=" + std::to_string(n) + ")";
      if (Games().Create(spec)) specs.push_back(spec);  // e.g. kariba needs animals=9 beyond 4
    }
  for (const char* spec : kExtraSpecs) specs.emplace_back(spec);
  return specs;
}

void RegisterAll(std::vector<std::shared_ptr<const Game>>& games) {
  for (const std::string& spec : BenchSpecs()) {
    auto game = Games().Create(spec);
    if (!game) continue;
    games.push_back(*game);
    const Game* g = games.back().get();
    benchmark::RegisterBenchmark(("Playout/" + spec).c_str(), bench::BM_Playout, g);
    benchmark::RegisterBenchmark(("NewInitialState/" + spec).c_str(), BM_NewInitialState, g);
    benchmark::RegisterBenchmark(("Clone/" + spec).c_str(), BM_Clone, g);
    benchmark::RegisterBenchmark(("CopyFrom/" + spec).c_str(), BM_CopyFrom, g);
    benchmark::RegisterBenchmark(("LegalActions/" + spec).c_str(), BM_LegalActions, g);
    benchmark::RegisterBenchmark(("Determinize/" + spec).c_str(), BM_Determinize, g);
  }
}

}  // namespace
}  // namespace savanna

int main(int argc, char** argv) {
  std::vector<std::shared_ptr<const savanna::Game>> games;  // outlive the benchmarks
  savanna::RegisterAll(games);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
