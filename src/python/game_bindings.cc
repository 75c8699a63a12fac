// Python bindings of games: the registry (games(), load_game), a configured Game with its
// metadata (GameType, observation shape), new states, and loading states and records.
#include <pybind11/stl.h>

#include "core/record.h"
#include "games/registry.h"
#include "python/bindings.h"

namespace savanna::python {
namespace {

py::dict TypeDict(const Game& game) {
  py::dict d = ToPython(game.Type().ToJson());
  d["num_distinct_actions"] = game.NumDistinctActions();
  d["max_game_length"] = game.MaxGameLength();
  d["num_players"] = game.NumPlayers();
  return d;
}

PyState NewState(std::shared_ptr<const Game> game, uint64_t seed) {
  PyState s{std::move(game), nullptr, seed, {}};
  s.state = s.game->NewInitialState(seed);
  return s;
}

}  // namespace

std::shared_ptr<Game> Mutable(std::shared_ptr<const Game> game) {
  return std::const_pointer_cast<Game>(std::move(game));
}

void BindGames(py::module_& m) {
  m.def(
      "games",
      [] {
        py::list out;
        for (const GameEntry& e : Games().entries()) out.append(ToPython(e.info.ToJson()));
        return out;
      },
      "Every registered game: name, title, players and parameters.");
  m.def(
      "load_game", [](const std::string& spec) { return Mutable(Unwrap(Games().Create(spec))); },
      py::arg("spec"), "A game from a spec: 'kariba', 'kariba(players=3,variant=open)'.");

  // pybind11 holders cannot be shared_ptr<const T>: Game objects are never changed from Python.
  py::class_<Game, std::shared_ptr<Game>>(m, "Game")
      .def_property_readonly("name", &Game::name)
      .def_property_readonly("spec", &Game::Spec)
      .def_property_readonly("title", [](const Game& g) { return g.info().title; })
      .def_property_readonly("params", [](const Game& g) { return ToPython(g.params().ToJson()); })
      .def_property_readonly("num_players", &Game::NumPlayers)
      .def_property_readonly("num_distinct_actions", &Game::NumDistinctActions)
      .def_property_readonly("max_game_length", &Game::MaxGameLength)
      .def_property_readonly(
          "observation_shape",
          [](const Game& g) { return py::tuple(py::cast(g.ObservationShape())); })
      .def_property_readonly("type", &TypeDict,
                             "Metadata in the style of OpenSpiel's GameType (a dict).")
      .def(
          "new_initial_state",
          [](const std::shared_ptr<Game>& g, uint64_t seed) { return NewState(g, seed); },
          py::arg("seed") = 0, "A fresh game; every shuffle follows from the seed.")
      .def(
          "state_from_json",
          [](const std::shared_ptr<Game>& g, const py::object& json) {
            return PyState{g, Unwrap(g->StateFromJson(FromPython(json))), std::nullopt, {}};
          },
          py::arg("json"), "Loads a state written by State.to_json(), checking every field.")
      .def("__repr__", [](const Game& g) { return "<savanna.Game " + g.Spec() + ">"; });

  m.def(
      "replay",
      [](const py::object& record) {
        auto parsed = Unwrap(GameRecord::FromJson(FromPython(record)));
        LoadedState loaded = Unwrap(Replay(Games(), parsed));
        return PyState{loaded.game, std::move(loaded.state), parsed.seed, parsed.actions};
      },
      py::arg("record"),
      "Replays a game record {format, game, params, seed, seats, actions, result} from its "
      "seed and returns the final state; fails naming the first action that does not apply.");
  m.def(
      "load_state_document",
      [](const py::object& document) {
        LoadedState loaded = Unwrap(LoadStateDocument(Games(), FromPython(document)));
        return PyState{loaded.game, std::move(loaded.state), std::nullopt, {}};
      },
      py::arg("document"), "A state from a {game, params, state} document (`savanna new`).");
}

}  // namespace savanna::python
