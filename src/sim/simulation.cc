// RunSimulation: validation, the worker threads and the playing of one game. Every game's
// result depends only on the master seed and its index, and games are folded into the
// statistics in index order, so any thread count gives the same result to the bit.
#include "sim/simulation.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>

#include "agents/agent.h"
#include "core/check.h"
#include "core/rng.h"
#include "core/thread_pool.h"
#include "sim/accumulator.h"
#include "sim/balance.h"
#include "sim/checkpoint.h"
#include "sim/simulation_part.h"

namespace savanna {
namespace {

constexpr int kMaxThreads = 256;
constexpr int kMaxSlots = 16;
constexpr int kMaxBootstrap = 100000;
// The progress callback is called at most about this many times (and always for the last game).
constexpr int64_t kProgressSteps = 1000;
// Finished games waiting to be folded in index order, per thread, at most.
constexpr int64_t kWindowPerThread = 64;

struct Plan {
  std::shared_ptr<const Game> game;
  int players = 0;
  std::vector<AgentFactory> slots;  // one per agent slot
  std::vector<std::vector<int>> seatings;
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
  if (config.agents.empty())
    return Fail(ErrorCode::kInvalidArgument, "0 agent specs: give at least one");
  if (config.agents.size() > size_t(kMaxSlots))
    return Fail(ErrorCode::kInvalidArgument, std::to_string(config.agents.size()) +
                                                 " agent specs: at most " +
                                                 std::to_string(kMaxSlots));
  if (config.bootstrap < 0 || config.bootstrap > kMaxBootstrap)
    return Fail(ErrorCode::kInvalidArgument, "bootstrap must be from 0 to " +
                                                 std::to_string(kMaxBootstrap) + ", got " +
                                                 std::to_string(config.bootstrap));
  for (const auto& spec : config.agents) {
    auto factory = WithContext(MakeAgentFactory(spec), "agent '" + spec + "': ");
    if (!factory) return tl::unexpected(factory.error());
    // An agent that cannot play the game (a net it needs that the game does not ship, or that
    // does not fit) is refused before the first game, with the reason.
    if (auto plays = WithContext(CheckAgentPlays(*factory, *plan.game), "agent '" + spec + "': ");
        !plays)
      return tl::unexpected(plays.error());
    plan.slots.push_back(std::move(*factory));
  }
  // One spec plays every seat: a slot per seat.
  if (plan.slots.size() == 1)
    while (int(plan.slots.size()) < plan.players) plan.slots.push_back(plan.slots.front());
  plan.seatings = Seatings(int(config.agents.size()), plan.players);
  return plan;
}

// Plays game `index`: deal index / S in seating index % S (see GameOutcome). `leads`: the calling
// thread's tracker, reused from game to game (reserved for the longest game once).
GameOutcome PlayGame(const Plan& plan, uint64_t master_seed, int64_t index, LeadTracker& leads) {
  const int n = plan.players;
  const int64_t seatings = int64_t(plan.seatings.size());
  GameOutcome outcome;
  outcome.index = index;
  outcome.deal = index / seatings;
  outcome.seed = DeriveSeed(master_seed, uint64_t(outcome.deal));
  outcome.seat_agent = plan.seatings[size_t(index % seatings)];
  std::vector<std::unique_ptr<Agent>> seat_agents(n);
  for (int seat = 0; seat < n; ++seat) {
    const int slot = outcome.seat_agent[seat];
    seat_agents[seat] = plan.slots[slot](DeriveSeed(outcome.seed, uint64_t(slot)));
  }
  auto state = plan.game->NewInitialState(outcome.seed);
  const int max_length = plan.game->MaxGameLength();
  while (!state->IsTerminal()) {
    leads.Observe(state->Scores());
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
  const PlayerSet winners = state->Winners();
  for (Player p : winners) outcome.winners.push_back(p);
  outcome.drama = leads.Finish(winners);
  return outcome;
}

}  // namespace

std::vector<std::vector<int>> Seatings(int specs, int players) {
  std::vector<std::vector<int>> lineups;
  if (specs == 1) {
    std::vector<int> identity(size_t(players), 0);
    for (int s = 0; s < players; ++s) identity[size_t(s)] = s;
    return {identity};
  }
  if (specs >= players) {
    // Every n-subset of the slots in list order (a bit mask walk in increasing order).
    for (uint32_t mask = 0; mask < (1u << specs); ++mask) {
      if (std::popcount(mask) != players) continue;
      std::vector<int> lineup;
      for (int k = 0; k < specs; ++k)
        if (mask >> k & 1u) lineup.push_back(k);
      lineups.push_back(lineup);
    }
    std::sort(lineups.begin(), lineups.end());
  } else {
    for (int start = 0; start < specs; ++start) {
      std::vector<int> lineup;
      for (int s = 0; s < players; ++s) lineup.push_back((start + s) % specs);
      lineups.push_back(lineup);
    }
  }
  std::vector<std::vector<int>> seatings;
  for (const auto& lineup : lineups)
    for (int r = 0; r < players; ++r) {
      std::vector<int> seating;
      for (int s = 0; s < players; ++s) seating.push_back(lineup[size_t((s + r) % players)]);
      if (std::find(seatings.begin(), seatings.end(), seating) == seatings.end())
        seatings.push_back(seating);
    }
  return seatings;
}

Result<SimResult> RunSimulation(const GameRegistry& registry, const SimConfig& config,
                                const ProgressFn& progress, const OutcomeFn& on_game) {
  SimControl control;
  control.progress = progress;
  control.on_game = on_game;
  return RunSimulation(registry, config, control);
}

Result<SimResult> RunSimulation(const GameRegistry& registry, const SimConfig& config,
                                const SimControl& control) {
  auto part = RunSimulationPart(registry, config, control, SimShare{});
  if (!part) return tl::unexpected(part.error());
  part->stats.Finish(part->run, config.bootstrap);
  return std::move(part->run);
}

Result<SimPart> RunSimulationPart(const GameRegistry& registry, const SimConfig& config,
                                  const SimControl& control, SimShare share) {
  const ProgressFn& progress = control.progress;
  const OutcomeFn& on_game = control.on_game;
  auto plan = MakePlan(registry, config);
  if (!plan) return tl::unexpected(plan.error());

  SimResult result;
  result.game = plan->game->Spec();
  result.game_name = plan->game->name();
  result.params = plan->game->params().ToJson();
  result.players = plan->players;
  const int64_t seatings = int64_t(plan->seatings.size());
  result.deals = (config.games + seatings - 1) / seatings;
  result.games = result.deals * seatings;
  result.seed = config.seed;
  result.agents = config.agents;
  while (int(result.agents.size()) < int(plan->slots.size()))
    result.agents.push_back(config.agents[0]);
  result.seatings = plan->seatings;
  if (share.parts < 1 || share.index < 0 || share.index >= share.parts)
    return Fail(ErrorCode::kInvalidArgument, "share " + std::to_string(share.index) + " of " +
                                                 std::to_string(share.parts) + " parts");
  if (share.parts > 1 && (control.resume != nullptr || control.checkpoint))
    return Fail(ErrorCode::kInvalidArgument,
                "--checkpoint and --resume work with one process only, not with " +
                    std::to_string(share.parts) + " MPI ranks");
  // The share's games: [first, total).
  const int64_t first = result.deals * share.index / share.parts * seatings;
  const int64_t total = result.deals * (share.index + 1) / share.parts * seatings;

  const int slots = int(result.agents.size());
  SimAccumulator accumulator(slots, result.players, int(seatings), seatings > 1, first);
  if (control.resume != nullptr) {
    if (auto same = CheckSameRun(*control.resume, CheckpointRun(result, config)); !same)
      return tl::unexpected(same.error());
    const SimAccumulator& stats = *control.resume->stats;
    if (!stats.HasShape(slots, result.players, int(seatings), seatings > 1) || stats.first() != 0 ||
        stats.games() > total)
      return Fail(ErrorCode::kInvalidArgument,
                  "--resume: the checkpoint's statistics do not fit this run (" +
                      std::to_string(stats.games()) + " games of " + std::to_string(total) + ")");
    accumulator = stats;
  }
  std::optional<Error> stop_error;  // a failed checkpoint or agent: no game starts after it
  if (control.checkpoint)
    if (auto saved = control.checkpoint(result, accumulator); !saved)
      return tl::unexpected(saved.error());
  using Clock = std::chrono::steady_clock;
  const auto checkpoint_every = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(control.checkpoint_seconds));
  auto next_checkpoint = Clock::now() + checkpoint_every;
  const int64_t start = accumulator.games();
  const int threads = int(std::max<int64_t>(1, std::min<int64_t>(config.threads, total - start)));
  const int64_t progress_step = std::max<int64_t>(1, (total - first) / kProgressSteps);
  // Games finish out of order; they are folded in index order through a window of slots, and a
  // game is started only when its slot is free, so memory stays bounded by the window.
  const int64_t window = int64_t(threads) * kWindowPerThread;
  std::vector<std::optional<GameOutcome>> finished(static_cast<size_t>(window));
  std::mutex mutex;
  std::condition_variable slot_freed;
  int64_t next = start, folded = start;  // guarded by mutex
  auto fold_ready = [&] {                // with mutex held
    for (auto* slot = &finished[size_t(folded % window)]; slot->has_value();
         slot = &finished[size_t(folded % window)]) {
      accumulator.Add(**slot);
      if (on_game) on_game(result, **slot);
      if (config.keep_outcomes) result.outcomes.push_back(std::move(**slot));
      slot->reset();
      ++folded;
      if (progress && ((folded - first) % progress_step == 0 || folded == total))
        progress(folded - first, total - first);
      if (control.checkpoint && folded < total && Clock::now() >= next_checkpoint) {
        if (auto saved = control.checkpoint(result, accumulator); !saved) {
          stop_error = saved.error();
          return;
        }
        next_checkpoint = Clock::now() + checkpoint_every;
      }
      if (folded == total) break;
    }
  };
  auto work = [&] {
    LeadTracker leads(result.players);
    leads.Reserve(plan->game->MaxGameLength());
    std::unique_lock<std::mutex> lock(mutex);
    while (true) {
      slot_freed.wait(
          lock, [&] { return next >= total || next < folded + window || stop_error.has_value(); });
      if (next >= total || stop_error) return;
      const int64_t index = next++;
      lock.unlock();
      std::optional<GameOutcome> outcome;
      try {
        outcome = PlayGame(*plan, config.seed, index, leads);
      } catch (const AgentError& e) {
        // An agent that cannot choose stops the run: no later game starts, and the error,
        // not a short count, is the run's result.
        lock.lock();
        if (!stop_error)
          stop_error =
              Error{ErrorCode::kInvalidArgument, "game " + std::to_string(index) + ": " + e.what()};
        slot_freed.notify_all();
        return;
      }
      lock.lock();
      finished[size_t(index % window)] = std::move(*outcome);
      const int64_t before = folded;
      fold_ready();
      if (folded != before || stop_error) slot_freed.notify_all();
    }
  };
  if (start < total) ThreadPool::Shared().Run(threads, [&](int) { work(); });
  if (stop_error) return tl::unexpected(*stop_error);
  return SimPart{std::move(result), std::move(accumulator)};
}

}  // namespace savanna
