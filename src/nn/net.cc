// Net evaluation: the dense layers as matrix-vector products over the file's row-major weights,
// and the first layer as a sum of the columns of the input's nonzero slots (observations are
// mostly the zeros of one-hot slots), through the CPU's kernels (net_kernels.h; docs/nets.md,
// "Evaluation", has the figures).
#include "nn/net.h"

#include <sys/stat.h>

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <map>

#include "core/check.h"
#include "core/json_io.h"
#include "core/rng.h"
#include "nn/net_input.h"

namespace savanna::nn {
namespace {

using RowMajorWeights = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

}  // namespace

Net::Net(NetFile file, std::string name)
    : header_(std::move(file.header)), name_(std::move(name)), weights_(std::move(file.weights)) {
  // Subnormal weights become zeros: they change no output a net could mean, but every product
  // with one takes the CPU's slow path (a net trained with weight decay has thousands; Kariba's of
  // 2026-11-27 evaluated 4 to 6 times slower with them, experiments/2026-11-28-kariba-net-speed).
  for (float& w : weights_)
    if (std::fpclassify(w) == FP_SUBNORMAL) w = 0.0f;
  const float* p = weights_.data();
  auto take = [&p](int in, int out) {
    Layer layer{in, out, p, p + size_t(in) * size_t(out)};
    p += size_t(in + 1) * size_t(out);
    return layer;
  };
  int in = header_.input;
  for (int width : header_.trunk) {
    trunk_.push_back(take(in, width));
    in = width;
  }
  policy_ = take(in, header_.actions);
  value_ = take(in, header_.seats);
  SAVANNA_CHECK(p == weights_.data() + weights_.size());
  if (!trunk_.empty()) {
    const Layer& first = trunk_[0];
    first_columns_.resize(size_t(first.in) * size_t(first.out));
    Eigen::Map<Eigen::MatrixXf>(first_columns_.data(), first.out, first.in) =
        Eigen::Map<const RowMajorWeights>(first.w, first.out, first.in);
  }
}

Result<std::shared_ptr<const Net>> Net::FromBytes(std::string_view bytes, const std::string& name) {
  auto file = ParseNetFile(bytes, name);
  if (!file) return tl::unexpected(file.error());
  return std::shared_ptr<const Net>(new Net(std::move(*file), name));
}

Result<std::shared_ptr<const Net>> Net::FromFile(const std::string& path) {
  auto bytes = ReadTextFile(path);
  if (!bytes) return tl::unexpected(bytes.error());
  return FromBytes(*bytes, path);
}

Result<void> Net::CheckFits(const Game& game) const {
  const std::string spec = game.Spec();
  {
    std::lock_guard lock(fits_mutex_);
    if (fits_.count(spec) > 0) return {};
  }
  auto fail = [&](const std::string& reason) {
    return Fail(ErrorCode::kInvalidArgument, name_ + ": " + reason);
  };
  if (header_.game != game.name())
    return fail("a net for " + header_.game + ", not for " + game.name());
  if (header_.layout != game.ObservationLayoutVersion())
    return fail("made for observation layout " + std::to_string(header_.layout) + " of " +
                game.name() + ", which is at layout " +
                std::to_string(game.ObservationLayoutVersion()) + " now");
  if (PlayerCountIndex(header_.players, game.NumPlayers()) < 0)
    return fail("does not support " + std::to_string(game.NumPlayers()) + " players (it supports " +
                JsonText(header_.players) + ")");
  auto shape = NetShapeOf(game, header_.players);
  if (!shape) return fail(shape.error().message);
  for (auto [what, have, need] : {std::tuple{"input", header_.input, shape->input},
                                  std::tuple{"actions", header_.actions, shape->actions},
                                  std::tuple{"seats", header_.seats, shape->seats}})
    if (have != need)
      return fail(std::string(what) + " is " + std::to_string(have) + ", but " + game.Spec() +
                  " with players " + JsonText(header_.players) + " needs " + std::to_string(need));
  std::lock_guard lock(fits_mutex_);
  fits_.insert(spec);
  return {};
}

void Net::ForwardTrunk(NetWorkspace& ws, const NetKernels& kernels) const {
  const float* x = ws.input_.data();
  float* a = ws.a_.data();
  float* b = ws.b_.data();
  if (!trunk_.empty()) {
    // Step 1. The first layer from the input's nonzero slots only: h = b + sum x_i W[:, i]
    // (observations are mostly the zeros of one-hot slots).
    const Layer& first = trunk_[0];
    int nonzero = 0;
    for (int i = 0; i < first.in; ++i)
      if (x[i] != 0.0f) ws.nonzero_[size_t(nonzero++)] = i;
    std::copy(first.b, first.b + first.out, a);
    for (int k = 0; k < nonzero; ++k) {
      const int i = ws.nonzero_[size_t(k)];
      kernels.axpy(x[i], first_columns_.data() + size_t(i) * size_t(first.out), first.out, a);
    }
    for (int o = 0; o < first.out; ++o) a[o] = std::max(a[o], 0.0f);
    x = a;
    // Step 2. The other trunk layers, dense.
    for (size_t l = 1; l < trunk_.size(); ++l) {
      const Layer& layer = trunk_[l];
      kernels.dense(layer.w, layer.b, x, layer.in, layer.out, b, true);
      x = b;
      std::swap(a, b);
    }
  }
  ws.hidden_ = x;
  // Step 3. The value head, through tanh.
  kernels.dense(value_.w, value_.b, x, value_.in, value_.out, ws.values_.data(), false);
  for (float& v : ws.values_) v = std::tanh(v);
}

void Net::Logits(const NetWorkspace& ws, std::span<const Action> actions, std::span<float> out,
                 const NetKernels& kernels) const {
  // Step 4. The policy head, one row per action asked about.
  SAVANNA_CHECK(ws.hidden_ != nullptr && out.size() >= actions.size());
  const int last = policy_.in;
  for (size_t k = 0; k < actions.size(); ++k) {
    const size_t a = size_t(actions[k]);
    SAVANNA_CHECK(a < size_t(policy_.out));
    out[k] = kernels.dot(policy_.w + a * size_t(last), ws.hidden_, last) + policy_.b[a];
  }
}

void Net::Forward(NetWorkspace& ws, const NetKernels& kernels) const {
  ForwardTrunk(ws, kernels);
  kernels.dense(policy_.w, policy_.b, ws.hidden_, policy_.in, policy_.out, ws.logits_.data(),
                false);
}

NetWorkspace::NetWorkspace(const Net& net)
    : input_(size_t(net.input_size()), 0.0f),
      logits_(size_t(net.num_actions())),
      values_(size_t(net.num_seats())),
      nonzero_(size_t(net.input_size())) {
  int widest = 1;
  for (int width : net.header().trunk) widest = std::max(widest, width);
  a_.resize(size_t(widest));
  b_.resize(size_t(widest));
}

NetEvaluator::NetEvaluator(std::shared_ptr<const Net> net) : net_(std::move(net)), ws_(*net_) {}

void NetEvaluator::Evaluate(const State& state, Player viewer) {
  const Game& game = state.game();
  if (&game != game_) {
    SAVANNA_CHECK(game.NumDistinctActions() <= net_->num_actions() &&
                  game.NumPlayers() <= net_->num_seats());
    game_ = &game;
    observation_size_ = game.ObservationSize();
  }
  SAVANNA_CHECK(viewer >= 0 && viewer < state.NumPlayers());
  WriteNetInput(state, viewer, observation_size_, net_->observation_width(), net_->header().players,
                ws_.input());
  net_->ForwardTrunk(ws_);
  viewer_ = viewer;
  players_ = state.NumPlayers();
}

float NetEvaluator::Value(Player seat) const {
  return ws_.values()[size_t((seat - viewer_ + players_) % players_)];
}

PlayerValues NetEvaluator::Rewards() const {
  PlayerValues rewards{};
  for (Player p = 0; p < players_; ++p) rewards[p] = 0.5 * (double(Value(p)) + 1.0);
  return rewards;
}

void NetEvaluator::Policy(const ActionList& legal, std::span<float> probs) const {
  SAVANNA_CHECK(int(probs.size()) >= legal.Size() && !legal.Empty());
  net_->Logits(ws_, std::span<const Action>(legal.begin(), size_t(legal.Size())), probs);
  const size_t n = size_t(legal.Size());
  const float top = *std::max_element(probs.begin(), probs.begin() + long(n));
  float sum = 0;
  for (size_t i = 0; i < n; ++i) {
    probs[i] = std::exp(probs[i] - top);
    sum += probs[i];
  }
  for (size_t i = 0; i < n; ++i) probs[i] /= sum;
}

std::vector<float> RandomWeights(const NetHeader& header, uint64_t seed, float scale) {
  Rng rng(seed);
  std::vector<float> weights(size_t(header.WeightCount()));
  for (float& w : weights) w = float((2 * rng.Uniform() - 1) * scale);
  return weights;
}

std::shared_ptr<const Net> RandomNet(const NetHeader& header, uint64_t seed, float scale) {
  auto net = Net::FromBytes(EncodeNetFile(header, RandomWeights(header, seed, scale)),
                            "random " + JsonText(header.trunk));
  SAVANNA_CHECK_MSG(net.has_value(), net ? "" : net.error().message);
  return *net;
}

namespace {

struct NetCache {
  std::mutex mutex;
  // By path: the file's size and modification time when read, and the net.
  struct FileEntry {
    off_t size = 0;
    int64_t mtime_ns = 0;
    std::shared_ptr<const Net> net;
  };
  std::map<std::string, FileEntry, std::less<>> files;
  // By the shipped bytes' address (embedded data lives as long as the program).
  std::map<const char*, std::shared_ptr<const Net>> shipped;
  // Nets held in memory elsewhere, by their "mem:<n>" names.
  std::map<std::string, std::weak_ptr<const Net>, std::less<>> held;
  uint64_t next_held = 1;
};

constexpr std::string_view kHeldPrefix = "mem:";

NetCache& Cache() {
  static NetCache* cache = new NetCache();  // never destroyed: agents may run at exit
  return *cache;
}

}  // namespace

std::string HoldNet(std::shared_ptr<const Net> net) {
  NetCache& cache = Cache();
  std::lock_guard lock(cache.mutex);
  // Forget the names of nets that died, so that a long training run does not grow the map.
  for (auto it = cache.held.begin(); it != cache.held.end();)
    it = it->second.expired() ? cache.held.erase(it) : std::next(it);
  std::string name = std::string(kHeldPrefix) + std::to_string(cache.next_held++);
  cache.held[name] = net;
  return name;
}

Result<std::shared_ptr<const Net>> SharedNetFile(const std::string& path) {
  if (path.rfind(kHeldPrefix, 0) == 0) {
    NetCache& cache = Cache();
    std::lock_guard lock(cache.mutex);
    auto it = cache.held.find(path);
    std::shared_ptr<const Net> net = it == cache.held.end() ? nullptr : it->second.lock();
    if (net == nullptr)
      return Fail(ErrorCode::kNotFound, path + ": no net of that name is held in memory now");
    return net;
  }
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return Net::FromFile(path);  // its error names the file
  const int64_t mtime = int64_t(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec;
  NetCache& cache = Cache();
  {
    std::lock_guard lock(cache.mutex);
    auto it = cache.files.find(path);
    if (it != cache.files.end() && it->second.size == info.st_size && it->second.mtime_ns == mtime)
      return it->second.net;
  }
  auto net = Net::FromFile(path);
  if (!net) return net;
  std::lock_guard lock(cache.mutex);
  cache.files[path] = {info.st_size, mtime, *net};
  return *net;
}

Result<std::shared_ptr<const Net>> SharedNet(std::string_view which, const Game& game) {
  if (which == "none") return std::shared_ptr<const Net>();
  if (which != "game") return SharedNetFile(std::string(which));
  const std::string name = "data/" + game.name() + "/net.bin";
  const std::string_view bytes = game.ShippedNet();
  if (bytes.empty())
    return Fail(ErrorCode::kNotFound,
                game.name() + " ships no net (" + name + "); give net=FILE or net=none");
  NetCache& cache = Cache();
  std::lock_guard lock(cache.mutex);
  auto it = cache.shipped.find(bytes.data());
  if (it != cache.shipped.end()) return it->second;
  auto net = Net::FromBytes(bytes, name);
  if (!net) return net;
  cache.shipped[bytes.data()] = *net;
  return *net;
}

}  // namespace savanna::nn
