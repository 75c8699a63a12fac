// Kilimanjaro's observation tensor and its shape, for learning code. The layout (one flat
// vector, seats absolute) is documented slot by slot in docs/rules/kilimanjaro.md,
// "Observation tensor"; every slot comes from a field of View(viewer). This turn's event list
// is not encoded: its effects are (positions, counters turned face up).
#include <span>

#include "core/observation.h"
#include "games/kilimanjaro/kilimanjaro_state.h"

namespace savanna::kilimanjaro {
namespace {

inline constexpr int kNumPhases = 5;

// Per trail space: counter present, face up, kind (if visible) one-hot, placer one-hot.
int SpaceSlots(const Config& c) { return 2 + kCounterKinds + c.players; }
// Per seat: position, 3 x (top card one-hot, size), distance, hand size, counters to place.
int SeatSlots() { return 1 + kPiles * (kCardKinds + 1) + 3; }

}  // namespace

int Config::ObservationSize() const {
  return (players + 1) + kNumPhases + players + 1 + trail_length * SpaceSlots(*this) + 1 +
         kCardKinds + players * SeatSlots() + kCardKinds + kCounterKinds + 1 + players;
}

void KilimanjaroState::ObservationTensor(Player viewer, std::span<float> out) const {
  const Config& c = config();
  ObservationWriter w(out);
  w.OneHot(viewer == kSpectator ? c.players : viewer, c.players + 1);
  w.OneHot(int(d_.phase), kNumPhases);
  const PlayerSet to_act = PlayersToAct();
  w.OneHot(to_act.Empty() ? -1 : to_act.First(), c.players);
  w.Scalar(d_.deck_size);
  // The trail's rows, one per space, set from the counters (CounterAt's: the first one on a
  // space) rather than space by space, which took most of a learning environment's step.
  const std::span<float> trail = w.Block(c.trail_length * SpaceSlots(c));
  for (int i = 0; i < d_.num_counters; ++i) {
    const Counter& k = d_.counters[i];
    if (k.space >= c.trail_length || CounterAt(d_, k.space) != i) continue;
    float* row = trail.data() + size_t(k.space) * SpaceSlots(c);
    row[0] = 1.0f;
    row[1] = k.face_up ? 1.0f : 0.0f;
    if (k.face_up || k.placer == viewer) row[2 + int(k.kind)] = 1.0f;
    if (k.placer < c.players) row[2 + kCounterKinds + k.placer] = 1.0f;
  }
  w.Scalar(d_.removed_counters);
  w.Values(std::span<const uint8_t>(d_.buried));
  const bool dealt = d_.phase != Phase::kPlace;
  for (int p = 0; p < c.players; ++p) {
    w.Scalar(d_.position[p]);
    for (const Pile& pile : d_.piles[p]) {
      w.OneHot(dealt && pile.size > 0 ? pile.top : -1, kCardKinds);
      w.Scalar(dealt ? pile.size : 0);
    }
    w.Scalar(dealt ? MoveDistance(d_, p) : 0);
    w.Scalar(d_.hand_size[p]);
    int left = 0;
    for (int k = 0; k < kCounterKinds; ++k) left += d_.unplaced[p][k];
    w.Scalar(left);
  }
  std::array<uint8_t, kCardKinds> hand{};
  if (viewer != kSpectator)
    for (int i = 0; i < d_.hand_size[viewer]; ++i) ++hand[d_.hand[viewer][i]];
  w.Values(std::span<const uint8_t>(hand));
  if (viewer == kSpectator) {
    w.Skip(kCounterKinds);
  } else {
    w.Values(std::span<const uint8_t>(d_.unplaced[viewer]));
  }
  w.Scalar(d_.phase == Phase::kBanana ? d_.distance : 0);
  w.Bits(d_.phase == Phase::kGameOver ? Winners().Mask() : 0, c.players);
  w.Finish();
}

}  // namespace savanna::kilimanjaro
