// The honest baseline, pinned: today's agents (`ismcts`, `flat_mc`, `random` under their default
// parameters) play a few short self-play games, and the digest of every action sequence is
// fixed here. New search features come as new parameters (whose defaults keep these digests) or
// new agents; a change that moves a digest changes the baseline every strength figure in
// docs/agents.md is measured against, and must not pass unnoticed.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "core/hash.h"
#include "games/registry.h"

namespace savanna {
namespace {

// The digest of the (player, action) sequence of one game of `game_spec` from `game_seed` in
// which the agent of `agent_spec` (seeded 1) plays every seat.
uint64_t BaselineGameDigest(const std::string& game_spec, const std::string& agent_spec,
                            uint64_t game_seed) {
  auto game = Games().Create(game_spec);
  EXPECT_TRUE(game.has_value()) << game_spec;
  auto agent = MakeAgent(agent_spec, 1);
  EXPECT_TRUE(agent.has_value()) << agent_spec;
  auto state = (*game)->NewInitialState(game_seed);
  Hasher digest;
  while (!state->IsTerminal()) {
    // Simultaneous submissions go one at a time: the lowest seat still to act first.
    const Player player = state->PlayersToAct().First();
    const Action action = (*agent)->Choose(*state, player);
    digest.Add(uint64_t(uint32_t(player)) << 32 | uint32_t(action));
    state->ApplyUnchecked(player, action);
  }
  return digest.Finish();
}

struct PinnedGame {
  const char* game;
  const char* agent;
  uint64_t digest;
};

TEST(BaselinePin, TodaysAgentsPlayExactlyAsPinned) {
  const std::vector<PinnedGame> pinned = {
      {"kariba(players=2)", "ismcts(iters=200)", 0x42f098aa94758197ULL},
      {"kariba(players=3)", "ismcts(iters=200)", 0x6390201ae0fb325aULL},
      {"kilimanjaro(players=2)", "ismcts(iters=200)", 0x95ed753d9a4f2e50ULL},
      {"kap_kairo(players=2)", "ismcts(iters=200)", 0xb48cd915a4af7274ULL},
      {"kalimambo(players=3)", "ismcts(iters=200)", 0xe6fedf04c6822eb9ULL},
      {"kitara(players=2)", "ismcts(iters=100)", 0x7360105b9a2e79f2ULL},
      {"kariba(players=2)", "flat_mc(iters=200)", 0xedab3287abac1cf1ULL},
      {"kap_kairo(players=3)", "flat_mc(iters=100)", 0x90d0697a447df054ULL},
      {"kariba(players=4)", "random", 0xde9f59399e04eff0ULL},
      {"kitara(players=3)", "random", 0x48a93b8eb5cd4471ULL},
  };
  for (const PinnedGame& pin : pinned) {
    const uint64_t digest = BaselineGameDigest(pin.game, pin.agent, 11);
    EXPECT_EQ(digest, pin.digest) << pin.game << " " << pin.agent << ": digest 0x" << std::hex
                                  << digest;
  }
}

}  // namespace
}  // namespace savanna
