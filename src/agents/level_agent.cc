// The ladder's levels: a table of settings and the agent that runs ISMCTS with them.
#include "agents/level_agent.h"

#include "agents/agent_net.h"
#include "agents/ismcts_agent.h"
#include "agents/search_common.h"
#include "core/check.h"

namespace savanna {

const std::vector<LevelInfo>& Levels() {
  static const std::vector<LevelInfo> levels = {
      {"easy",
       "ISMCTS with random playouts that chooses the hidden cards or bids others already "
       "submitted in a simultaneous step instead of drawing them, 0.002 s a decision",
       0.002, false, 0},
      {"medium",
       "as easy, with the game's heuristic playouts, cut off and evaluated where the game "
       "prefers, and the game's policy ordering the tree's expansions, 0.02 s a decision",
       0.02, true, -1},
      {"strong", "as medium, 0.2 s a decision", 0.2, true, -1},
      {"expert", "as medium, 1 s a decision", 1.0, true, -1},
  };
  return levels;
}

std::vector<ParamSpec> LevelAgent::ParamSpecs(const LevelInfo& level) {
  return {ParamSpec::Double("time", level.seconds, 0.0001, 3600, "seconds per decision"),
          SearchBudget::ClockParam(), ThreadsParam(),
          ParamSpec::Int("tree_mb", 0, 0, 1 << 20,
                         "megabytes a decision's search trees may take together (0: no limit)"),
          AgentNet::Param("none (no level uses a net until one measures stronger with it)")};
}

LevelAgent::LevelAgent(const LevelInfo& level, const Params& params, uint64_t seed)
    : level_(level), params_(params) {
  params_.Set("seed", int64_t(seed));
  auto search = ResolveParams(IsmctsParamSpecs(), savanna::Spec{"ismcts", {}});
  SAVANNA_CHECK(search.has_value());
  // The level's own parameters (time, clock, threads, tree_mb, net) pass through; the search
  // agent sets its seed itself.
  for (const auto& [name, value] : params.values()) search->Set(name, value);
  search->Set("playout", std::string(level.policy ? "policy" : "random"));
  search->Set("cutoff", int64_t(level.cutoff));
  search->Set("eps", level.policy ? -1.0 : 0.1);
  // The policy also orders the tree's expansions, and wide nodes widen progressively
  // (docs/agents.md, "Knowledge in the tree"; measured at equal time against the levels without).
  search->Set("expand", level.policy ? 1.0 : 0.0);
  search->Set("widen", level.policy ? 1.0 : 0.0);
  // Every level chooses the other players' hidden submissions of a simultaneous step in its
  // search instead of drawing them (docs/agents.md, "Reopened simultaneous steps").
  search->Set("reopen", true);
  search_ = MakeIsmctsAgent(*search, seed);
}

std::string LevelAgent::Spec() const { return FormatSpec(level_.name, params_); }

}  // namespace savanna
