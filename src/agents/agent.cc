// The table of agent kinds and spec parsing. Adding an agent: its files, one row in Kinds().
#include "agents/agent.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <mutex>

#include "agents/agent_net.h"
#include "agents/flat_mc_agent.h"
#include "agents/greedy_agent.h"
#include "agents/ismcts_agent.h"
#include "agents/level_agent.h"
#include "agents/policy_agent.h"
#include "agents/random_agent.h"

namespace savanna {
namespace {

// Seeds are parameters of type int (63 bits) so that Spec() always reads back; a seed given
// to MakeAgent is reduced to 63 bits the same way.
constexpr uint64_t kSeedMask = uint64_t(std::numeric_limits<int64_t>::max());

ParamSpec SeedParam() {
  return ParamSpec::Int("seed", 0, 0, std::numeric_limits<int64_t>::max(),
                        "seed of the agent's private random generator; when absent, the caller's "
                        "seed (a simulation derives one per game and seat)");
}

// Builds an agent from resolved parameters and the seed to use.
using AgentMaker = std::function<std::unique_ptr<Agent>(const Params& params, uint64_t seed)>;

// Checks resolved parameters beyond their declarations before any agent is made (a net file must
// read); null: nothing to check.
using AgentCheck = Result<void> (*)(const Params& params);

struct AgentKind {
  AgentInfo info;
  AgentMaker make;
  AgentCheck check = nullptr;
};

// The maker of an agent that takes no parameter but its seed.
template <class SeededAgent>
std::unique_ptr<Agent> MakeFromSeed(const Params&, uint64_t seed) {
  return std::make_unique<SeededAgent>(seed);
}

std::vector<ParamSpec> WithSeed(std::vector<ParamSpec> specs) {
  specs.push_back(SeedParam());
  return specs;
}

const std::vector<AgentKind>& Kinds() {
  static const std::vector<AgentKind> kinds = [] {
    std::vector<AgentKind> v = {
        {{"random", "picks uniformly among the legal actions", {SeedParam()}},
         MakeFromSeed<RandomAgent>},
        {{"flat_mc",
          "flat Monte Carlo: tries each legal action in turn on fresh determinizations with "
          "random playouts, plays the best mean",
          WithSeed(FlatMcParamSpecs())},
         MakeFlatMcAgent},
        {{"ismcts",
          "single-observer Information Set MCTS with decoupled UCT at simultaneous decisions",
          WithSeed(IsmctsParamSpecs())},
         MakeIsmctsAgent,
         AgentNet::Check},
        {{"greedy",
          "one ply with the game's knowledge: the game's one-ply decision (its rollout policy's "
          "choice, or a look one step ahead) on one determinization (random in a game without "
          "one)",
          {SeedParam()}},
         MakeFromSeed<GreedyAgent>},
        {{"policy",
          "the net's policy with no search: the most probable legal action by the net's policy "
          "(docs/nets.md), or one drawn from it with temp > 0",
          WithSeed(PolicyParamSpecs())},
         MakePolicyAgent,
         AgentNet::Check},
    };
    // The ladder's levels, weakest first.
    for (const LevelInfo& level : Levels())
      v.push_back({{level.name, std::string("ladder level: ") + level.description,
                    WithSeed(LevelAgent::ParamSpecs(level))},
                   [&level](const Params& p, uint64_t seed) -> std::unique_ptr<Agent> {
                     return std::make_unique<LevelAgent>(level, p, seed);
                   },
                   AgentNet::Check});
    return v;
  }();
  return kinds;
}

const AgentKind* FindKind(std::string_view name) {
  for (const auto& kind : Kinds())
    if (kind.info.name == name) return &kind;
  return nullptr;
}

// Agent::Begin for agents that decide at once: Choose in the first slice.
class ChooseAtOnce final : public Decision {
 public:
  ChooseAtOnce(Agent& agent, const State& state, Player player)
      : agent_(agent), state_(state.Clone()), player_(player) {}
  bool Think(std::chrono::nanoseconds) override {
    if (action_ == kInvalidAction) action_ = agent_.Choose(*state_, player_);
    return true;
  }
  Action Best() override {
    Think(std::chrono::nanoseconds(0));
    return action_;
  }

