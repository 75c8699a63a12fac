// Python bindings of states: turn structure, legal actions and masks, checked apply (ids,
// strings or structured actions), views, observation tensors as numpy arrays, determinization,
// cloning, JSON round trip, the end of the game and game records.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstring>

#include "core/rng.h"
#include "python/bindings.h"

namespace savanna::python {
namespace {

py::list PlayerList(PlayerSet set) {
  py::list out;
  for (Player p : set) out.append(p);
  return out;
}

py::list Values(const State& s, const PlayerValues& values) {
  py::list out;
  for (int p = 0; p < s.NumPlayers(); ++p) out.append(values[p]);
  return out;
}

std::vector<int> Legal(const State& s, Player p) {
  ActionList legal;
  s.LegalActions(p, legal);
  return std::vector<int>(legal.begin(), legal.end());
}

py::array_t<float> Observation(const PyState& s, const py::object& viewer, py::object out) {
  const Player v = ToViewer(*s.game, viewer);
  const int size = s.game->ObservationSize();
  py::array_t<float> array;
  if (out.is_none()) {
    array = py::array_t<float>(s.game->ObservationShape());
  } else {
    array = py::array_t<float, py::array::c_style>::ensure(out);
    if (!array || array.size() != size || !array.writeable() || array.ptr() != out.ptr())
      Raise("out must be a writable C-contiguous float32 array of " + std::to_string(size) +
            " elements");
  }
  s.state->ObservationTensor(v, std::span<float>(array.mutable_data(), size));
  return array;
}

// Raises SavannaError unless `action` is legal for `player` (what names and forms are given for).
void CheckLegal(const State& s, int player, int action) {
  if (!s.IsLegal(player, action))
    Raise("action " + std::to_string(action) + " is not legal for player " +
          std::to_string(player));
}

void ApplyAction(PyState& s, const py::object& first, const py::object& second) {
  // apply(action) for the single player to act, or apply(player, action).
  const bool two = !second.is_none();
  const Player p = ActingPlayer(*s.state, two ? first : py::none());
  const Action a = ToAction(*s.state, p, two ? second : first);
  const std::string text = s.state->ActionToString(p, a);
  Unwrap(s.state->Apply(p, a));
  s.actions.push_back({p, text});
}

py::object Record(const PyState& s, const std::vector<std::string>& seats) {
  if (!s.seed) Raise("this state did not grow from a seed by apply(): it has no record");
  GameRecord r;
  r.game = s.game->name();
  r.params = s.game->params().ToJson();
  r.seed = *s.seed;
  r.seats = seats.empty() ? std::vector<std::string>(s.game->NumPlayers(), "python") : seats;
  if (int(r.seats.size()) != s.game->NumPlayers())
    Raise("record: " + std::to_string(r.seats.size()) + " seats given for " +
          std::to_string(s.game->NumPlayers()) + " players");
  r.actions = s.actions;
  r.result = ResultJson(*s.state);
  return ToPython(r.ToJson());
}

}  // namespace

void BindStates(py::module_& m) {
  py::class_<PyState> state_class(m, "State");
  state_class.def_property_readonly("game", [](const PyState& s) { return Mutable(s.game); })
      .def_property_readonly("players_to_act",
                             [](const PyState& s) { return PlayerList(s.state->PlayersToAct()); })
      .def_property_readonly(
          "current_player",
          [](const PyState& s) {
            const PlayerSet a = s.state->PlayersToAct();
            return a.Size() == 1 ? a.First() : (a.Empty() ? -4 : -2);
          },
          "The single player to act; -2 at a simultaneous decision, -4 once "
          "over (OpenSpiel's kSimultaneousPlayerId and kTerminalPlayerId).")
      .def("is_terminal", [](const PyState& s) { return s.state->IsTerminal(); })
      .def_property_readonly("move_number", [](const PyState& s) { return s.state->MoveNumber(); })
      .def(
          "legal_actions",
          [](const PyState& s, const py::object& player) {
            if (player.is_none() && s.state->IsTerminal()) return std::vector<int>{};
            return Legal(*s.state, ActingPlayer(*s.state, player));
          },
          py::arg("player") = py::none(),
          "Legal action ids in increasing order (of the single player to act by default).")
      .def(
          "legal_mask",
          [](const PyState& s, const py::object& player) {
            py::array_t<uint8_t> mask(s.game->NumDistinctActions());
            std::memset(mask.mutable_data(), 0, mask.size());
            if (!(player.is_none() && s.state->IsTerminal()))
              for (int a : Legal(*s.state, ActingPlayer(*s.state, player))) mask.mutable_at(a) = 1;
            return mask.attr("astype")("bool");
          },
          py::arg("player") = py::none(), "A bool array of num_distinct_actions entries.")
      .def("apply", &ApplyAction, py::arg("player_or_action"), py::arg("action") = py::none(),
           "apply(action) or apply(player, action); action: an id, its string or its "
           "structured form (dict). An illegal action raises SavannaError and changes nothing.")
      .def(
          "action_to_string",
          [](const PyState& s, int player, int action) {
            CheckLegal(*s.state, player, action);
            return s.state->ActionToString(player, action);
          },
          py::arg("player"), py::arg("action"))
      .def(
          "structured_action",
          [](const PyState& s, int player, int action) {
            CheckLegal(*s.state, player, action);
            return ToPython(s.state->StructuredAction(player, action));
          },
          py::arg("player"), py::arg("action"))
      .def(
          "parse_action",
          [](const PyState& s, int player, const py::object& action) {
            Unwrap(s.state->CheckCanAct(player));
            return ToAction(*s.state, player, action);
          },
          py::arg("player"), py::arg("action"), "The id of an action string or structured form.")
      .def(
          "view",
          [](const PyState& s, const py::object& viewer) {
            return ToPython(s.state->View(ToViewer(*s.game, viewer)));
          },
          py::arg("viewer") = py::none(), "What a seat (or the spectator, None) may know.")
      .def(
          "view_text",
          [](const PyState& s, const py::object& viewer) {
            return s.state->ViewText(ToViewer(*s.game, viewer));
          },
          py::arg("viewer") = py::none())
      .def("observation", &Observation, py::arg("viewer") = py::none(), py::arg("out") = py::none(),
           "The viewer's float32 observation tensor, written straight into a new numpy array or "
           "into `out`.")
      .def(
          "determinize",
          [](const PyState& s, const py::object& viewer, uint64_t seed) {
            Rng rng(seed);
            return PyState{
                s.game, s.state->Determinize(ToViewer(*s.game, viewer), rng), std::nullopt, {}};
          },
          py::arg("viewer"), py::arg("seed") = 0,
          "A state consistent with all the viewer has seen, every hidden thing re-sampled.")
      .def("clone", &PyState::Copy)
      .def("__copy__", &PyState::Copy)
      .def("__deepcopy__", [](const PyState& s, const py::object&) { return s.Copy(); })
      .def(
          "to_json", [](const PyState& s) { return ToPython(s.state->ToJson()); },
          "The full state (every secret and the RNG included): for tools, never for players.")
      .def("scores", [](const PyState& s) { return Values(*s.state, s.state->Scores()); })
      .def("returns", [](const PyState& s) { return Values(*s.state, s.state->Returns()); })
      .def("winners", [](const PyState& s) { return PlayerList(s.state->Winners()); })
      .def("hash", [](const PyState& s) { return s.state->Hash(); })
      .def("record", &Record, py::arg("seats") = std::vector<std::string>{},
           "The game record since the seed, for savanna.replay and `savanna replay`.")
      .def("__str__", [](const PyState& s) { return s.state->ViewText(kSpectator); })
      .def("__repr__", [](const PyState& s) {
        return "<savanna.State " + s.game->Spec() + " move " +
               std::to_string(s.state->MoveNumber()) + ">";
      });
  BindNetStateMethods(state_class);
}

}  // namespace savanna::python
