// A position some way into a game, reached by uniformly random moves: what the search tests
// search from.
#pragma once

#include <cstdint>
#include <memory>

#include "core/game.h"
#include "core/state.h"

namespace savanna::testing {

// A state `moves` uniformly random moves into a game of `game` dealt from `seed` (fewer if it
// ends first), the moves drawn from a generator seeded with `seed`.
std::unique_ptr<State> RandomPosition(const Game& game, uint64_t seed, int moves);

}  // namespace savanna::testing