 private:
  Agent& agent_;
  std::unique_ptr<State> state_;
  Player player_;
  Action action_ = kInvalidAction;
};

}  // namespace

std::unique_ptr<Decision> Agent::Begin(const State& state, Player player) {
  return std::make_unique<ChooseAtOnce>(*this, state, player);
}

std::vector<ActionEstimate> Agent::Analyze(const State& state, Player player) {
  auto analysis = BeginAnalysis(state, player);
  if (!analysis) return {};
  analysis->Think(std::chrono::nanoseconds::max());
  return analysis->Estimates();
}

const std::vector<AgentInfo>& AgentInfos() {
  static const std::vector<AgentInfo> infos = [] {
    std::vector<AgentInfo> v;
    for (const auto& kind : Kinds()) {
      // Retired parameters are still resolved (kind.info), never listed.
      AgentInfo info = kind.info;
      std::erase_if(info.params, [](const ParamSpec& p) { return !p.Listed(); });
      v.push_back(std::move(info));
    }
    return v;
  }();
  return infos;
}

namespace {

struct ExternalAgents {
  std::mutex mutex;
  std::map<std::string, AgentFactory, std::less<>> factories;
};
ExternalAgents& External() {
  static ExternalAgents* agents = new ExternalAgents();  // never destroyed: used at exit
  return *agents;
}

}  // namespace

Result<void> RegisterExternalAgent(const std::string& name, AgentFactory factory) {
  if (FindKind(name) != nullptr)
    return Fail(ErrorCode::kInvalidArgument, "'" + name + "' is a built-in agent");
  if (name.empty() || !std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
      }))
    return Fail(ErrorCode::kInvalidArgument,
                "agent name '" + name + "' must be letters, digits and underscores");
  ExternalAgents& external = External();
  std::lock_guard lock(external.mutex);
  external.factories[name] = std::move(factory);
  return {};
}

Result<AgentFactory> MakeAgentFactory(std::string_view spec_text) {
  auto spec = ParseSpec(spec_text);
  if (!spec) return tl::unexpected(spec.error());
  {
    ExternalAgents& external = External();
    std::lock_guard lock(external.mutex);
    if (auto it = external.factories.find(spec->name); it != external.factories.end()) {
      if (!spec->args.empty())
        return Fail(ErrorCode::kInvalidArgument,
                    "agent '" + spec->name + "' (registered from outside) takes no parameters");
      return it->second;
    }
  }
  const AgentKind* kind = FindKind(spec->name);
  if (kind == nullptr) {
    std::string names;  // the built-in kinds, then the ones registered from outside
    for (const auto& k : Kinds()) names += (names.empty() ? "" : ", ") + k.info.name;
    ExternalAgents& external = External();
    std::lock_guard lock(external.mutex);
    for (const auto& entry : external.factories) names += ", " + entry.first;
    return Fail(ErrorCode::kNotFound, "unknown agent '" + spec->name + "' (agents: " + names + ")");
  }
  auto params = ResolveParams(kind->info.params, *spec);
  if (!params) return tl::unexpected(params.error());
  if (kind->check != nullptr)
    if (auto checked = kind->check(*params); !checked) return tl::unexpected(checked.error());
  const bool fixed_seed = std::any_of(spec->args.begin(), spec->args.end(),
                                      [](const auto& arg) { return arg.first == "seed"; });
  const uint64_t own_seed = fixed_seed ? uint64_t(params->Int("seed")) : 0;
  const AgentMaker make = kind->make;
  return AgentFactory([make, params = *params, fixed_seed, own_seed](uint64_t seed) {
    return make(params, fixed_seed ? own_seed : seed & kSeedMask);
  });
}

Result<void> CheckAgentPlays(const AgentFactory& factory, const Game& game) {
  return factory(1)->CanPlay(game);
}

Result<std::unique_ptr<Agent>> MakeAgent(std::string_view spec, uint64_t seed) {
  auto factory = MakeAgentFactory(spec);
  if (!factory) return tl::unexpected(factory.error());
  return (*factory)(seed);
}

}  // namespace savanna
