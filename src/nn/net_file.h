// The net file format (docs/nets.md): the magic line, the JSON header and the float32 weights.
// Reading checks everything the file alone can show; whether a net fits a game is Net::CheckFits.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace savanna::nn {

using Json = nlohmann::json;

// The first line of every net file (format version 1).
inline constexpr std::string_view kNetMagic = "savanna-net 1\n";

// The header line (docs/nets.md, "The file").
struct NetHeader {
  std::string game;          // the registry name
  int layout = 0;            // the game's observation layout version
  std::vector<int> players;  // supported player counts, strictly increasing
  int input = 0;             // the padded observation plus the one-hot of the player count
  int actions = 0;           // the policy head's outputs
  int seats = 0;             // the value head's outputs
  std::vector<int> trunk;    // hidden widths, one ReLU dense layer each
  uint64_t checksum = 0;     // FNV-1a 64 of the weight bytes
  Json provenance = Json::object();

  // How many floats the weights of these shapes take.
  int64_t WeightCount() const;
  // The header as written: compact JSON, the checksum as 16 lowercase hex digits.
  Json ToJson() const;
};

struct NetFile {
  NetHeader header;
  std::vector<float> weights;  // in the file's order
};

// FNV-1a, 64 bits (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
uint64_t Fnv1a64(std::string_view bytes);

// Reads a net file's bytes with every check of the format: magic line, header fields and their
// ranges, the weights' length (truncated or too long) and the checksum. Errors start with
// `name` (the file's path, or "data/<game>/net.bin" for a shipped net) and say why.
Result<NetFile> ParseNetFile(std::string_view bytes, const std::string& name);

// Reads the header alone (the checks of ParseNetFile but the weights'): for tools that list nets.
Result<NetHeader> ParseNetHeader(const Json& json, const std::string& name);

// The bytes of a net file with `header`'s fields and `weights` (which must number
// header.WeightCount()); the checksum is computed from the weights, whatever header.checksum says.
std::string EncodeNetFile(NetHeader header, std::span<const float> weights);

}  // namespace savanna::nn
