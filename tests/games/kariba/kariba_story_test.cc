// Kariba's stories over seeded random games (testing/stories.h): a play tells the chase the view
// records and the cards drawn after it (their animals to the player only); a draw tells its card
// to the player only; the end of a game tells the cards won.
#include <gtest/gtest.h>

#include "core/story.h"
#include "games/registry.h"
#include "testing/stories.h"

namespace savanna::kariba::testing {
namespace {

using savanna::testing::StoryStep;

bool NamesAnAnimal(const std::string& text, const Json& animals) {
  for (const auto& a : animals)
    if (text.find(a.get<std::string>()) != std::string::npos ||
        text.find(PluralOf(a.get<std::string>())) != std::string::npos)
      return true;
  return false;
}

void CheckKaribaStory(const StoryStep& s, int* chases) {
  const Json before = s.before.View(kSpectator), after = s.after.View(kSpectator);
  const Json a = s.before.StructuredAction(s.player, s.action);
  const std::string kind = a["kind"];
  const bool redealt = after["match"]["finished"].size() > before["match"]["finished"].size();
  if (kind == "play") {
    const int count = a["count"];
    EXPECT_EQ(
        s.public_story.rfind(
            StorySeat(s.player) + " played " + Counted(count, a["animal"].get<std::string>()), 0),
        0u)
        << s.public_story;
    const Json& last = after["last_play"];
    if (!redealt && last["captured"].get<int>() > 0) {
      const std::string chased = after["animals"][last["chased"].get<int>() - 1];
      EXPECT_NE(s.public_story.find("which chased " + Counted(last["captured"], chased) + " into " +
                                    StorySeats(s.player) + " score pile"),
                std::string::npos)
          << s.public_story;
      ++*chases;
    } else if (!redealt) {
      EXPECT_EQ(s.public_story.find("chased"), std::string::npos) << s.public_story;
    }
    // What was drawn: the animals for the player, only the number for the others.
    const size_t drew = s.public_story.find(", then drew ");
    if (drew != std::string::npos) {
      EXPECT_FALSE(NamesAnAnimal(s.public_story.substr(drew), after["animals"])) << s.public_story;
    }
    const size_t own_drew = s.own.find(", then drew ");
    if (own_drew != std::string::npos) {
      EXPECT_TRUE(NamesAnAnimal(s.own.substr(own_drew), after["animals"])) << s.own;
    }
  } else if (kind == "draw") {
    EXPECT_EQ(s.public_story, StorySeat(s.player) + " drew a card from the pile") << s.public_story;
    if (!redealt) {
      EXPECT_TRUE(NamesAnAnimal(s.own, after["animals"])) << s.own;
    }
  } else if (kind == "take") {
    EXPECT_EQ(s.public_story.rfind(
                  StorySeat(s.player) + " took the face-up " + a["animal"].get<std::string>(), 0),
              0u);
  }
  if (redealt || s.after.IsTerminal()) {
    EXPECT_NE(s.public_story.find("cards won"), std::string::npos) << s.public_story;
  }
}

TEST(Stories, KaribaTellsChasesAndDrawsAndHidesTheDrawnCards) {
  for (const char* spec : {"kariba(players=3)", "kariba(players=2,variant=open,games=2)"}) {
    int chases = 0;
    const int steps = savanna::testing::WalkStories(
        Games(), spec, 4, [&](const StoryStep& s) { CheckKaribaStory(s, &chases); });
    EXPECT_GT(steps, 100) << spec;
    EXPECT_GT(chases, 2) << spec;
  }
}

}  // namespace
}  // namespace savanna::kariba::testing
