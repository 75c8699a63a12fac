// savanna.play: the terminal game of `savanna play` (src/session/terminal_play.h) run from Python,
// so that seats can be Python callables registered with savanna.register_agent. Human seats read
// stdin and everything prints on the process's stdout, as the program does.
#include <pybind11/stl.h>

#include <optional>

#include "games/registry.h"
#include "python/bindings.h"
#include "session/session.h"
#include "session/terminal_play.h"

namespace savanna::python {

void BindPlay(py::module_& m) {
  m.def(
      "play",
      [](const std::string& game, const std::vector<std::string>& seats,
         std::optional<uint64_t> seed, const std::string& record, bool hints,
         const std::string& hint_agent) {
        // The seats as the program's --seats would read them joined by commas: a comma
        // outside parentheses would make two seats of one entry.
        std::string joined;
        for (const std::string& seat : seats) joined += (joined.empty() ? "" : ",") + seat;
        auto split = SplitSpecList(joined);
        if (split && split->size() != seats.size())
          Raise("seats: an entry holds a comma outside parentheses: give one entry per seat");
        if (!split) Unwrap(WithContext(std::move(split), "--seats: "));
        const TerminalGameOptions options{.spec = game,
                                          .seats = std::move(*split),
                                          .seed = seed ? *seed : ClockSeed(),
                                          .record_path = record,
                                          .hints = hints,
                                          .hint_agent = hint_agent};
        py::module_::import("sys").attr("stdout").attr("flush")();
        Unwrap(RunAgentLoop([&] { return PlayInTerminal(Games(), options); }));
      },
      py::arg("game"), py::arg("seats"), py::arg("seed") = py::none(), py::arg("record") = "",
      py::arg("hints") = false, py::arg("hint_agent") = "expert",
      "Plays one game in the terminal, as `savanna play` does: seats are 'human' (moves typed "
      "on stdin) or agent specs, including names given to register_agent. seed: the deal "
      "(default: the clock, printed); record: a file the game record is saved to after every "
      "move; hints: show the hint agent's estimates before each human decision.");
}

}  // namespace savanna::python
