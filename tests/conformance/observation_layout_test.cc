// Every game's observation layout version changes whenever its tensor does: the digest of its
// tensors in fixed seeded games must be the one recorded for its current version
// (conformance/layout_pin.h). SAVANNA_UPDATE_LAYOUT_PINS=1 records the digest of a version that
// has none yet (and refuses to replace one). The checker itself is tested below.
#include <gtest/gtest.h>

#include <cstdlib>

#include "conformance/layout_pin.h"
#include "core/json_io.h"
#include "games/registry.h"

namespace savanna::conformance {
namespace {

class ObservationLayout : public ::testing::TestWithParam<std::string> {};

TEST_P(ObservationLayout, TheVersionChangesWhenTheTensorDoes) {
  auto game = Games().Create(GetParam());
  ASSERT_TRUE(game) << game.error().message;
  const int layout = (*game)->ObservationLayoutVersion();
  const uint64_t digest = ObservationDigest(**game);
  auto pins = ReadJsonFile(SAVANNA_LAYOUT_PINS);
  ASSERT_TRUE(pins) << pins.error().message;
  if (std::getenv("SAVANNA_UPDATE_LAYOUT_PINS") != nullptr) {
    auto recorded = RecordLayoutPin(*pins, (*game)->name(), layout, digest);
    ASSERT_TRUE(recorded) << recorded.error().message;
    auto wrote = WriteTextFileAtomic(SAVANNA_LAYOUT_PINS, FormatJson(*recorded));
    ASSERT_TRUE(wrote) << wrote.error().message;
    return;
  }
  const std::string failure = CheckLayoutPin(*pins, (*game)->name(), layout, digest);
  EXPECT_TRUE(failure.empty()) << failure;
}

std::vector<std::string> GameNames() {
  std::vector<std::string> names;
  for (const auto& entry : Games().entries()) names.push_back(entry.info.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Games, ObservationLayout, ::testing::ValuesIn(GameNames()),
                         [](const auto& param_info) { return param_info.param; });

// The checker: a changed tensor under the same version fails and cannot be recorded over the old
// digest; under a new version it is recorded and then passes.
TEST(LayoutPinCheck, ACHangedTensorNeedsANewVersion) {
  auto game = Games().Create("kariba(players=2)");
  ASSERT_TRUE(game);
  const uint64_t digest = ObservationDigest(**game, 1);
  EXPECT_EQ(ObservationDigest(**game, 1), digest);  // deterministic
  EXPECT_NE(ObservationDigest(**game, 2), digest);  // and it sees the states
  auto pins = RecordLayoutPin(nlohmann::json::object(), "kariba", 1, digest);
  ASSERT_TRUE(pins);
  EXPECT_EQ(CheckLayoutPin(*pins, "kariba", 1, digest), "");
  const std::string changed = CheckLayoutPin(*pins, "kariba", 1, digest ^ 1);
  EXPECT_NE(changed.find("kariba: the observation tensors changed"), std::string::npos) << changed;
  EXPECT_NE(changed.find("raise GameInfo::observation_layout"), std::string::npos) << changed;
  EXPECT_FALSE(RecordLayoutPin(*pins, "kariba", 1, digest ^ 1));
  EXPECT_NE(CheckLayoutPin(*pins, "kariba", 2, digest ^ 1).find("no digest is recorded"),
            std::string::npos);
  auto bumped = RecordLayoutPin(*pins, "kariba", 2, digest ^ 1);
  ASSERT_TRUE(bumped);
  EXPECT_EQ(CheckLayoutPin(*bumped, "kariba", 2, digest ^ 1), "");
  EXPECT_EQ(CheckLayoutPin(*bumped, "kariba", 1, digest), "");  // the old version's pin stays
}

}  // namespace
}  // namespace savanna::conformance
