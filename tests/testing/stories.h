// Stories against the states they tell (State::Story, core/story.h): each game's test folder holds
// a `<game>_story_test.cc` that walks seeded random games and holds every action's story to what
// happened: the generic checks here (a story for every action, told by its actor, with
// well-formed seat marks, the public story free of what only the actor knows as far as the marks
// go), and the game's own checks against the states before and after.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/state.h"

namespace savanna::testing {

// One applied action with its stories.
struct StoryStep {
  const State& before;
  const State& after;
  Player player;
  Action action;
  std::string text;          // the action's text (ActionToString in `before`)
  std::string own;           // the story told to its actor
  std::string public_story;  // the story told to everybody else
};

// Plays `games` seeded random games of `spec` (each acting player in turn picks uniformly among
// its legal actions) and calls `check` after every action, once the generic checks passed.
// Returns the number of actions checked (the test should expect enough of them).
int WalkStories(const GameRegistry& registry, const std::string& spec, int games,
                const std::function<void(const StoryStep&)>& check);

// The number a story writes right after `prefix` ("moved " -> 7), or -1 when `prefix` is absent.
int NumberAfter(const std::string& story, const std::string& prefix);

// `story` with every seat mark ("{P2}", "{P2's}") written `as`. (No std::regex in these tests:
// GCC 12's <regex> fails the sanitizer build's -Werror with maybe-uninitialized warnings.)
std::string WithoutMarks(const std::string& story, const std::string& as);

// The seats of the marks in `text` ("{P0} and {P2}" -> {0, 2}); -1 for anything in `text` that is
// neither a mark nor a separator (", ", " and ").
std::vector<int> MarkedSeats(const std::string& text);

}  // namespace savanna::testing
