// The bare loops of bench/reference are a fair speed limit only if they play the very games the
// public API plays under the same seeds: the same number of moves, the same action ids in the
// same order and the same final scores of every seat, at every player count.
#include "reference/bare_loop.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/registry.h"
#include "sim/benchmark.h"

namespace savanna {
namespace {

struct Config {
  std::string game;
  int players;
};

std::vector<Config> AllConfigs() {
  std::vector<Config> configs;
  for (const GameEntry& entry : Games().entries()) {
    const reference::BareLoopEntry bare = reference::FindBareLoop(entry.info.name);
    for (int n = bare.min_players; bare.loop && n <= bare.max_players; ++n)
      configs.push_back({entry.info.name, n});
  }
  return configs;
}

class BareLoop : public testing::TestWithParam<Config> {};

TEST_P(BareLoop, PlaysTheSameGamesAsThePublicApi) {
  const Config& c = GetParam();
  auto game = Games().Create(c.game + "(players=" + std::to_string(c.players) + ")");
  ASSERT_TRUE(game) << game.error().message;
  constexpr int64_t kGames = 200;
  for (const uint64_t seed : {uint64_t{11}, uint64_t{12345}}) {
    const PlayoutRun api = PlayRandomGames(**game, kGames, seed);
    const reference::BareLoopRun bare =
        reference::FindBareLoop(c.game).loop(c.players, kGames, seed);
    EXPECT_EQ(bare.games, kGames);
    EXPECT_GT(api.moves, kGames * 10);
    EXPECT_EQ(bare.moves, api.moves);
    EXPECT_EQ(bare.action_digest, api.action_digest);
    EXPECT_EQ(bare.score_sum, api.score_sum);
  }
}

INSTANTIATE_TEST_SUITE_P(EveryGame, BareLoop, testing::ValuesIn(AllConfigs()),
                         [](const testing::TestParamInfo<Config>& param) {
                           return param.param.game + "_players_" +
                                  std::to_string(param.param.players);
                         });

TEST(BareLoops, EveryRegisteredGameHasOne) {
  for (const GameEntry& entry : Games().entries()) {
    const reference::BareLoopEntry bare = reference::FindBareLoop(entry.info.name);
    ASSERT_NE(bare.loop, nullptr) << entry.info.name;
    EXPECT_EQ(bare.min_players, entry.info.min_players) << entry.info.name;
  }
  EXPECT_EQ(reference::FindBareLoop("nonesuch").loop, nullptr);
}

TEST(BareLoops, ATimedRunCountsItsGamesAndTime) {
  const auto run = reference::TimeBareLoop(reference::BareKaribaGames, 2, 50, 3);
  EXPECT_EQ(run.games, 50);
  EXPECT_GT(run.seconds, 0);
  EXPECT_GT(run.MovesPerSecond(), 0);
  EXPECT_EQ(run.moves, reference::BareKaribaGames(2, 50, 3).moves);
}

}  // namespace
}  // namespace savanna
