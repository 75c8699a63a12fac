// The pin that makes a game's observation layout version (GameInfo::observation_layout) change
// whenever its tensor does (docs/nets.md): a digest of the tensors every viewer gets in fixed
// seeded games, recorded beside the version in tests/conformance/observation_layouts.json. A
// digest is recorded once per version and never overwritten, so a changed tensor can only be
// recorded under a new version.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/game.h"
#include "core/result.h"

namespace savanna::conformance {

// FNV-1a over the tensors of every viewer (each seat, then the spectator) at moves 0, 1, 2, 4, 8,
// ... and at the end of `games` seeded random games of each player count of `game`'s family (its
// other parameters as they are; counts they refuse are skipped), with each configuration's spec
// and tensor size. Changes when the tensor's layout, its contents or the states reached change.
uint64_t ObservationDigest(const Game& game, int games = 3);

// Empty when `pins` ({"<game>": {"<layout>": "<16 hex digits>"}}) holds `digest` for `game` at
// `layout`; else what differs and what to do.
std::string CheckLayoutPin(const nlohmann::json& pins, const std::string& game, int layout,
                           uint64_t digest);

// `pins` with `digest` recorded for `game` at `layout`; an error when another digest is recorded
// there (the tensor changed: raise the layout version first).
Result<nlohmann::json> RecordLayoutPin(nlohmann::json pins, const std::string& game, int layout,
                                       uint64_t digest);

}  // namespace savanna::conformance
