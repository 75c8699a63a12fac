// Google Benchmark timings of net evaluation (docs/nets.md, "Evaluation") beside random playouts
// to the end of the same game: per game at 2 and 4 players, nets of random weights with trunks
// 64x64, 128x128 and 256x256, each with the CPU's kernels (AVX2 where the CPU has it) and the
// portable ones (Eigen). One evaluation is what a search pays at a leaf: the input written from a
// mid-game state for the player to act, the trunk and values, the policy over the legal actions.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "core/action_list.h"
#include "core/rng.h"
#include "games/registry.h"
#include "nn/net.h"
#include "nn/net_input.h"
#include "sim/benchmark.h"

namespace savanna {
namespace {

constexpr int kStates = 64;
constexpr uint64_t kSeed = 1;

void BM_NetEvaluate(benchmark::State& bench, const Game* game, std::vector<int> trunk,
                    const nn::NetKernels* kernels) {
  auto shape = nn::NetShapeOf(*game, {});
  if (!shape) {
    bench.SkipWithError(shape.error().message.c_str());
    return;
  }
  const auto net = nn::RandomNet(shape->Header(std::move(trunk)), kSeed);
  const auto states = MidGameStates(*game, kStates, kSeed);
  std::vector<ActionList> legal(kStates);
  std::vector<Player> to_act;
  for (int j = 0; j < kStates; ++j) {
    to_act.push_back(states[size_t(j)]->PlayersToAct().First());
    states[size_t(j)]->LegalActions(to_act.back(), legal[size_t(j)]);
  }
  nn::NetWorkspace ws(*net);
  std::vector<float> logits(ActionList::kCapacity);
  int j = 0;
  for (auto _ : bench) {
    nn::WriteNetInput(*states[size_t(j)], to_act[size_t(j)], net->observation_width(),
                      net->header().players, ws.input());
    net->ForwardTrunk(ws, *kernels);
    const ActionList& l = legal[size_t(j)];
    net->Logits(ws, std::span<const Action>(l.begin(), size_t(l.Size())), logits, *kernels);
    benchmark::DoNotOptimize(logits.data());
    benchmark::DoNotOptimize(ws.values().data());
    j = (j + 1) % kStates;
  }
  bench.SetItemsProcessed(bench.iterations());
}

// Whole random games from fresh seeds: items/s = playouts to the end per second.
void BM_RandomPlayout(benchmark::State& bench, const Game* game) {
  Rng rng(kSeed);
  ActionList legal;
  uint64_t games = 0;
  auto start = game->NewInitialState(kSeed);
  auto state = start->Clone();
  for (auto _ : bench) {
    state->CopyFrom(*start);
    while (!state->IsTerminal()) {
      const Player player = state->PlayersToAct().First();
      state->LegalActions(player, legal);
      state->ApplyUnchecked(player, legal[int(rng.Below(uint32_t(legal.Size())))]);
    }
    benchmark::DoNotOptimize(state->MoveNumber());
    ++games;
  }
  bench.SetItemsProcessed(int64_t(games));
}

void RegisterAll() {
  for (const auto& entry : Games().entries())
    for (int players : {2, 4}) {
      auto created = Games().Create(entry.info.name + "(players=" + std::to_string(players) + ")");
      if (!created) continue;
      const Game* game = created->get();
      const std::string spec = entry.info.name + "/" + std::to_string(players);
      benchmark::RegisterBenchmark(("RandomPlayout/" + spec).c_str(), BM_RandomPlayout, game);
      for (int width : {64, 128, 256})
        for (const nn::NetKernels* kernels : {&nn::Kernels(), &nn::PortableKernels()}) {
          const std::string name = "NetEvaluate/" + spec + "/" + std::to_string(width) + "x" +
                                   std::to_string(width) + "/" + kernels->name;
          benchmark::RegisterBenchmark(name.c_str(), BM_NetEvaluate, game,
                                       std::vector<int>{width, width}, kernels);
        }
    }
}

}  // namespace
}  // namespace savanna

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  savanna::RegisterAll();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
