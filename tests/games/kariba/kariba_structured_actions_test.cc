// Kariba's structured actions give back their texts (docs/rules/kariba.md, "Structured actions";
// testing/structured_actions.h).
#include <gtest/gtest.h>

#include "games/registry.h"
#include "testing/structured_actions.h"

namespace savanna::kariba::testing {
namespace {

using savanna::testing::FieldText;

std::string Format(const Json& a) {
  const std::string kind = a["kind"];
  if (kind == "play") return "play " + a["count"].dump() + " " + FieldText(a["animal"]);
  if (kind == "draw") return "draw pile";
  if (kind == "take") return "take " + FieldText(a["animal"]);
  return "?";
}

TEST(StructuredActions, KaribaFieldsGiveTheText) {
  savanna::testing::CheckStructuredActions(Games(), "kariba(players=3)", Format, 20);
  savanna::testing::CheckStructuredActions(Games(), "kariba(players=2,variant=open)", Format, 20);
}

}  // namespace
}  // namespace savanna::kariba::testing
