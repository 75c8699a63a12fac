#include "testing/stories.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

#include "core/action_list.h"
#include "core/rng.h"
#include "core/story.h"

namespace savanna::testing {
namespace {

// Every '{' opens a seat mark "{P<n>}" or "{P<n>'s}" of a seat of the game, and every '}' closes
// one; the text between marks holds no brace.
::testing::AssertionResult MarksWellFormed(const std::string& story, int players) {
  for (size_t i = 0; i < story.size(); ++i) {
    if (story[i] == '}') return ::testing::AssertionFailure() << "a stray '}' in: " << story;
    if (story[i] != '{') continue;
    const size_t end = story.find('}', i);
    if (end == std::string::npos || story.compare(i, 2, "{P") != 0)
      return ::testing::AssertionFailure() << "a bad seat mark in: " << story;
    std::string inner = story.substr(i + 2, end - i - 2);
    if (inner.size() > 2 && inner.compare(inner.size() - 2, 2, "'s") == 0)
      inner.resize(inner.size() - 2);
    if (inner.empty() || inner.size() > 2 ||
        !std::all_of(inner.begin(), inner.end(), [](char c) { return std::isdigit(c); }) ||
        std::stoi(inner) >= players)
      return ::testing::AssertionFailure() << "a seat mark of no seat in: " << story;
    i = end;
  }
  return ::testing::AssertionSuccess();
}

}  // namespace

int WalkStories(const GameRegistry& registry, const std::string& spec, int games,
                const std::function<void(const StoryStep&)>& check) {
  auto game = registry.Create(spec);
  EXPECT_TRUE(game) << spec;
  if (!game) return 0;
  ActionList legal;
  int steps = 0;
  for (int g = 0; g < games; ++g) {
    Rng rng(uint64_t(g) + 11);
    auto state = (*game)->NewInitialState(uint64_t(g) + 3);
    while (!state->IsTerminal()) {
      const Player p = state->PlayersToAct().First();
      state->LegalActions(p, legal);
      const Action action = legal[int(rng.Below(uint32_t(legal.Size())))];
      auto before = state->Clone();
      const std::string text = state->ActionToString(p, action);
      state->ApplyUnchecked(p, action);
      StoryStep step{*before,
                     *state,
                     p,
                     action,
                     text,
                     state->Story(*before, p, action, true),
                     state->Story(*before, p, action, false)};
      for (const std::string* story : {&step.own, &step.public_story}) {
        EXPECT_FALSE(story->empty()) << spec << ": no story for '" << text << "'";
        EXPECT_EQ(story->rfind(StorySeat(p) + " ", 0), 0u)
            << spec << ": the story of '" << text << "' is not told by its actor: " << *story;
        EXPECT_TRUE(MarksWellFormed(*story, state->NumPlayers())) << spec;
      }
      check(step);
      if (::testing::Test::HasFailure()) return steps;
      ++steps;
    }
  }
  return steps;
}

std::string WithoutMarks(const std::string& story, const std::string& as) {
  std::string out;
  for (size_t i = 0; i < story.size(); ++i) {
    const size_t end = story.compare(i, 2, "{P") == 0 ? story.find('}', i) : std::string::npos;
    if (end == std::string::npos) {
      out += story[i];
      continue;
    }
    out += as;
    i = end;
  }
  return out;
}

std::vector<int> MarkedSeats(const std::string& text) {
  std::vector<int> seats;
  for (size_t i = 0; i < text.size();) {
    if (text.compare(i, 2, ", ") == 0) {
      i += 2;
    } else if (text.compare(i, 5, " and ") == 0) {
      i += 5;
    } else if (text.compare(i, 2, "{P") == 0 && text.find('}', i) != std::string::npos) {
      const size_t end = text.find('}', i);
      const std::string digits = text.substr(i + 2, end - i - 2);
      const bool number =
          !digits.empty() && digits.size() <= 2 &&
          std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit(c); });
      seats.push_back(number ? std::stoi(digits) : -1);
      i = end + 1;
    } else {
      seats.push_back(-1);
      break;
    }
  }
  return seats;
}

int NumberAfter(const std::string& story, const std::string& prefix) {
  const size_t at = story.find(prefix);
  if (at == std::string::npos) return -1;
  size_t i = at + prefix.size();
  if (i >= story.size() || !std::isdigit(static_cast<unsigned char>(story[i]))) return -1;
  int n = 0;
  for (; i < story.size() && std::isdigit(static_cast<unsigned char>(story[i])); ++i)
    n = n * 10 + (story[i] - '0');
  return n;
}

}  // namespace savanna::testing
