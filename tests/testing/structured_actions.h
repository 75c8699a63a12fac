// Structured actions against their texts (docs/rules/<game>.md, "Structured actions"): each game's
// test folder holds a `<game>_structured_actions_test.cc` whose format writes a structured form out
// by the rule of its documented fields; in random games that must give back each legal action's
// text, and the public form its public text. So the fields mean what the docs say.
// The ctest `game_pieces` (web/tests/unit/game_pieces.test.ts) fails when a registered game has
// no such file or its <game>_rules_test no StructuredActions test.
#pragma once

#include <functional>
#include <string>

#include "core/json_io.h"
#include "core/registry.h"

namespace savanna::testing {

// Writes a structured action out as its text (the part of the text its fields determine).
using StructuredFormat = std::function<std::string(const Json&)>;

// Plays `games` random games of `spec` and checks every legal action of every acting player at
// every step: its text must be `format` of its structured form, its public text `format` of its
// public form (a text may go on after that part with ":" or " (": a card's printed text). Fails
// the test at the first mismatch, naming the spec and the action, and when fewer than 100
// actions were checked.
void CheckStructuredActions(const GameRegistry& registry, const std::string& spec,
                            const StructuredFormat& format, int games);

// Pieces of the formats: a string field as it is, any other value as JSON ("zebra", 3).
std::string FieldText(const Json& field);
// A seat field as it is written in texts: "P2".
std::string SeatText(const Json& seat);
// "1 bonus track", "2 bonus tracks".
std::string Plural(int n, const std::string& one, const std::string& many);

}  // namespace savanna::testing
