// Am Fuß des Kilimandscharo's structured actions give back their texts (docs/rules/kilimanjaro.md,
// "Structured actions"; testing/structured_actions.h), and a placement's public form hides its
// counter.
#include <gtest/gtest.h>

#include "core/action_list.h"
#include "games/registry.h"
#include "testing/structured_actions.h"

namespace savanna::kilimanjaro::testing {
namespace {

using savanna::testing::FieldText;
using savanna::testing::SeatText;

std::string Format(const Json& a) {
  const std::string kind = a["kind"];
  if (kind == "place")
    return a.contains("counter") ? "place " + FieldText(a["counter"]) + " on " + a["space"].dump()
                                 : "place a counter on " + a["space"].dump();
  if (kind == "play")
    return "play " + FieldText(a["card"]["type"]) + " " + a["card"]["value"].dump() + " on " +
           SeatText(a["target"]) + " pile " + a["pile"].dump();
  if (kind == "banana") return a["choice"] == "move" ? "banana: move again" : "banana: stay";
  if (kind == "swap") return "swap with " + SeatText(a["target"]);
  if (kind == "send_back")
    return a["target"].is_null() ? "send nobody back" : "send " + SeatText(a["target"]) + " back";
  return "?";
}

TEST(StructuredActions, KilimanjaroFieldsGiveTheTextAndPlacementsHideTheirCounter) {
  savanna::testing::CheckStructuredActions(Games(), "kilimanjaro(players=3)", Format, 10);
  savanna::testing::CheckStructuredActions(Games(), "kilimanjaro(players=4,variant=send_back)",
                                           Format, 10);
  auto game = Games().Create("kilimanjaro(players=2)");
  ASSERT_TRUE(game);
  auto state = (*game)->NewInitialState(3);
  const Player p = state->PlayersToAct().First();
  ActionList legal;
  state->LegalActions(p, legal);
  EXPECT_EQ(state->StructuredAction(p, legal[0]),
            Json({{"kind", "place"}, {"counter", "banana"}, {"space", 1}}));
  EXPECT_EQ(state->PublicStructuredAction(p, legal[0]), Json({{"kind", "place"}, {"space", 1}}));
}

}  // namespace
}  // namespace savanna::kilimanjaro::testing
