// Kitara's stories over seeded random games (testing/stories.h): cards in words (never "D1 W1"
// codes), areas by type and name, the points a turn scored and the hero token kept (its value to
// its keeper only), the cards that cannot be fed, and every round's end with everybody's points.
#include <gtest/gtest.h>

#include <cctype>

#include "core/story.h"
#include "games/registry.h"
#include "testing/stories.h"

namespace savanna::kitara::testing {
namespace {

using savanna::testing::NumberAfter;
using savanna::testing::StoryStep;

// A card code of the old texts: a letter of D, W, A, H, M, P or F and one digit, a word alone.
bool HasCardCode(const std::string& text) {
  const auto word = [&](size_t i) {
    return i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_');
  };
  for (size_t i = 0; i + 1 < text.size(); ++i)
    if (std::string_view("DWAHMPF").find(text[i]) != std::string_view::npos &&
        std::isdigit(static_cast<unsigned char>(text[i + 1])) && !(i > 0 && word(i - 1)) &&
        !word(i + 2))
      return true;
  return false;
}

void CheckKitaraStory(const StoryStep& s, int* rounds) {
  const Json a = s.before.StructuredAction(s.player, s.action);
  const Json before = s.before.View(kSpectator), after = s.after.View(kSpectator);
  const std::string kind = a["kind"];
  const std::string who = StorySeat(s.player);
  // No card codes ("D1 W1 M2") once the seat marks are out of the way.
  EXPECT_FALSE(HasCardCode(savanna::testing::WithoutMarks(s.own, "someone"))) << s.own;
  EXPECT_EQ(s.public_story.find("worth"), std::string::npos) << s.public_story;
  if (kind == "take") {
    const Json& card = before["row"][a["position"].get<int>() - 1];
    EXPECT_EQ(s.public_story.rfind(who + " took an age-" + card["age"].dump() + " card (", 0), 0u)
        << s.public_story;
  } else if (kind == "discard") {
    EXPECT_EQ(s.public_story.rfind(who + " discarded ", 0), 0u) << s.public_story;
  } else if (kind == "to" || kind == "attack" || kind == "start" || kind == "retreat") {
    // Areas by type and name: "savanna O5", "ruin I2".
    const std::string area = a["area"];
    for (const auto& m : after["map"])
      if (m["name"] == area) {
        EXPECT_NE(s.public_story.find(m["type"].get<std::string>() + " " + area), std::string::npos)
            << s.public_story;
      }
  }
  // The points the turn scored, as the view's score counts them (before the end).
  if (!s.after.IsTerminal()) {
    const int scored = after["players"][s.player]["score"].get<int>() -
                       before["players"][s.player]["score"].get<int>();
    EXPECT_EQ(NumberAfter(s.public_story, who + " scored "), scored > 0 ? scored : -1)
        << s.public_story;
  }
  // A round's end (or several, when nobody had a choice): everybody's points on the track.
  const int was = before["round"], now = after["round"];
  const int ended = s.after.IsTerminal() ? now : now - 1;
  if (was > 0 && ended >= was) {
    ++*rounds;
    std::string points = ended == was ? "Round " + std::to_string(was) + " is over; points "
                                      : "Rounds " + std::to_string(was) + " to " +
                                            std::to_string(ended) + " are over; points ";
    const int players = int(after["players"].size());
    for (int p = 0; p < players; ++p)
      points += (p == 0             ? ""
                 : p + 1 == players ? " and "
                                    : ", ") +
                StorySeat(p) + " " + std::to_string(after["players"][p]["score"].get<int>());
    if (!s.after.IsTerminal()) {
      EXPECT_NE(s.public_story.find(points), std::string::npos) << s.public_story;
    } else {
      EXPECT_NE(s.public_story.find(points.substr(0, points.find("; points"))), std::string::npos)
          << s.public_story;
    }
  }
  // A kept hero token's value only in its keeper's story.
  if (s.own != s.public_story) {
    EXPECT_NE(s.own.find("kept a hero token worth "), std::string::npos);
  }
}

TEST(Stories, KitaraTellsCardsAreasScoresAndRoundsInWords) {
  for (const char* spec : {"kitara(players=3)", "kitara(players=2,deck=red)"}) {
    int rounds = 0;
    const int steps = savanna::testing::WalkStories(
        Games(), spec, 2, [&](const StoryStep& s) { CheckKitaraStory(s, &rounds); });
    EXPECT_GT(steps, 100) << spec;
    EXPECT_GT(rounds, 8) << spec;
  }
}

}  // namespace
}  // namespace savanna::kitara::testing
