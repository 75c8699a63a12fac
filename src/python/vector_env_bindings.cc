// Python binding of the batched vector environment (rl/vector_env.h): N games stepped in C++
// per call, numpy arrays out (observations, masks, players to act, rewards, done flags) that
// the env owns and rewrites in place on every call, with automatic reset and optional threads.
#include <pybind11/numpy.h>

#include "games/registry.h"
#include "python/bindings.h"
#include "rl/vector_env.h"

namespace savanna::python {
namespace {

// The env and the arrays it writes; step() returns the same arrays each call (no allocation).
struct PyVectorEnv {
  std::unique_ptr<rl::VectorEnv> env;
  py::array_t<float> observations;
  py::array_t<uint8_t> masks;
  py::array_t<int32_t> to_play;
  py::array_t<float> rewards;
  py::array_t<uint8_t> dones;

  rl::VectorOutputs Outputs() {
    return {{observations.mutable_data(), size_t(observations.size())},
            {masks.mutable_data(), size_t(masks.size())},
            {to_play.mutable_data(), size_t(to_play.size())},
            {rewards.mutable_data(), size_t(rewards.size())},
            {dones.mutable_data(), size_t(dones.size())}};
  }
  // Read-only views: the env rewrites them in place, and its next step trusts the masks. Made
  // once: every reset and step returns these same five arrays (making them anew took a third of
  // a 256-game Kariba step's time).
  py::tuple arrays;
  void MakeArrays() {
    auto frozen = [](py::object a) {
      a.attr("setflags")(py::arg("write") = false);
      return a;
    };
    arrays = py::make_tuple(frozen(observations.attr("view")()), frozen(masks.attr("view")("bool")),
                            frozen(to_play.attr("view")()), frozen(rewards.attr("view")()),
                            frozen(dones.attr("view")("bool")));
  }
  const py::tuple& Arrays() const { return arrays; }
};

PyVectorEnv MakeVectorEnv(const std::string& spec, int num_envs, uint64_t seed, int threads) {
  if (num_envs <= 0) Raise("num_envs must be positive, not " + std::to_string(num_envs));
  if (threads <= 0) Raise("threads must be positive, not " + std::to_string(threads));
  std::shared_ptr<const Game> game = Unwrap(Games().Create(spec));
  PyVectorEnv v;
  v.env = std::make_unique<rl::VectorEnv>(game, num_envs, seed, threads);
  const py::ssize_t n = num_envs;
  v.observations = py::array_t<float>({n, py::ssize_t(v.env->observation_size())});
  v.masks = py::array_t<uint8_t>({n, py::ssize_t(v.env->num_actions())});
  v.to_play = py::array_t<int32_t>(n);
  v.rewards = py::array_t<float>({n, py::ssize_t(v.env->num_players())});
  v.dones = py::array_t<uint8_t>(n);
  v.MakeArrays();
  return v;
}

}  // namespace

void BindVectorEnv(py::module_& m) {
  py::class_<PyVectorEnv>(m, "VectorEnv",
                          "N games of one configuration stepped together in C++ (see "
                          "docs/python.md): step(actions) -> (observations, masks, to_play, "
                          "rewards, dones), arrays owned by the env and rewritten in place.")
      .def(py::init(&MakeVectorEnv), py::arg("game"), py::arg("num_envs"), py::arg("seed") = 0,
           py::arg("threads") = 1)
      .def_property_readonly("num_envs", [](const PyVectorEnv& v) { return v.env->num_envs(); })
      .def_property_readonly("observation_size",
                             [](const PyVectorEnv& v) { return v.env->observation_size(); })
      .def_property_readonly("num_actions",
                             [](const PyVectorEnv& v) { return v.env->num_actions(); })
      .def_property_readonly("num_players",
                             [](const PyVectorEnv& v) { return v.env->num_players(); })
      .def_property_readonly("games_finished",
                             [](const PyVectorEnv& v) { return v.env->games_finished(); })
      .def(
          "reset",
          [](PyVectorEnv& v) {
            v.env->Reset(v.Outputs());
            return v.Arrays();
          },
          "Starts every game from its next deal.")
      .def(
          "step",
          [](PyVectorEnv& v,
             const py::array_t<int32_t, py::array::c_style | py::array::forcecast>& actions) {
            if (actions.ndim() != 1 || actions.size() != v.env->num_envs())
              Raise("actions must be a 1-d array of " + std::to_string(v.env->num_envs()) +
                    " action ids");
            int bad = -1;
            bool ok;
            {
              py::gil_scoped_release release;
              ok = v.env->Step({actions.data(), size_t(actions.size())}, v.Outputs(), &bad);
            }
            if (!ok)
              Raise("game " + std::to_string(bad) + ": action " +
                    std::to_string(actions.data()[bad]) +
                    " is not legal for its player to act; no game was stepped");
            return v.Arrays();
          },
          py::arg("actions"),
          "Applies one action per game for its player to act; finished games are scored "
          "(rewards: their returns) and restarted.");
}

}  // namespace savanna::python
