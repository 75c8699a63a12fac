// A game in the terminal over a Session: what `savanna play` runs, and `savanna.play` in Python
// (the session layer holds it so that neither front end includes the other's headers). Human
// seats type their moves on stdin and see only their own views on stdout; agent seats play by
// spec, Python callables registered with savanna.register_agent included.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/result.h"

namespace savanna {

struct TerminalGameOptions {
  std::string spec;
  std::vector<std::string> seats;  // one entry per seat: "human" or an agent spec
  uint64_t seed = 0;
  std::string record_path;  // empty: no record saved
  bool hints = false;
  // Hints use the strongest level that fits their time budget, a second: `expert` (1 s).
  std::string hint_agent = "expert";
};

// Plays one game until it ends, a human quits or stdin ends. Bad options (spec, seats, hint
// agent, an unwritable record) fail before anything is printed. Errors about the hint agent
// say "--hint-agent: ", as the program's option reads.
Result<void> PlayInTerminal(const GameRegistry& games, const TerminalGameOptions& options);

}  // namespace savanna
