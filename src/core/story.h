// Stories: what an action did, in words for a move log ("{P0} played 3 zebras, which chased 2
// meerkats into {P0's} score pile"). A game writes them (State::Story); a front end names the
// seats its own way: "you" and "your" for the reader's seat in the web UI, "P0" and "P0's" in
// the terminal (StoryText).
//
// The format: plain text in which a seat is written {P<n>} (its name) or {P<n>'s} (its
// possessive), n the seat from 0. Nothing else is marked up; braces appear nowhere else.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"

namespace savanna {

// "{P2}": seat 2 by name, in a story.
inline std::string StorySeat(Player seat) { return "{P" + std::to_string(seat) + "}"; }
// "{P2's}": seat 2's, in a story.
inline std::string StorySeats(Player seat) { return "{P" + std::to_string(seat) + "'s}"; }

// The story with its seats written as the terminal names them: "{P2}" as "P2", "{P2's}" as
// "P2's".
std::string StoryText(std::string_view story);

// The English plural of a noun: "zebras", "ostriches", "mice".
std::string PluralOf(std::string_view noun);

// "1 zebra", "3 zebras"; `many` defaults to PluralOf(one).
std::string Counted(int n, std::string_view one, std::string_view many = {});

// "a, b and c" ("" for none).
std::string JoinAnd(const std::vector<std::string>& items);

}  // namespace savanna
