// Kitara's structured actions give back their texts (docs/rules/kitara.md, "Structured actions";
// testing/structured_actions.h).
#include <gtest/gtest.h>

#include <utility>

#include "games/registry.h"
#include "testing/structured_actions.h"

namespace savanna::kitara::testing {
namespace {

using savanna::testing::FieldText;
using savanna::testing::Plural;

std::string Format(const Json& a) {
  const std::string kind = a["kind"];
  if (kind == "start") return "start on " + FieldText(a["area"]);
  if (kind == "take") return "take " + a["position"].dump();
  if (kind == "place") return "place " + FieldText(a["figure"]) + " on " + FieldText(a["area"]);
  if (kind == "move_from") return "move from " + FieldText(a["area"]);
  if (kind == "end_moves") return "end moves";
  if (kind == "group") {
    std::string s;
    const std::pair<const char*, const char*> names[] = {
        {"warrior", "warriors"}, {"animal", "animals"}, {"hero", "heroes"}};
    const int counts[] = {a["warriors"], a["animals"], a["heroes"]};
    for (int k = 0; k < 3; ++k)
      if (counts[k] > 0)
        s += (s.empty() ? "" : ", ") + Plural(counts[k], names[k].first, names[k].second);
    return "with " + s;
  }
  if (kind == "to" || kind == "attack") return kind + " " + FieldText(a["area"]);
  if (kind == "retreat") return "retreat to " + FieldText(a["area"]);
  if (kind == "discard") return "discard " + a["position"].dump();
  if (kind == "remove") return "remove " + FieldText(a["figure"]) + " from " + FieldText(a["area"]);
  return "?";
}

TEST(StructuredActions, KitaraFieldsGiveTheText) {
  savanna::testing::CheckStructuredActions(Games(), "kitara(players=2)", Format, 3);
  savanna::testing::CheckStructuredActions(Games(), "kitara(players=4,deck=red)", Format, 2);
}

}  // namespace
}  // namespace savanna::kitara::testing
