// Kalimambo's stories over seeded random games (testing/stories.h): a card chosen, sealed to the
// others until the round resolves; the card that resolves it tells the round, and the minus
// points its story gives each seat for dung and the rhino add up to what each seat gained.
#include <gtest/gtest.h>

#include "core/story.h"
#include "games/registry.h"
#include "testing/stories.h"

namespace savanna::kalimambo::testing {
namespace {

using savanna::testing::StoryStep;

void CheckKalimamboStory(const StoryStep& s, int* rounds) {
  const Json before = s.before.View(kSpectator), after = s.after.View(kSpectator);
  const std::string card = std::to_string(s.action);
  const std::string who = StorySeat(s.player);
  const int players = int(after["players"].size());
  if (after["rounds_played"] == before["rounds_played"]) {
    EXPECT_EQ(s.own, who + " chose " + card);
    EXPECT_EQ(s.public_story, who + " played " + card);
    return;
  }
  ++*rounds;
  EXPECT_EQ(s.own, s.public_story);
  // The minus points the story gives: "+3 for {P0}", "+2 for {P0} and {P2}" (Kali's penalty).
  std::vector<int> told(size_t(players), 0);
  for (size_t plus = s.public_story.find('+'); plus != std::string::npos;
       plus = s.public_story.find('+', plus + 1)) {
    const int points = savanna::testing::NumberAfter(s.public_story.substr(plus), "+");
    const size_t for_at = s.public_story.find(" for ", plus);
    const size_t close = s.public_story.find(')', plus);
    ASSERT_GE(points, 0) << s.public_story;
    ASSERT_NE(close, std::string::npos) << s.public_story;
    ASSERT_LT(for_at, close) << s.public_story;
    for (int seat :
         savanna::testing::MarkedSeats(s.public_story.substr(for_at + 5, close - for_at - 5))) {
      ASSERT_GE(seat, 0) << s.public_story;
      told[size_t(seat)] += points;
    }
  }
  std::string totals = "Minus points: ";
  for (int p = 0; p < players; ++p) {
    const int now = after["players"][p]["minus_points"], was = before["players"][p]["minus_points"];
    EXPECT_EQ(told[size_t(p)], now - was) << "seat " << p << ": " << s.public_story;
    totals += (p == 0             ? ""
               : p + 1 == players ? " and "
                                  : ", ") +
              StorySeat(p) + " " + std::to_string(now);
  }
  EXPECT_NE(s.public_story.find(totals), std::string::npos) << s.public_story;
}

TEST(Stories, KalimamboTellsEveryRoundAndWhyMinusPointsRose) {
  for (const char* spec : {"kalimambo(players=3)", "kalimambo(players=5)"}) {
    int rounds = 0;
    const int steps = savanna::testing::WalkStories(
        Games(), spec, 4, [&](const StoryStep& s) { CheckKalimamboStory(s, &rounds); });
    EXPECT_GT(steps, 100) << spec;
    EXPECT_EQ(rounds, 4 * 12) << spec;
  }
}

}  // namespace
}  // namespace savanna::kalimambo::testing
