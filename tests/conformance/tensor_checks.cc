// The conformance checks of the observation tensor and the game type: a tensor has the declared
// shape, writes every slot of it and nothing past it, is a function of the viewer's view only
// (a Determinize(viewer) gives the same tensor), and GameType agrees with the play.
#include <cmath>
#include <cstring>
#include <string>

#include "conformance/game_checker.h"

namespace savanna::conformance {
namespace {

// Slots past the shape, and the two fillers a buffer starts with (a slot still holding its
// filler afterwards was not written).
constexpr int kGuardSlots = 16;
constexpr float kFillers[2] = {-1.25e30f, 3.5e29f};

std::string Viewer(Player v) { return v == kSpectator ? "spectator" : std::to_string(v); }

}  // namespace

bool GameChecker::CheckShape() {
  const std::vector<int> shape = game_.ObservationShape();
  if (shape.empty()) return Fail("ObservationShape() is empty");
  for (int d : shape)
    if (d <= 0) return Fail("ObservationShape() has a dimension " + std::to_string(d));
  tensor_size_ = game_.ObservationSize();
  return true;
}

bool GameChecker::Observe(const State& s, Player viewer, std::vector<float>& out) {
  const std::string who = "viewer " + Viewer(viewer) + ": ObservationTensor() ";
  out.assign(tensor_size_, 0.0f);
  for (float filler : kFillers) {
    tensor_buffer_.assign(tensor_size_ + kGuardSlots, filler);
    s.ObservationTensor(viewer, std::span<float>(tensor_buffer_.data(), tensor_size_));
    for (int i = tensor_size_; i < tensor_size_ + kGuardSlots; ++i)
      if (tensor_buffer_[i] != filler)
        return Fail(who + "writes past its shape (slot " + std::to_string(i) + ")");
    for (int i = 0; i < tensor_size_; ++i) {
      const float x = tensor_buffer_[i];
      if (x == filler) return Fail(who + "leaves slot " + std::to_string(i) + " unwritten");
      if (!std::isfinite(x)) return Fail(who + "writes a non-finite value at " + std::to_string(i));
      if (filler == kFillers[1] && x != out[i])
        return Fail(who + "gives two values at slot " + std::to_string(i));
      out[i] = x;
    }
  }
  return true;
}

bool GameChecker::CheckTensorOfDeterminization(const State& det, Player viewer,
                                               const std::vector<float>& truth) {
  if (!Observe(det, viewer, det_tensor_)) return false;
  for (int i = 0; i < tensor_size_; ++i)
    if (det_tensor_[i] != truth[i])
      return Fail("viewer " + Viewer(viewer) +
                  ": Determinize() changed ObservationTensor() at slot " + std::to_string(i) +
                  " (" + std::to_string(truth[i]) + " -> " + std::to_string(det_tensor_[i]) +
                  "): the tensor shows what the view hides");
  return true;
}

bool GameChecker::CheckTypeOnTurn() {
  const GameType type = game_.Type();
  if (type.dynamics == GameType::Dynamics::kSequential && state_->PlayersToAct().Size() > 1)
    return Fail("Type() says sequential but " + std::to_string(state_->PlayersToAct().Size()) +
                " players act at once");
  return true;
}

bool GameChecker::CheckTypeAtEnd() {
  const GameType type = game_.Type();
  const PlayerValues returns = state_->Returns();
  double sum = 0;
  for (Player p = 0; p < state_->NumPlayers(); ++p) {
    if (returns[p] < type.min_utility || returns[p] > type.max_utility)
      return Fail("return " + std::to_string(returns[p]) + " of player " + std::to_string(p) +
                  " is outside Type()'s utility range");
    sum += returns[p];
  }
  if (type.utility != GameType::Utility::kGeneralSum && std::abs(sum - type.utility_sum) > 1e-9)
    return Fail("returns sum to " + std::to_string(sum) + ", not Type().utility_sum");
  return true;
}

}  // namespace savanna::conformance
