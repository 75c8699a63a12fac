// RunSimulation: validation, the worker threads and the playing of one game. Every game's
// result depends only on the master seed and its index, so any thread count gives the same
// result.
#include "sim/simulation.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

#include "agents/agent.h"
#include "core/check.h"
#include "core/rng.h"
#include "sim/statistics.h"

namespace savanna {
namespace {

constexpr int kMaxThreads = 256;
// The progress callback is called at most about this many times (and always for the last game).
constexpr int64_t kProgressSteps = 1000;

struct Plan {
  std::shared_ptr<const Game> game;
  int players = 0;
  std::vector<AgentFactory> slots;  // one per agent slot (= per seat)
};

Result<Plan> MakePlan(const GameRegistry& registry, const SimConfig& config) {
  if (config.games < 1)
    return Fail(ErrorCode::kInvalidArgument,
                "games must be at least 1, got " + std::to_string(config.games));
  if (config.threads < 1 || config.threads > kMaxThreads)
    return Fail(ErrorCode::kInvalidArgument, "threads must be from 1 to " +
                                                 std::to_string(kMaxThreads) + ", got " +
                                                 std::to_string(config.threads));
  Plan plan;
  auto game = registry.Create(config.game_spec);
  if (!game) return tl::unexpected(game.error());
  plan.game = *game;
  plan.players = plan.game->NumPlayers();
  const int given = int(config.agents.size());
  if (given != 1 && given != plan.players)
    return Fail(ErrorCode::kInvalidArgument,
                std::to_string(given) + " agent specs for a game of " +
                    std::to_string(plan.players) +
                    " players: give one spec for every seat or one spec for all seats");
  for (const auto& spec : config.agents) {
    auto factory = WithContext(MakeAgentFactory(spec), "agent '" + spec + "': ");
    if (!factory) return tl::unexpected(factory.error());
    plan.slots.push_back(std::move(*factory));
  }
  while (int(plan.slots.size()) < plan.players) plan.slots.push_back(plan.slots.front());
  return plan;
}

// Plays game `index`: seat s holds agent slot (s + index) % players; the agent of slot k is
// seeded with DeriveSeed(game seed, k).
GameOutcome PlayGame(const Plan& plan, uint64_t master_seed, int64_t index) {
  const int n = plan.players;
  GameOutcome outcome;
  outcome.index = index;
  outcome.seed = DeriveSeed(master_seed, uint64_t(index));
  outcome.seat_agent.resize(n);
  std::vector<std::unique_ptr<Agent>> seat_agents(n);
  for (int seat = 0; seat < n; ++seat) {
    const int slot = int((seat + index) % n);
    outcome.seat_agent[seat] = slot;
    seat_agents[seat] = plan.slots[slot](DeriveSeed(outcome.seed, uint64_t(slot)));
  }
  auto state = plan.game->NewInitialState(outcome.seed);
  const int max_length = plan.game->MaxGameLength();
  while (!state->IsTerminal()) {
    SAVANNA_CHECK_MSG(outcome.length < max_length,
                      "game longer than MaxGameLength\n" + state->ToJson().dump());
    // With several players to act, they submit in seat order; the rules make the resolved
    // state independent of that order.
    const Player player = state->PlayersToAct().First();
    const Action action = seat_agents[player]->Choose(*state, player);
    // An illegal choice is a bug of the agent. (IsLegal rather than the checked Apply, which
    // also re-validates the player through a parameter lookup on every move.)
    SAVANNA_CHECK_MSG(state->IsLegal(player, action),
                      "agent " + seat_agents[player]->Spec() + " chose the illegal action " +
                          std::to_string(action) + " for player " + std::to_string(player) + "\n" +
                          state->ToJson().dump());
    state->ApplyUnchecked(player, action);
    ++outcome.length;
  }
  const PlayerValues scores = state->Scores();
  const PlayerValues returns = state->Returns();
  outcome.scores.assign(scores.begin(), scores.begin() + n);
  outcome.returns.assign(returns.begin(), returns.begin() + n);
  for (Player p : state->Winners()) outcome.winners.push_back(p);
  return outcome;
}

}  // namespace

Result<SimResult> RunSimulation(const GameRegistry& registry, const SimConfig& config,
                                const ProgressFn& progress) {
  auto plan = MakePlan(registry, config);
  if (!plan) return tl::unexpected(plan.error());

  SimResult result;
  result.game = plan->game->Spec();
  result.game_name = plan->game->name();
  result.params = plan->game->params().ToJson();
  result.games = config.games;
  result.seed = config.seed;
  result.agents = config.agents;
  while (int(result.agents.size()) < plan->players) result.agents.push_back(config.agents[0]);
  result.outcomes.resize(size_t(config.games));

  std::atomic<int64_t> next{0};
  int64_t done = 0;  // guarded by progress_mutex
  std::mutex progress_mutex;
  const int64_t progress_step = std::max<int64_t>(1, config.games / kProgressSteps);
  auto work = [&] {
    for (int64_t i = next.fetch_add(1); i < config.games; i = next.fetch_add(1)) {
      result.outcomes[size_t(i)] = PlayGame(*plan, config.seed, i);
      if (!progress) continue;
      std::lock_guard<std::mutex> lock(progress_mutex);
      ++done;
      if (done % progress_step == 0 || done == config.games) progress(done, config.games);
    }
  };
  const int threads = int(std::min<int64_t>(config.threads, config.games));
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (auto& worker : workers) worker.join();

  Summarize(result);
  return result;
}

}  // namespace savanna
