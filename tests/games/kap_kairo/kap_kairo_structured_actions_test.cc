// Vom Kap bis Kairo's structured actions give back their texts (docs/rules/kap_kairo.md,
// "Structured actions"; testing/structured_actions.h).
#include <gtest/gtest.h>

#include "games/registry.h"
#include "testing/structured_actions.h"

namespace savanna::kap_kairo::testing {
namespace {

using savanna::testing::FieldText;
using savanna::testing::Plural;

// A take's text names its card: the terrain starts it (the rest is the card's printed text).
std::string Format(const Json& a) {
  const std::string kind = a["kind"];
  if (kind == "bid") return "bid " + a["pounds"].dump();
  if (kind == "take") return "take " + FieldText(a["card"]["terrain"]);
  if (kind == "pass") return "pass";
  if (kind == "build") {
    const int bonus = a["bonus_tracks"], pounds = a["pounds"];
    std::string s = "build";
    if (bonus > 0) s += " using " + Plural(bonus, "bonus track", "bonus tracks");
    if (pounds > 0) s += (bonus > 0 ? " and " : " paying ") + std::to_string(pounds) + " pounds";
    return s;
  }
  return "?";
}

TEST(StructuredActions, KapKairoFieldsGiveTheText) {
  savanna::testing::CheckStructuredActions(Games(), "kap_kairo(players=3)", Format, 10);
}

}  // namespace
}  // namespace savanna::kap_kairo::testing
