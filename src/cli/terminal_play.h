// A game in the terminal (what `savanna play` runs, and `savanna.play` in Python): human seats
// type their moves on stdin and see only their own views on stdout; agent seats play by spec,
// Python callables registered with savanna.register_agent included.
#pragma once

#include <string>

#include "core/registry.h"
#include "core/result.h"

namespace savanna::cli {

struct PlayOptions {
  // The game spec and one seat entry per seat, comma-separated: "human" or an agent spec.
  std::string spec;
  std::string seats;
  std::string seed;  // empty: from the clock
  std::string record_path;
  bool hints = false;
  // Hints use the strongest level that fits their time budget, a second: `expert` (1 s).
  std::string hint_agent = "expert";
};

// Plays one game until it ends, a human quits or stdin ends. Bad options (seats, seed, spec,
// hint agent, an unwritable record) fail before anything is printed.
Result<void> PlayInTerminal(const GameRegistry& games, const PlayOptions& options);

}  // namespace savanna::cli
