// The registry of games that exist only for tests (sealed_bids), run by the conformance suite
// beside the real games.
#pragma once

#include "core/registry.h"

namespace savanna::testing {

// Built once, on first use.
const GameRegistry& TestGames();

}  // namespace savanna::testing
