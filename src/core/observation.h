// Observation tensors and game metadata for learning code: ObservationWriter fills a viewer's
// fixed-shape float32 observation slot by slot with bounds checks, and GameType describes a
// configured game in the style of OpenSpiel's GameType (dynamics, chance, information, utility).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>

#include "core/check.h"

namespace savanna {

// How a configured game unfolds. Returns() of every game in Savanna are 1/k for each of k
// winners and 0 otherwise, so the utility is constant-sum 1 with range [0, 1] unless a game
// says otherwise.
struct GameType {
  enum class Dynamics : uint8_t { kSequential, kSimultaneous };
  // kSampledStochastic: chance happens inside Apply from the state's own RNG (never a chance
  // player), like OpenSpiel's kSampledStochastic; kDeterministic: no chance at all.
  enum class Chance : uint8_t { kDeterministic, kSampledStochastic };
  enum class Information : uint8_t { kPerfect, kImperfect };
  enum class Utility : uint8_t { kZeroSum, kConstantSum, kGeneralSum };

  Dynamics dynamics = Dynamics::kSequential;
  Chance chance = Chance::kSampledStochastic;
  Information information = Information::kImperfect;
  Utility utility = Utility::kConstantSum;
  double min_utility = 0.0;  // of one player's return
  double max_utility = 1.0;
  double utility_sum = 1.0;  // of all returns (constant-sum games)

  // {"dynamics": "sequential"|"simultaneous", "chance": "deterministic"|"sampled_stochastic",
  //  "information": "perfect"|"imperfect", "utility": "zero_sum"|"constant_sum"|"general_sum",
  //  "min_utility", "max_utility", "utility_sum"}.
  nlohmann::json ToJson() const;
};

// Writes one observation into `out` from its first slot on. The constructor zeroes all of
// `out`; every write is checked to stay inside it (a write past the end is a bug and aborts).
// Allocation-free: learning loops call it once per step.
class ObservationWriter {
 public:
  explicit ObservationWriter(std::span<float> out);

  // One slot holding `value`.
  void Scalar(float value) { At(1)[0] = value; }
  // `size` slots, 1 at `index`; all zero when index is outside [0, size) (e.g. -1 for none).
  void OneHot(int index, int size) {
    float* p = At(size);
    if (index >= 0 && index < size) p[index] = 1.0f;
  }
  // `size` slots, slot i = 1 when bit i of `mask` is set.
  void Bits(uint64_t mask, int size);
  // `size` slots left zero.
  void Skip(int size) { At(size); }
  // `size` slots, all zero, for the caller to set where it pleases (a table of per-item rows
  // filled from lists of the items, rather than slot by slot).
  std::span<float> Block(int size) { return {At(size), size_t(size)}; }
  // `values.size()` slots copied as they are, each scaled by `scale`.
  template <typename T>
  void Values(std::span<const T> values, float scale = 1.0f) {
    float* p = At(int(values.size()));
    for (const T& v : values) *p++ = float(v) * scale;
  }

  // Slots written (or skipped) so far.
  int Position() const { return position_; }
  // Checks that exactly the whole of `out` was laid out: a game's encoding matches its shape.
  void Finish() const { SAVANNA_CHECK(position_ == int(out_.size())); }

 private:
  float* At(int size) {
    SAVANNA_CHECK(size >= 0 && position_ + size <= int(out_.size()));
    float* p = out_.data() + position_;
    position_ += size;
    return p;
  }

  std::span<float> out_;
  int position_ = 0;
};

}  // namespace savanna
