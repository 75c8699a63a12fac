// Kalimambo's structured actions give back their texts (docs/rules/kalimambo.md, "Structured
// actions"; testing/structured_actions.h).
#include <gtest/gtest.h>

#include "games/registry.h"
#include "testing/structured_actions.h"

namespace savanna::kalimambo::testing {
namespace {

std::string Format(const Json& a) { return a["kind"] == "play" ? "play " + a["card"].dump() : "?"; }

TEST(StructuredActions, KalimamboFieldsGiveTheText) {
  savanna::testing::CheckStructuredActions(Games(), "kalimambo(players=4)", Format, 20);
}

}  // namespace
}  // namespace savanna::kalimambo::testing
