// ObservationWriter's slot encodings: what each call writes, where, and that the whole tensor is
// cleared first (Bits and Block rely on it).
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "core/observation.h"

namespace savanna {
namespace {

TEST(ObservationWriter, EncodingsLandInOrderOnACleanedTensor) {
  std::vector<float> out(16, 7.0f);  // not zero: the writer must clear it
  ObservationWriter w(out);
  w.Scalar(2.5f);                             // slot 0
  w.OneHot(1, 3);                             // slots 1-3
  w.OneHot(-1, 2);                            // slots 4-5: none
  w.Bits(0b101101, 4);                        // slots 6-9: only the low 4 bits count
  const std::span<float> block = w.Block(3);  // slots 10-12
  block[2] = 4.0f;
  const std::array<uint8_t, 2> values = {3, 1};
  w.Values(std::span<const uint8_t>(values), 0.5f);  // slots 13-14
  w.Skip(1);                                         // slot 15
  EXPECT_EQ(w.Position(), 16);
  w.Finish();
  const std::vector<float> want = {2.5f, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 4, 1.5f, 0.5f, 0};
  EXPECT_EQ(out, want);
}

TEST(ObservationWriter, BitsCoversAllSixtyFourSlots) {
  std::vector<float> out(64, 0.0f);
  ObservationWriter w(out);
  w.Bits(~uint64_t{0} ^ 2, 64);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(out[size_t(i)], i == 1 ? 0.0f : 1.0f) << "slot " << i;
}

TEST(ObservationWriterDeathTest, ABlockPastTheEndIsABug) {
  std::vector<float> out(4, 0.0f);
  ObservationWriter w(out);
  w.Block(3);
  EXPECT_DEATH(w.Block(2), "");
}

}  // namespace
}  // namespace savanna
