// Python bindings of the agents (made from specs: random, flat_mc, ismcts, levels) and of
// simulations among them (`savanna sim` with its statistics, as a dict).
#include <pybind11/stl.h>

#include "agents/agent.h"
#include "games/registry.h"
#include "python/bindings.h"
#include "sim/simulation.h"

namespace savanna::python {

void BindAgents(py::module_& m) {
  m.def(
      "agents",
      [] {
        py::list out;
        for (const AgentInfo& info : AgentInfos()) {
          py::dict d;
          d["name"] = info.name;
          d["description"] = info.description;
          py::dict params;
          for (const ParamSpec& p : info.params) params[py::str(p.name)] = ToPython(p.ToJson());
          d["params"] = params;
          out.append(d);
        }
        return out;
      },
      "Every agent kind with its parameters.");

  py::class_<Agent>(m, "Agent")
      .def_property_readonly("spec", &Agent::Spec)
      .def(
          "choose",
          [](Agent& agent, const PyState& s, const py::object& player) {
            const Player p = ActingPlayer(*s.state, player);
            return RunAgentLoop([&] { return agent.Choose(*s.state, p); });
          },
          py::arg("state"), py::arg("player") = py::none(),
          "Chooses a legal action for the player (the single player to act by default), using "
          "only what that player may know.")
      .def("__repr__", [](const Agent& a) { return "<savanna.Agent " + a.Spec() + ">"; });
  m.def(
      "make_agent",
      [](const std::string& spec, uint64_t seed) { return Unwrap(MakeAgent(spec, seed)); },
      py::arg("spec"), py::arg("seed") = 0,
      "An agent from a spec: 'random', 'flat_mc(iters=200)', 'ismcts(time=0.5)', 'medium'.");

  m.def(
      "sim",
      [](const std::string& game, const std::vector<std::string>& agents, int64_t games,
         uint64_t seed, int threads) {
        SimConfig config{
            .game_spec = game, .agents = agents, .games = games, .seed = seed, .threads = threads};
        Result<SimResult> result = RunAgentLoop([&] { return RunSimulation(Games(), config); });
        return ToPython(SimResultToJson(Unwrap(std::move(result))));
      },
      py::arg("game"), py::arg("agents"), py::arg("games") = 100, py::arg("seed") = 1,
      py::arg("threads") = 1,
      "Plays `games` games among agent specs (seats rotated) and returns the `savanna sim` JSON "
      "summary: win rates with 95% intervals, mean scores, ratings, lengths.");
}

}  // namespace savanna::python
