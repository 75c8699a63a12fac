// The test-only registry.
#include "testing/test_games.h"

#include "testing/sealed_bids.h"

namespace savanna::testing {

const GameRegistry& TestGames() {
  static const GameRegistry registry = [] {
    GameRegistry r;
    r.Add(SealedBidsEntry());
    return r;
  }();
  return registry;
}

}  // namespace savanna::testing
