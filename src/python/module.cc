// The Python module `savanna._savanna`: the exception class, JSON conversion and the helpers
// every binding shares; the bindings themselves live one concern per file.
#include <pybind11/pybind11.h>

#include "core/json_io.h"
#include "python/bindings.h"

namespace savanna::python {

py::object& ErrorClass() {
  static py::object* error = nullptr;
  if (!error) error = new py::object();  // lives as long as the module (never destroyed)
  return *error;
}

void Raise(const std::string& message) {
  PyErr_SetString(ErrorClass().ptr(), message.c_str());
  throw py::error_already_set();
}

py::object ToPython(const Json& json) {
  // Leaked on purpose: a static py::object would be released after the interpreter is gone.
  static py::object* loads = new py::object(py::module_::import("json").attr("loads"));
  return (*loads)(JsonText(json));
}

Json FromPython(const py::handle& object) {
  static py::object* dumps = new py::object(py::module_::import("json").attr("dumps"));
  return Json::parse((*dumps)(object).cast<std::string>());
}

Player ToViewer(const Game& game, const py::handle& viewer) {
  if (viewer.is_none()) return kSpectator;
  if (py::isinstance<py::str>(viewer)) {
    if (viewer.cast<std::string>() == "spectator") return kSpectator;
    Raise("viewer '" + viewer.cast<std::string>() + "' is not a seat or \"spectator\"");
  }
  const int p = viewer.cast<int>();
  if (p < 0 || p >= game.NumPlayers())
    Raise("viewer " + std::to_string(p) + " is not a seat of " + game.Spec() + " (0.." +
          std::to_string(game.NumPlayers() - 1) + ")");
  return p;
}

Player ActingPlayer(const State& state, const py::handle& player) {
  if (!player.is_none()) {
    const int p = player.cast<int>();
    Unwrap(state.CheckCanAct(p));
    return p;
  }
  const PlayerSet acting = state.PlayersToAct();
  if (acting.Empty()) Raise("the game is over: nobody acts");
  if (acting.Size() > 1)
    Raise("several players act at once (a simultaneous decision): name the player");
  return acting.First();
}

Action ToAction(const State& state, Player player, const py::handle& action) {
  if (py::isinstance<py::str>(action))
    return Unwrap(state.ParseAction(player, action.cast<std::string>()));
  if (py::isinstance<py::dict>(action)) {
    const Json wanted = FromPython(action);
    ActionList legal;
    state.LegalActions(player, legal);
    for (Action a : legal)
      if (state.StructuredAction(player, a) == wanted) return a;
    Raise("player " + std::to_string(player) + ": no legal action has the structured form " +
          wanted.dump());
  }
  const int a = action.cast<int>();
  if (!state.IsLegal(player, a))
    Raise("player " + std::to_string(player) + ": action " + std::to_string(a) +
          " is not legal now");
  return a;
}

}  // namespace savanna::python

PYBIND11_MODULE(_savanna, m) {
  namespace sp = savanna::python;
  namespace py = pybind11;
  m.doc() = "Savanna: five tabletop games for play, simulation and learning (C++ engine)";
  sp::ErrorClass() = py::reinterpret_steal<py::object>(
      PyErr_NewException("savanna.SavannaError", PyExc_ValueError, nullptr));
  m.attr("SavannaError") = sp::ErrorClass();
  sp::BindGames(m);
  sp::BindStates(m);
  sp::BindAgents(m);
  sp::BindVectorEnv(m);
  sp::BindPythonAgents(m);
  sp::BindPlay(m);
  sp::BindNets(m);
}
