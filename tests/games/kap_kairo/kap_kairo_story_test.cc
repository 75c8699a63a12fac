// Vom Kap bis Kairo's stories over seeded random games (testing/stories.h): a bid its pounds and,
// when it is the last, the auction's order; a card taken and a landscape built by their terrain,
// tracks and pounds, with the landscapes built so far.
#include <gtest/gtest.h>

#include "core/story.h"
#include "games/registry.h"
#include "testing/stories.h"

namespace savanna::kap_kairo::testing {
namespace {

using savanna::testing::StoryStep;

// A card as the view gives it, in the words of the stories: "desert (3 tracks, 5 pounds)".
std::string KapCardWords(const Json& c) {
  const int tracks = c["tracks"], pounds = c["pounds"];
  return c["terrain"].get<std::string>() + " (" + std::to_string(tracks) +
         (tracks == 1 ? " track, " : " tracks, ") + std::to_string(pounds) +
         (pounds == 1 ? " pound)" : " pounds)");
}

void CheckKapKairoStory(const StoryStep& s, int* builds) {
  const Json a = s.before.StructuredAction(s.player, s.action);
  const Json before = s.before.View(kSpectator), after = s.after.View(kSpectator);
  const std::string kind = a["kind"];
  const std::string who = StorySeat(s.player);
  if (kind == "bid") {
    EXPECT_EQ(s.public_story.rfind(who + " bid £" + a["pounds"].dump(), 0), 0u) << s.public_story;
    const bool resolved = after["phase"] != "bid";
    EXPECT_EQ(s.public_story.find("the choosing order") != std::string::npos, resolved)
        << s.public_story;
  } else if (kind == "take") {
    EXPECT_EQ(s.public_story.rfind(
                  who + " took " + KapCardWords(before["auction"][a["slot"].get<int>()]), 0),
              0u)
        << s.public_story;
  } else if (kind == "build") {
    const Json& next = before["players"][s.player]["next_landscape"];
    ASSERT_TRUE(next.is_object());
    EXPECT_EQ(s.public_story.rfind(who + " built " + KapCardWords(next), 0), 0u) << s.public_story;
    EXPECT_NE(s.public_story.find("(" + after["players"][s.player]["landscapes_built"].dump() +
                                  " of 8 built)"),
              std::string::npos)
        << s.public_story;
    ++*builds;
  } else if (kind == "pass") {
    EXPECT_EQ(s.public_story.rfind(who + " passed", 0), 0u) << s.public_story;
  }
  EXPECT_EQ(s.own, s.public_story);
}

TEST(Stories, KapKairoTellsBidsPurchasesAndBuilds) {
  int builds = 0;
  const int steps =
      savanna::testing::WalkStories(Games(), "kap_kairo(players=3)", 3,
                                    [&](const StoryStep& s) { CheckKapKairoStory(s, &builds); });
  EXPECT_GT(steps, 100);
  EXPECT_GT(builds, 10);
}

}  // namespace
}  // namespace savanna::kap_kairo::testing
