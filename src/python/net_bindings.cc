// Python bindings of the nets (docs/nets.md): savanna.Net (load, encode, header, forward,
// evaluate, check), savanna.net_shape, State.net_input and State.net_value_target (the input and
// the value target exactly as the engine builds them), and savanna.label (a search's visit
// distribution and root value, the trainer's targets).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstring>

#include "agents/search_common.h"
#include "agents/search_label.h"
#include "games/registry.h"
#include "nn/net.h"
#include "nn/net_input.h"
#include "python/bindings.h"

namespace savanna::python {
namespace {

// A net held by Python, with the name agents' specs reach it by (net=mem:<n>) while it lives.
struct PyNet {
  std::shared_ptr<const nn::Net> net;
  std::string key;
};

PyNet Hold(std::shared_ptr<const nn::Net> net) {
  std::string key = nn::HoldNet(net);
  return PyNet{std::move(net), std::move(key)};
}

PyNet Load(const py::object& source) {
  if (py::isinstance<py::bytes>(source) || py::isinstance<py::bytearray>(source) ||
      py::isinstance<py::memoryview>(source)) {
    const std::string bytes = py::bytes(source.attr("__bytes__")()).cast<std::string>();
    return Hold(Unwrap(nn::Net::FromBytes(bytes, "<bytes>")));
  }
  const std::string path = py::str(py::module_::import("os").attr("fspath")(source));
  return Hold(Unwrap(nn::Net::FromFile(path)));
}

py::bytes Encode(const py::dict& header_dict, const py::object& weights_object) {
  Json header_json = FromPython(header_dict);
  if (header_json.is_object() && !header_json.contains("checksum"))
    header_json["checksum"] = "0000000000000000";  // computed below
  nn::NetHeader header = Unwrap(nn::ParseNetHeader(header_json, "header"));
  auto weights =
      py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(weights_object);
  if (!weights) Raise("weights must be an array of float32");
  if (weights.size() != header.WeightCount())
    Raise("the header's shapes need " + std::to_string(header.WeightCount()) + " weights, " +
          std::to_string(weights.size()) + " given");
  const std::string bytes = nn::EncodeNetFile(
      std::move(header), std::span<const float>(weights.data(), size_t(weights.size())));
  return py::bytes(bytes);
}

// The game of a spec or a savanna.Game.
std::shared_ptr<const Game> GameOf(const py::object& game) {
  if (py::isinstance<py::str>(game)) return Unwrap(Games().Create(game.cast<std::string>()));
  return game.cast<std::shared_ptr<Game>>();
}

// (logits, values) for one input or a batch, values through tanh.
py::tuple Forward(const PyNet& n, const py::object& x_object) {
  auto x = py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(x_object);
  const int input = n.net->input_size();
  if (!x || (x.ndim() != 1 && x.ndim() != 2) || x.shape(x.ndim() - 1) != input)
    Raise("forward: the input must be float32 of shape (" + std::to_string(input) + ",) or (B, " +
          std::to_string(input) + ")");
  const bool batch = x.ndim() == 2;
  const py::ssize_t rows = batch ? x.shape(0) : 1;
  const int actions = n.net->num_actions(), seats = n.net->num_seats();
  py::array_t<float> logits(batch ? std::vector<py::ssize_t>{rows, actions}
                                  : std::vector<py::ssize_t>{actions});
  py::array_t<float> values(batch ? std::vector<py::ssize_t>{rows, seats}
                                  : std::vector<py::ssize_t>{seats});
  nn::NetWorkspace ws(*n.net);
  for (py::ssize_t r = 0; r < rows; ++r) {
    std::memcpy(ws.input().data(), x.data() + r * input, size_t(input) * sizeof(float));
    n.net->Forward(ws);
    std::memcpy(logits.mutable_data() + r * actions, ws.logits().data(),
                size_t(actions) * sizeof(float));
    std::memcpy(values.mutable_data() + r * seats, ws.values().data(),
                size_t(seats) * sizeof(float));
  }
  return py::make_tuple(logits, values);
}

// (policy over the viewer's legal actions by action id, values by seat) for a state.
py::tuple Evaluate(const PyNet& n, const PyState& s, int viewer) {
  Unwrap(n.net->CheckFits(*s.game));
  const int players = s.state->NumPlayers();
  if (viewer < 0 || viewer >= players) Raise("viewer must be a seat");
  nn::NetEvaluator evaluator(n.net);
  evaluator.Evaluate(*s.state, viewer);
  py::array_t<float> policy(s.game->NumDistinctActions());
  std::memset(policy.mutable_data(), 0, size_t(policy.size()) * sizeof(float));
  ActionList legal;
  s.state->LegalActions(viewer, legal);
  if (!legal.Empty()) {
    std::vector<float> probs(size_t(legal.Size()));
    evaluator.Policy(legal, probs);
    for (int i = 0; i < legal.Size(); ++i) policy.mutable_at(legal[i]) = probs[size_t(i)];
  }
  py::array_t<float> values(players);
  for (Player p = 0; p < players; ++p) values.mutable_at(p) = evaluator.Value(p);
  return py::make_tuple(policy, values);
}

// The observation width and player counts of a shape dict or a Net.
std::pair<int, std::vector<int>> InputShape(const py::object& shape) {
  if (py::isinstance<PyNet>(shape)) {
    const nn::Net& net = *shape.cast<const PyNet&>().net;
    return {net.observation_width(), net.header().players};
  }
  const Json j = FromPython(shape);
  if (!j.is_object() || !j.contains("input") || !j.contains("players") ||
      !j["input"].is_number_integer() || !j["players"].is_array())
    Raise("shape must be a savanna.Net or a dict with 'input' and 'players' (savanna.net_shape)");
  const std::vector<int> players = j["players"].get<std::vector<int>>();
  return {j["input"].get<int>() - int(players.size()), players};
}

py::array_t<float> NetInput(const PyState& s, int viewer, const py::object& shape,
                            const py::object& out) {
  const auto [width, players] = InputShape(shape);
  const int size = width + int(players.size());
  if (viewer < 0 || viewer >= s.state->NumPlayers()) Raise("viewer must be a seat");
  if (s.game->ObservationSize() > width)
    Raise("this configuration's observation (" + std::to_string(s.game->ObservationSize()) +
          " floats) does not fit the shape's " + std::to_string(width));
  if (nn::PlayerCountIndex(players, s.state->NumPlayers()) < 0)
    Raise("the shape's player counts do not include " + std::to_string(s.state->NumPlayers()));
  py::array_t<float> array;
  if (out.is_none()) {
    array = py::array_t<float>(size);
  } else {
    array = py::array_t<float, py::array::c_style>::ensure(out);
    if (!array || array.size() != size || !array.writeable() || array.ptr() != out.ptr())
      Raise("out must be a writable C-contiguous float32 array of " + std::to_string(size) +
            " elements");
  }
  nn::WriteNetInput(*s.state, viewer, width, players,
                    std::span<float>(array.mutable_data(), size_t(size)));
  return array;
}

py::array_t<float> ValueTarget(const PyState& s, int viewer, double margin) {
  if (!s.state->IsTerminal()) Raise("net_value_target: the game is not over");
  const int n = s.state->NumPlayers();
  if (viewer < 0 || viewer >= n) Raise("viewer must be a seat");
  if (margin < 0 || margin > 1) Raise("margin must be from 0 to 1");
  const PlayerValues rewards = SearchReturns(*s.state, s.state->Returns(), margin);
  py::array_t<float> target(n);
  for (int j = 0; j < n; ++j) target.mutable_at(j) = float(2 * rewards[(viewer + j) % n] - 1);
  return target;
}

// `search` with net=<key> added (the net given once: in the spec or as the argument).
std::string WithNet(const std::string& search, const std::string& key) {
  Spec spec = Unwrap(ParseSpec(search));
  for (const auto& [name, value] : spec.args)
    if (name == "net") Raise("label: give the net once (net= in the spec, or the net argument)");
  std::string text = spec.name + "(";
  for (const auto& [name, value] : spec.args) text += name + "=" + value + ",";
  return text + "net=" + key + ")";
}

}  // namespace

void BindNets(py::module_& m) {
  py::class_<PyNet>(m, "Net", "A net file read and checked (docs/nets.md).")
      .def_static("load", &Load, py::arg("path_or_bytes"),
                  "Reads a net file (a path) or its bytes; a damaged or malformed one raises "
                  "SavannaError with the reason.")
      .def_static("encode", &Encode, py::arg("header"), py::arg("weights"),
                  "The bytes of a net file: `header` a dict of the header's fields (the checksum "
                  "is computed), `weights` the float32 weights in the file's order.")
      .def_property_readonly("header",
                             [](const PyNet& n) { return ToPython(n.net->header().ToJson()); })
      .def_property_readonly("name", [](const PyNet& n) { return n.net->name(); })
      .def_property_readonly(
          "key", [](const PyNet& n) { return n.key; },
          "The name agents' specs reach this net by while it lives: "
          "make_agent(f'policy(net={net.key})').")
      .def("forward", &Forward, py::arg("x"),
           "(logits, values) of an input of `input` floats, or of a batch (B, input); values "
           "through tanh, relative to the input's viewer.")
      .def("evaluate", &Evaluate, py::arg("state"), py::arg("viewer"),
           "(policy, values) for the state as `viewer` sees it: the softmax over the viewer's "
           "legal actions by action id (zeros elsewhere), and each seat's value in seat order.")
      .def(
          "check",
          [](const PyNet& n, const py::object& game) { Unwrap(n.net->CheckFits(*GameOf(game))); },
          py::arg("game"), "Raises SavannaError, with the reason, unless the net fits the game.")
      .def("__repr__", [](const PyNet& n) { return "<savanna.Net " + n.net->name() + ">"; });

  m.def(
      "net_shape",
      [](const py::object& game, std::vector<int> players) {
        return ToPython(Unwrap(nn::NetShapeOf(*GameOf(game), std::move(players))).ToJson());
      },
      py::arg("game"), py::arg("players") = std::vector<int>{},
      "The header fields game, layout, players, input, actions and seats of a net for the game "
      "(a spec or a Game) over the player counts (default: every count its configuration "
      "allows).");
  m.def(
      "label",
      [](const PyState& s, int player, const std::string& search, const py::object& net,
         uint64_t seed) {
        const std::string spec =
            net.is_none() ? search : WithNet(search, net.cast<const PyNet&>().key);
        Result<SearchLabel> result =
            RunAgentLoop([&] { return LabelBySearch(*s.state, player, spec, seed); });
        const SearchLabel label = Unwrap(std::move(result));
        py::array_t<float> policy(py::ssize_t(label.policy.size()));
        std::memcpy(policy.mutable_data(), label.policy.data(),
                    label.policy.size() * sizeof(float));
        return py::make_tuple(policy, label.value);
      },
      py::arg("state"), py::arg("player"), py::arg("search") = "ismcts(iters=400)",
      py::arg("net") = py::none(), py::arg("seed") = 0,
      "Runs the search for `player` (to act) and returns (policy, value): the root's visit "
      "shares by action id and the root value in [-1, 1]. With `net` the search uses it.");
}

void BindNetStateMethods(py::class_<PyState>& state) {
  state
      .def("net_input", &NetInput, py::arg("viewer"), py::arg("shape"), py::arg("out") = py::none(),
           "The net's input for `viewer` (docs/nets.md): the observation, zeros to the shape's "
           "width, the one-hot of the player count; `shape` a savanna.Net or net_shape's dict.")
      .def("net_value_target", &ValueTarget, py::arg("viewer"), py::arg("margin") = 0.5,
           "A finished game's value target relative to `viewer` (seat viewer + j at j): 2 r - 1 "
           "with r the reward the search backs up (win share mixed with the score margin).");
}

}  // namespace savanna::python
