// Random positions for the search tests.
#include "testing/random_position.h"

#include "core/action_list.h"
#include "core/rng.h"

namespace savanna::testing {

std::unique_ptr<State> RandomPosition(const Game& game, uint64_t seed, int moves) {
  auto state = game.NewInitialState(seed);
  Rng rng(seed);
  ActionList legal;
  for (int i = 0; i < moves && !state->IsTerminal(); ++i) {
    const Player p = state->PlayersToAct().First();
    state->LegalActions(p, legal);
    state->ApplyUnchecked(p, legal[int(rng.Below(uint32_t(legal.Size())))]);
  }
  return state;
}

}  // namespace savanna::testing
