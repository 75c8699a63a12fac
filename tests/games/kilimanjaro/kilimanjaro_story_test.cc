// Kilimanjaro's stories over seeded random games (testing/stories.h): a placement names its
// counter to its placer only; a play names the card and the pile, and the move it caused from the
// expedition's space.
#include <gtest/gtest.h>

#include "core/story.h"
#include "games/registry.h"
#include "testing/stories.h"

namespace savanna::kilimanjaro::testing {
namespace {

using savanna::testing::NumberAfter;
using savanna::testing::StoryStep;

void CheckKilimanjaroStory(const StoryStep& s, int* moves) {
  const Json a = s.before.StructuredAction(s.player, s.action);
  const std::string kind = a["kind"];
  const std::string who = StorySeat(s.player);
  if (kind == "place") {
    const std::string space = std::to_string(a["space"].get<int>());
    EXPECT_EQ(
        s.own.rfind(who + " hid a " + a["counter"].get<std::string>() + " counter on " + space, 0),
        0u)
        << s.own;
    EXPECT_EQ(s.public_story.rfind(who + " hid a counter on " + space, 0), 0u) << s.public_story;
    for (const char* secret : {"banana", "lion", "change"}) {
      EXPECT_EQ(s.public_story.find(secret), std::string::npos) << s.public_story;
    }
  } else if (kind == "play") {
    const Json& card = a["card"];
    EXPECT_EQ(s.public_story.rfind(
                  who + " played " + card["type"].get<std::string>() + " " + card["value"].dump() +
                      " on " + StorySeats(a["target"].get<int>()) + " pile " + a["pile"].dump(),
                  0),
              0u)
        << s.public_story;
    // "moved D from A to B": A is where the expedition stood, B is A + D.
    const int from_space = s.before.View(kSpectator)["players"][s.player]["position"];
    const int distance = NumberAfter(s.public_story, "moved ");
    ASSERT_GT(distance, 0) << s.public_story;
    EXPECT_EQ(NumberAfter(s.public_story, "moved " + std::to_string(distance) + " from "),
              from_space)
        << s.public_story;
    const int to = NumberAfter(s.public_story, " from " + std::to_string(from_space) + " to ");
    if (to >= 0) {
      EXPECT_EQ(to, from_space + distance) << s.public_story;
    }
    ++*moves;
  }
  EXPECT_EQ(s.own == s.public_story, kind != "place") << s.own;
}

TEST(Stories, KilimanjaroTellsMovesAndHidesCounterKinds) {
  for (const char* spec : {"kilimanjaro(players=3)", "kilimanjaro(players=2,variant=send_back)"}) {
    int moves = 0;
    const int steps = savanna::testing::WalkStories(
        Games(), spec, 3, [&](const StoryStep& s) { CheckKilimanjaroStory(s, &moves); });
    EXPECT_GT(steps, 60) << spec;
    EXPECT_GT(moves, 30) << spec;
  }
}

}  // namespace
}  // namespace savanna::kilimanjaro::testing
