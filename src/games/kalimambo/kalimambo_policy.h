// Kalimambo's game knowledge for search (docs/rules/kalimambo.md, "Heuristics"): a card drawn at
// random with weights by its place in the hand and the explorer's place in the group, and an
// evaluation of minus points, the cards still in hand and the place, against the luck to come;
// both fitted to ISMCTS self-play.
#pragma once

#include "core/rollout_policy.h"

namespace savanna::kalimambo {

// Measured (experiments/2026-11-26-kalimambo-knowledge): the policy's playouts cut off after two
// rounds (every player's card twice) and scored by the evaluation, without random moves.
constexpr PlayoutPreference KalimamboPlayouts(int players) {
  return {.cutoff = 2 * players, .epsilon = 0.0};
}
Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng);
PlayerValues EvaluatePosition(const State& state);
// The one-ply decision (`greedy`): the card whose round, resolved against 24 draws of the others'
// cards (as ChooseRollout draws them) and of Kali's, leaves the player the best mean share of the
// win by EvaluatePosition.
Action DecideCard(const State& state, Player player, const ActionList& legal, Rng& rng);
// The game's rollout policy (its registry entry hands it to GameBase).
inline const FunctionPolicy<ChooseRollout, EvaluatePosition, KalimamboPlayouts, DecideCard>
    kPolicy{};

}  // namespace savanna::kalimambo
