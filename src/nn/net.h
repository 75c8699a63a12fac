// A loaded net and its evaluation (docs/nets.md): dense ReLU layers, a policy head (logits) and a
// value head (tanh), evaluated by the engine itself with no allocation per evaluation. The search
// and the agents see only Net, NetWorkspace and NetEvaluator; how the layers are computed (Eigen,
// a sparse first layer) stays in net.cc.
#pragma once

#include <memory>
#include <mutex>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/action_list.h"
#include "core/game.h"
#include "core/result.h"
#include "core/state.h"
#include "core/types.h"
#include "nn/net_file.h"
#include "nn/net_kernels.h"

namespace savanna::nn {

class NetWorkspace;

class Net {
 public:
  // Reads a net from a file's bytes (ParseNetFile's checks); `name` names it in errors.
  static Result<std::shared_ptr<const Net>> FromBytes(std::string_view bytes,
                                                      const std::string& name);
  // Reads the net file at `path`.
  static Result<std::shared_ptr<const Net>> FromFile(const std::string& path);

  const NetHeader& header() const { return header_; }
  // Where the net came from: the file's path, or "data/<game>/net.bin".
  const std::string& name() const { return name_; }
  int input_size() const { return header_.input; }
  int num_actions() const { return header_.actions; }
  int num_seats() const { return header_.seats; }
  // The observation's room in the input (input - the number of player counts).
  int observation_width() const { return header_.input - int(header_.players.size()); }

  // Whether the net fits `game`'s configuration (docs/nets.md): its game, observation layout,
  // player count and the shapes of the configuration's family. Errors start with the net's name
  // and say what differs. The first check of a configuration builds its family; later ones are
  // remembered (by the configuration's spec). Thread-safe.
  Result<void> CheckFits(const Game& game) const;

  // One whole forward pass of ws.input() (written by the caller) into ws.logits() (every action)
  // and ws.values(). Allocation-free. `kernels`: the CPU's (tests compare the portable ones).
  void Forward(NetWorkspace& ws, const NetKernels& kernels = Kernels()) const;
  // The trunk and the value head only (ws.values()); the policy's logits are then computed for
  // the actions asked about (Logits): a search needs the legal ones, a few of Kilimanjaro's 823.
  void ForwardTrunk(NetWorkspace& ws, const NetKernels& kernels = Kernels()) const;
  // After ForwardTrunk: the logit of each of `actions` into `out` (as many floats).
  void Logits(const NetWorkspace& ws, std::span<const Action> actions, std::span<float> out,
              const NetKernels& kernels = Kernels()) const;

 private:
  Net(NetFile file, std::string name);

  // One dense layer: `out` rows of `in` columns, row-major, then `out` biases (views into
  // weights_).
  struct Layer {
    int in = 0;
    int out = 0;
    const float* w = nullptr;
    const float* b = nullptr;
  };

  NetHeader header_;
  std::string name_;
  std::vector<float> weights_;  // the file's weights, in its order
  std::vector<Layer> trunk_;
  Layer policy_, value_;
  // The first trunk layer's matrix transposed (column i of W, the weights of input i, is
  // contiguous), for the sparse product: most inputs are zeros of one-hot slots.
  std::vector<float> first_columns_;
  mutable std::mutex fits_mutex_;
  mutable std::set<std::string, std::less<>> fits_;  // configurations CheckFits accepted
};

// The buffers of one evaluation at a time: the input, the activations and the outputs. One per
// thread; sized for one net at construction, then allocation-free.
class NetWorkspace {
 public:
  explicit NetWorkspace(const Net& net);

  std::span<float> input() { return input_; }
  std::span<const float> input() const { return input_; }
  // After Net::Forward: a logit per action id, a value in [-1, 1] per relative seat.
  std::span<const float> logits() const { return logits_; }
  std::span<const float> values() const { return values_; }

 private:
  friend class Net;
  std::vector<float> input_, a_, b_, logits_, values_;
  const float* hidden_ = nullptr;  // the trunk's output (input_, a_ or b_)
  std::vector<int> nonzero_;       // the input's nonzero slots, for the sparse first layer
};

// A net evaluating states for viewers, as search and agents ask: the input written from the
// state, the forward pass, and the outputs read back per legal action and per seat.
// Allocation-free after construction. Not thread-safe: one per searching thread.
class NetEvaluator {
 public:
  explicit NetEvaluator(std::shared_ptr<const Net> net);

  const Net& net() const { return *net_; }
  const std::shared_ptr<const Net>& shared() const { return net_; }

  // Evaluates `state` as `viewer` sees it (a seat). The state's game must fit the net
  // (Net::CheckFits, done once by the caller; the sizes are checked here on every call).
  void Evaluate(const State& state, Player viewer);
  // Forgets the game of the last evaluation, so that the next one asks the game for its sizes
  // again: call it when the game may have changed (at each decision), since a new game can take
  // the address of one destroyed.
  void ForgetGame() { game_ = nullptr; }
  // After Evaluate: the value of absolute seat `seat` in [-1, 1].
  float Value(Player seat) const;
  // After Evaluate: each seat's reward in [0, 1] ((value + 1) / 2), what the search backs up.
  PlayerValues Rewards() const;
  // After Evaluate: the softmax of the logits over `legal`, into `probs` (legal.Size() floats, in
  // the order of `legal`).
  void Policy(const ActionList& legal, std::span<float> probs) const;

 private:
  std::shared_ptr<const Net> net_;
  NetWorkspace ws_;
  Player viewer_ = 0;
  int players_ = 0;
  // The game of the last state evaluated and its observation's size and action count (asked
  // once per game: a Game may compute them with an allocation).
  const Game* game_ = nullptr;
  int observation_size_ = 0;
};

// A net of `header`'s shapes (its checksum is computed) with weights uniform in [-scale, scale]
// from `seed`: for measuring speed where no trained net exists (`savanna bench`) and for tests,
// never for play.
std::shared_ptr<const Net> RandomNet(const NetHeader& header, uint64_t seed, float scale = 0.3f);
// The weights RandomNet gives `header`, in the file's order.
std::vector<float> RandomWeights(const NetHeader& header, uint64_t seed, float scale = 0.3f);

// The nets a process has loaded, each read once and shared: a file again only once it changed
// (size or modification time), a game's shipped net once per game. Thread-safe.
// The net `which` names for a state of `game`: "none" gives null, "game" the game's shipped net
// (an error when it ships none), anything else is a file path. Errors name the file and why;
// the net is not yet checked against `game` (Net::CheckFits).
Result<std::shared_ptr<const Net>> SharedNet(std::string_view which, const Game& game);
// The file at `path`, through the same cache (for agents that check their spec before a game).
Result<std::shared_ptr<const Net>> SharedNetFile(const std::string& path);

// A name for `net` that SharedNet and SharedNetFile resolve while the net is alive elsewhere
// ("mem:<n>", a new n per call): a net built in memory (the Python module's Net objects) reaches
// agents through their `net=` parameter without a file. The process keeps no reference to it.
std::string HoldNet(std::shared_ptr<const Net> net);

}  // namespace savanna::nn
