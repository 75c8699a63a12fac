// Shared helpers of the Python module `savanna._savanna` (pybind11): errors as Python
// exceptions, JSON <-> Python objects, viewers and actions given in Python's forms.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "core/game.h"
#include "core/record.h"
#include "core/result.h"
#include "core/state.h"

namespace savanna::python {

namespace py = pybind11;

// The Python exception class savanna.SavannaError (a ValueError), set up by the module.
py::object& ErrorClass();
// Raises SavannaError with the engine's one-line message.
[[noreturn]] void Raise(const std::string& message);

template <typename T>
T Unwrap(Result<T> result) {
  if (!result) Raise(result.error().message);
  return std::move(*result);
}
inline void Unwrap(Result<void> result) {
  if (!result) Raise(result.error().message);
}

py::object ToPython(const Json& json);
Json FromPython(const py::handle& object);

// A state held by Python: it keeps its game alive and, when it grew from a seed through
// apply(), the actions since, so that record() can write a replayable game record.
struct PyState {
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> state;
  std::optional<uint64_t> seed;  // unset for loaded or determinized states
  std::vector<RecordedAction> actions;

  PyState Copy() const { return PyState{game, state->Clone(), seed, actions}; }
};

// None or "spectator" -> kSpectator; an int seat checked against the game.
Player ToViewer(const Game& game, const py::handle& viewer);
// The player who owes an action: `player` if given, else the single player to act (an error
// when nobody or several players act).
Player ActingPlayer(const State& state, const py::handle& player);
// An action id from an int, an action string or a structured action (dict), checked legal.
Action ToAction(const State& state, Player player, const py::handle& action);

// The form Python holds games in (pybind11 holders cannot be shared_ptr<const T>); Python code
// has no way to change a Game.
std::shared_ptr<Game> Mutable(std::shared_ptr<const Game> game);

void BindGames(py::module_& m);
void BindStates(py::module_& m);
void BindAgents(py::module_& m);
void BindVectorEnv(py::module_& m);
void BindPythonAgents(py::module_& m);
void BindPlay(py::module_& m);
// savanna.Net, net_shape and label (net_bindings.cc); BindStates adds the State methods for nets.
void BindNets(py::module_& m);
void BindNetStateMethods(py::class_<PyState>& state);
// Raises the first error a Python agent met inside a C++ loop (sim, play), if any, and clears it.
void RaisePendingAgentError();
// Runs `loop` (GIL released), which may stop on an agent that cannot choose (AgentError); then
// raises the Python agent's own error if one is pending (also when `loop` ended otherwise).
template <class Loop>
auto RunAgentLoop(Loop&& loop) {
  try {
    auto result = [&] {
      py::gil_scoped_release release;  // Python agents take the lock when they choose
      return loop();
    }();
    RaisePendingAgentError();
    return result;
  } catch (const AgentError& e) {
    RaisePendingAgentError();
    Raise(e.what());
  }
}

}  // namespace savanna::python
