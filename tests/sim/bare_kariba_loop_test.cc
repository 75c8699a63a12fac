// The bare Kariba loop (bench/reference) is a fair speed reference only if it plays the same
// games as the public API under the same seeds: the same moves, actions and final scores.
#include "reference/bare_kariba_loop.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/action_list.h"
#include "core/rng.h"
#include "games/registry.h"

namespace savanna {
namespace {

// The API side, as `savanna bench` plays it (src/sim/benchmark.cc).
reference::BareLoopRun PlayThroughTheApi(const Game& game, int64_t games, uint64_t seed) {
  reference::BareLoopRun run;
  Rng choice(seed);
  ActionList legal;
  for (int64_t g = 0; g < games; ++g) {
    std::unique_ptr<State> state = game.NewInitialState(DeriveSeed(seed, uint64_t(g)));
    while (!state->IsTerminal()) {
      const Player player = state->PlayersToAct().First();
      state->LegalActions(player, legal);
      const Action action = legal[int(choice.Below(uint32_t(legal.Size())))];
      state->ApplyUnchecked(player, action);
      run.action_sum += uint64_t(action);
      ++run.moves;
    }
    run.score_sum += uint64_t(state->Scores()[0]);
  }
  run.games = games;
  return run;
}

TEST(BareKaribaLoop, PlaysTheSameGamesAsThePublicApi) {
  for (int players = 2; players <= 4; ++players) {
    SCOPED_TRACE(players);
    auto game = Games().Create("kariba(players=" + std::to_string(players) + ")");
    ASSERT_TRUE(game) << game.error().message;
    const auto api = PlayThroughTheApi(**game, 300, 11);
    const auto bare = reference::BareKaribaGames(players, 300, 11);
    EXPECT_GT(api.moves, 300 * 10);
    EXPECT_EQ(bare.moves, api.moves);
    EXPECT_EQ(bare.action_sum, api.action_sum);
    EXPECT_EQ(bare.score_sum, api.score_sum);
  }
}

TEST(BareKaribaLoop, ATimedRunPlaysWholeGamesAndCountsItsMoves) {
  const auto run = reference::BareKaribaPlayouts(2, 0.01, 3);
  EXPECT_GE(run.games, 1);
  EXPECT_GE(run.seconds, 0.01);
  const auto same = reference::BareKaribaGames(2, run.games, 3);
  EXPECT_EQ(run.moves, same.moves);
  EXPECT_GT(run.MovesPerSecond(), 0);
}

}  // namespace
}  // namespace savanna
