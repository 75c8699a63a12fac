// MeasureGame: random playouts and the per-operation timings, all through the public State API
// and timed with std::chrono::steady_clock. Every measured call feeds a volatile sink so that
// the optimiser cannot drop the work.
#include "sim/benchmark.h"

#include <chrono>
#include <utility>

#include "agents/agent.h"
#include "core/check.h"
#include "core/rng.h"

namespace savanna {
namespace {

using Clock = std::chrono::steady_clock;

// Mid-game states per operation measurement: enough to vary the work, few enough for L1/L2.
constexpr int kSampleStates = 64;
// Calls between two clock readings: each state of the sample, this many times.
constexpr int kRoundsPerBatch = 16;
// Warm-up before each measurement: caches, branch predictors, the allocator.
constexpr int kWarmUpRounds = 64;

volatile uint64_t g_sink = 0;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Calls f(j) for j in [0, kSampleStates) in rounds until `seconds` have passed; returns the
// mean nanoseconds per call.
template <class F>
double NanosecondsPerCall(double seconds, F&& f) {
  for (int round = 0; round < kWarmUpRounds; ++round)
    for (int j = 0; j < kSampleStates; ++j) f(j);
  int64_t calls = 0;
  const Clock::time_point start = Clock::now();
  double elapsed = 0;
  do {
    for (int round = 0; round < kRoundsPerBatch; ++round)
      for (int j = 0; j < kSampleStates; ++j) f(j);
    calls += int64_t(kRoundsPerBatch) * kSampleStates;
    elapsed = SecondsSince(start);
  } while (elapsed < seconds);
  return elapsed * 1e9 / double(calls);
}

// Step 1. Random playouts: whole games from fresh seeds until `seconds` have passed.
void MeasurePlayouts(const Game& game, double seconds, uint64_t seed, BenchFigures& figures) {
  Rng rng(seed);
  ActionList legal;
  uint64_t sink = 0;
  int64_t moves = 0, games = 0;
  std::unique_ptr<State> state = game.NewInitialState(DeriveSeed(seed, 0));
  const Clock::time_point start = Clock::now();
  double elapsed = 0;
  while (true) {
    while (!state->IsTerminal()) {
      const Player player = state->PlayersToAct().First();
      state->LegalActions(player, legal);
      const Action action = legal[int(rng.Below(uint32_t(legal.Size())))];
      state->ApplyUnchecked(player, action);
      sink += uint64_t(action);
      ++moves;
    }
    ++games;
    elapsed = SecondsSince(start);
    if (elapsed >= seconds) break;
    // The only allocation of the measurement, once per game: a fresh state from a new seed.
    state = game.NewInitialState(DeriveSeed(seed, uint64_t(games)));
  }
  g_sink = g_sink + sink;
  figures.moves = moves;
  figures.seconds = elapsed;
  figures.moves_per_second = double(moves) / elapsed;
  figures.games_per_second = double(games) / elapsed;
}

}  // namespace

PlayoutRun PlayRandomGames(const Game& game, int64_t games, uint64_t seed) {
  PlayoutRun run;
  Rng rng(seed);
  ActionList legal;
  const Clock::time_point start = Clock::now();
  for (; run.games < games; ++run.games) {
    std::unique_ptr<State> state = game.NewInitialState(DeriveSeed(seed, uint64_t(run.games)));
    while (!state->IsTerminal()) {
      const Player player = state->PlayersToAct().First();
      state->LegalActions(player, legal);
      const Action action = legal[int(rng.Below(uint32_t(legal.Size())))];
      state->ApplyUnchecked(player, action);
      run.action_digest = FoldAction(run.action_digest, action);
      ++run.moves;
    }
    const PlayerValues scores = state->Scores();
    for (int p = 0; p < game.NumPlayers(); ++p) run.score_sum += (p + 1) * int64_t(scores[p]);
  }
  run.seconds = SecondsSince(start);
  return run;
}

std::vector<std::unique_ptr<State>> MidGameStates(const Game& game, int count, uint64_t seed) {
  std::vector<std::unique_ptr<State>> states;
  std::vector<std::pair<Player, Action>> moves;
  ActionList legal;
  for (int i = 0; i < count; ++i) {
    const uint64_t game_seed = DeriveSeed(seed, uint64_t(i));
    Rng rng(DeriveSeed(game_seed, 1));
    // Play the whole game once to learn its length, then replay it up to a random move.
    std::unique_ptr<State> state = game.NewInitialState(game_seed);
    std::unique_ptr<State> probe = state->Clone();
    moves.clear();
    while (!probe->IsTerminal()) {
      const Player player = probe->PlayersToAct().First();
      probe->LegalActions(player, legal);
      const Action action = legal[int(rng.Below(uint32_t(legal.Size())))];
      probe->ApplyUnchecked(player, action);
      moves.emplace_back(player, action);
    }
    SAVANNA_CHECK_MSG(!moves.empty(), game.Spec() + ": an initial state is terminal");
    const size_t stop = rng.Below(uint32_t(moves.size()));
    for (size_t k = 0; k < stop; ++k) state->ApplyUnchecked(moves[k].first, moves[k].second);
    states.push_back(std::move(state));
  }
  return states;
}

bool SearchReportsIterations(const Game& game, std::string_view search, uint64_t seed) {
  auto agent = MakeAgent(search, DeriveSeed(seed, 3));
  SAVANNA_CHECK_MSG(agent.has_value(), std::string(search) + ": not an agent spec");
  // A few states: a search may report nothing where only one action is legal.
  for (const auto& state : MidGameStates(game, 8, seed))
    for (const ActionEstimate& e : agent.value()->Analyze(*state, state->PlayersToAct().First()))
      if (e.visits > 0) return true;
  return false;
}

BenchFigures MeasureGame(const Game& game, double seconds, uint64_t seed, std::string_view search,
                         std::shared_ptr<const nn::Net> net) {
  BenchFigures figures;
  figures.spec = game.Spec();
  MeasurePlayouts(game, seconds, seed, figures);

  const std::vector<std::unique_ptr<State>> states =
      MidGameStates(game, kSampleStates, DeriveSeed(seed, ~uint64_t{0}));
  std::vector<Player> to_act;
  std::vector<std::unique_ptr<State>> scratch;
  for (const auto& state : states) {
    to_act.push_back(state->PlayersToAct().First());
    scratch.push_back(state->Clone());
  }
  uint64_t sink = 0;

  // Step 2. Clone: allocation, copy and destruction of a whole state.
  figures.clone_ns = NanosecondsPerCall(seconds, [&](int j) {
    const std::unique_ptr<State> copy = states[j]->Clone();
    sink += uint64_t(copy->MoveNumber());
  });

  // Step 3. CopyFrom into one existing state.
  State& target = *scratch[0];
  figures.copy_ns = NanosecondsPerCall(seconds, [&](int j) {
    target.CopyFrom(*states[j]);
    sink += uint64_t(target.MoveNumber());
  });
  for (int j = 0; j < kSampleStates; ++j) scratch[j]->CopyFrom(*states[j]);

  // Step 4. LegalActions of the player to act.
  ActionList legal;
  figures.legal_actions_ns = NanosecondsPerCall(seconds, [&](int j) {
    states[j]->LegalActions(to_act[j], legal);
    sink += uint64_t(legal.Size()) + uint64_t(legal[0]);
  });

  // Step 5. DeterminizeInPlace for the player to act. Each scratch state is determinized again
  // and again: a determinization of a determinization hides the same amount, so the work per
  // call stays that of a mid-game state.
  Rng rng(DeriveSeed(seed, 2));
  figures.determinize_ns = NanosecondsPerCall(seconds, [&](int j) {
    scratch[j]->DeterminizeInPlace(to_act[j], rng);
    sink += uint64_t(scratch[j]->MoveNumber());
  });

  // Step 6. Decisions of the search (by default ISMCTS of 1000 iterations), cycling through the
  // states.
  auto agent = MakeAgent(search, DeriveSeed(seed, 3));
  SAVANNA_CHECK(agent.has_value());
  int64_t iterations = 0;
  const Clock::time_point start = Clock::now();
  double elapsed = 0;
  for (int j = 0; elapsed < seconds || j == 0; j = (j + 1) % kSampleStates) {
    for (const ActionEstimate& e : (*agent)->Analyze(*states[j], to_act[j])) iterations += e.visits;
    elapsed = SecondsSince(start);
  }
  figures.ismcts_iterations_per_second = double(iterations) / elapsed;

  // Step 7. Net evaluations as a search makes them at a leaf: the input, the trunk and values,
  // and the policy over the legal actions.
  if (net != nullptr) {
    nn::NetEvaluator evaluator(std::move(net));
    std::vector<ActionList> legals(kSampleStates);
    for (int j = 0; j < kSampleStates; ++j) states[j]->LegalActions(to_act[j], legals[j]);
    std::vector<float> probs(ActionList::kCapacity);
    const double ns = NanosecondsPerCall(seconds, [&](int j) {
      evaluator.Evaluate(*states[j], to_act[j]);
      evaluator.Policy(legals[j], probs);
      sink += uint64_t(probs[0] > 0.5f) + uint64_t(evaluator.Value(0) > 0);
    });
    figures.net_evaluations_per_second = 1e9 / ns;
  }

  g_sink = g_sink + sink;
  return figures;
}

}  // namespace savanna
