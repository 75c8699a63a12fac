// What the fuzz targets share: the game registry, and the exercise every state that passed
// validation goes through (views, legal actions, their strings, a document round trip, a few
// moves), with the invariants that must hold for any state a parser accepts. A broken invariant
// aborts, which libFuzzer reports as a crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/state.h"

namespace savanna::fuzz {

// Aborts with `what` when `ok` is false.
void Require(bool ok, const std::string& what);

// Views for every viewer, every legal action's strings parsed back, the state document round
// trip (same hash), then up to `moves` moves chosen from `seed`, re-checking as it goes.
void Exercise(State& state, uint64_t seed, int moves);

}  // namespace savanna::fuzz
