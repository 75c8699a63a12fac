// GameType as JSON and the ObservationWriter's slot encodings.
#include "core/observation.h"

#include <algorithm>
#include <bit>

namespace savanna {

nlohmann::json GameType::ToJson() const {
  nlohmann::json j;
  j["dynamics"] = dynamics == Dynamics::kSequential ? "sequential" : "simultaneous";
  j["chance"] = chance == Chance::kDeterministic ? "deterministic" : "sampled_stochastic";
  j["information"] = information == Information::kPerfect ? "perfect" : "imperfect";
  j["utility"] = utility == Utility::kZeroSum       ? "zero_sum"
                 : utility == Utility::kConstantSum ? "constant_sum"
                                                    : "general_sum";
  j["min_utility"] = min_utility;
  j["max_utility"] = max_utility;
  j["utility_sum"] = utility_sum;
  return j;
}

ObservationWriter::ObservationWriter(std::span<float> out) : out_(out) {
  std::fill(out_.begin(), out_.end(), 0.0f);
}

void ObservationWriter::Bits(uint64_t mask, int size) {
  SAVANNA_CHECK(size <= 64);
  float* p = At(size);
  // The slots are zero already (the constructor clears the whole tensor): set the ones only.
  if (size < 64) mask &= (uint64_t{1} << size) - 1;
  for (; mask != 0; mask &= mask - 1) p[std::countr_zero(mask)] = 1.0f;
}

}  // namespace savanna
