// Observation digests and their pins.
#include "conformance/layout_pin.h"

#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include "core/action_list.h"
#include "core/rng.h"

namespace savanna::conformance {
namespace {

std::string Hex16(uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof(text), "%016llx", static_cast<unsigned long long>(value));
  return text;
}

void Fold(uint64_t& hash, const void* bytes, size_t size) {
  const auto* p = static_cast<const unsigned char*>(bytes);
  for (size_t i = 0; i < size; ++i) {
    hash ^= p[i];
    hash *= 0x100000001b3ull;
  }
}

void FoldTensors(uint64_t& hash, const State& state, std::vector<float>& tensor) {
  for (Player viewer = 0; viewer <= state.NumPlayers(); ++viewer) {
    const Player v = viewer == state.NumPlayers() ? kSpectator : viewer;
    state.ObservationTensor(v, tensor);
    Fold(hash, tensor.data(), tensor.size() * sizeof(float));
  }
}

}  // namespace

uint64_t ObservationDigest(const Game& game, int games) {
  uint64_t hash = 0xcbf29ce484222325ull;
  ActionList legal;
  for (int n = game.info().min_players; n <= game.info().max_players; ++n) {
    std::shared_ptr<const Game> sibling;
    const Game* config = &game;
    if (n != game.NumPlayers()) {
      auto made = game.WithPlayers(n);
      if (!made) continue;
      sibling = *made;
      config = sibling.get();
    }
    const std::string spec = config->Spec();
    const int size = config->ObservationSize();
    Fold(hash, spec.data(), spec.size());
    Fold(hash, &size, sizeof(size));
    std::vector<float> tensor(static_cast<size_t>(size));
    for (int g = 0; g < games; ++g) {
      auto state = config->NewInitialState(DeriveSeed(20261127, uint64_t(g)));
      Rng pick(uint64_t(g) + 1);
      for (int next = 0;;) {
        if (state->MoveNumber() == next || state->IsTerminal()) {
          FoldTensors(hash, *state, tensor);
          next = next == 0 ? 1 : 2 * next;
        }
        if (state->IsTerminal()) break;
        const Player p = state->PlayersToAct().First();
        state->LegalActions(p, legal);
        state->ApplyUnchecked(p, legal[int(pick.Below(uint32_t(legal.Size())))]);
      }
    }
  }
  return hash;
}

std::string CheckLayoutPin(const nlohmann::json& pins, const std::string& game, int layout,
                           uint64_t digest) {
  const std::string version = std::to_string(layout);
  const std::string how =
      " (tests/conformance/observation_layouts.json; SAVANNA_UPDATE_LAYOUT_PINS=1 records a "
      "version that has no digest yet)";
  if (!pins.contains(game) || !pins[game].contains(version))
    return game + ": no digest is recorded for observation layout " + version + how;
  const std::string pinned = pins[game][version].get<std::string>();
  if (pinned == Hex16(digest)) return "";
  return game + ": the observation tensors changed (digest " + Hex16(digest) + ", recorded " +
         pinned + " for layout " + version +
         ") but the observation layout version did not: "
         "raise GameInfo::observation_layout, so that nets made for layout " +
         version + " are refused, then record the new digest" + how;
}

Result<nlohmann::json> RecordLayoutPin(nlohmann::json pins, const std::string& game, int layout,
                                       uint64_t digest) {
  const std::string version = std::to_string(layout);
  if (pins.contains(game) && pins[game].contains(version) &&
      pins[game][version].get<std::string>() != Hex16(digest))
    return Fail(ErrorCode::kInvalidArgument,
                game + ": layout " + version + " already has the digest " +
                    pins[game][version].get<std::string>() +
                    "; a changed tensor needs a new observation layout version");
  pins[game][version] = Hex16(digest);
  return pins;
}

}  // namespace savanna::conformance
