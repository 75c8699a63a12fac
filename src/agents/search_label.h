// What a search says about a decision, as a learning target (docs/nets.md, "Python calls for
// training"): the root's visit counts over action ids and the root value, from any search agent
// that reports its estimates (ismcts, with or without a net; a level; flat_mc).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/state.h"

namespace savanna {

struct SearchLabel {
  // Per action id (the game's NumDistinctActions), the share of the root's visits; sums to 1.
  std::vector<float> policy;
  // The player's value at the root: the visit-weighted mean of the rewards the search backed up
  // (in [0, 1]), rescaled to [-1, 1] like the value head (2 r - 1).
  double value = 0;
  int64_t visits = 0;  // the root's visits (the iterations that reached it)
};

// Runs the agent `search` (its whole budget, even with one legal action) for `player`, who must be
// to act in `state`. Errors: a bad spec, an agent that does not search or that cannot play the
// game (a net that does not fit: the reason).
Result<SearchLabel> LabelBySearch(const State& state, Player player, std::string_view search,
                                  uint64_t seed);

}  // namespace savanna
