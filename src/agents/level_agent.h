// The strength ladder: `easy`, `medium`, `strong` and `expert`, named settings of the ISMCTS
// agent, each with its own thinking time per decision (the `time` parameter changes it:
// `strong(time=0.2)`). The settings are in docs/agents.md, the measured ratings in experiments/.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "core/params.h"

namespace savanna {

struct LevelInfo {
  const char* name;
  const char* description;
  double seconds;  // the default thinking time per decision
  bool policy;     // playouts by the game's rollout policy (else random)
  int cutoff;      // playout moves before the evaluation scores the playout (0: none)
};

// The levels, weakest first.
const std::vector<LevelInfo>& Levels();

class LevelAgent final : public Agent {
 public:
  // Declared parameters of every level: time (the level's default), clock, threads, tree_mb,
  // net (none until a level measures stronger with one), seed.
  static std::vector<ParamSpec> ParamSpecs(const LevelInfo& level);
  LevelAgent(const LevelInfo& level, const Params& params, uint64_t seed);

  Action Choose(const State& state, Player player) override {
    return search_->Choose(state, player);
  }
  std::unique_ptr<Decision> Begin(const State& state, Player player) override {
    return search_->Begin(state, player);
  }
  std::unique_ptr<Decision> BeginAnalysis(const State& state, Player player) override {
    return search_->BeginAnalysis(state, player);
  }
  Result<void> CanPlay(const Game& game) override { return search_->CanPlay(game); }
  // The level's own spec:
  // `strong(clock=wall,seed=3,threads=1,time=0.25,tree_mb=0)`.
  std::string Spec() const override;
  // The ISMCTS spec the level runs (for the record: `ismcts(cutoff=4,...)`).
  std::string SearchSpec() const { return search_->Spec(); }

 private:
  const LevelInfo& level_;
  Params params_;
  std::unique_ptr<Agent> search_;
};

}  // namespace savanna
