// Kalimambo's stories over seeded random games (testing/stories.h): a card chosen, sealed to the
// others until the round resolves; the card that resolves it tells the round, and the minus
// points its story gives each seat for dung and the rhino add up to what each seat gained.
#include <gtest/gtest.h>

#include <regex>

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
  static const std::regex charge(R"(\+(\d+) for ((?:\{P\d+\}(?:, | and )?)+)\))");
  static const std::regex seat(R"(\{P(\d+)\})");
  for (std::sregex_iterator m(s.public_story.begin(), s.public_story.end(), charge), end; m != end;
       ++m) {
    const int points = std::stoi((*m)[1]);
    const std::string seats = (*m)[2];
    for (std::sregex_iterator p(seats.begin(), seats.end(), seat); p != end; ++p)
      told[size_t(std::stoi((*p)[1]))] += points;
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
