// Am Fuß des Kilimandscharo's game knowledge for search (docs/rules/kilimanjaro.md,
// "Heuristics"): plays the card that moves the own expedition furthest or slows a leader most,
// steers clear of known lions, swaps with or sends back the leader; the evaluation counts the
// trail covered.
#pragma once

#include "core/rollout_policy.h"

namespace savanna::kilimanjaro {

// Measured (experiments/2026-11-26-game-knowledge-again): played to the end the policy's
// playouts do not beat random ones at equal time, nor do short ones cut off after 4 to 8
// moves; cut off after 16 moves (10% random moves) they do, with 2 to 4 players.
constexpr PlayoutPreference KilimanjaroPlayouts(int) { return {.cutoff = 16, .epsilon = 0.1}; }
Action ChooseRollout(const State& state, Player player, const ActionList& legal, Rng& rng);
PlayerValues EvaluatePosition(const State& state);
// The game's rollout policy (its registry entry hands it to GameBase).
inline const FunctionPolicy<ChooseRollout, EvaluatePosition, KilimanjaroPlayouts> kPolicy{};

}  // namespace savanna::kilimanjaro
