// Tiny nets for tests (docs/nets.md): a net file of a game's shapes with small seeded weights, or
// of hand-chosen shapes and weights. No game ships a net until one is trained; tests make their
// own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "nn/net_file.h"

namespace savanna::testing {

// The header of a net for `game`'s family over `players` (empty: every count its configuration
// accepts) with hidden widths `trunk`; the checksum is left for EncodeNetFile.
nn::NetHeader TinyNetHeader(const Game& game, std::vector<int> trunk,
                            std::vector<int> players = {});

// Weights for `header`'s shapes, uniform in [-scale, scale] from `seed`.
std::vector<float> TinyNetWeights(const nn::NetHeader& header, uint64_t seed, float scale = 0.3f);

// The bytes of a net file for `game` (TinyNetHeader and TinyNetWeights).
std::string TinyNetBytes(const Game& game, std::vector<int> trunk, uint64_t seed,
                         std::vector<int> players = {});

// Writes `bytes` to a fresh file in the test's temporary folder named `name`; returns its path.
std::string WriteTempNet(const std::string& name, const std::string& bytes);

}  // namespace savanna::testing
