// The shapes of a game's nets and the input written from a state.
#include "nn/net_input.h"

#include <algorithm>
#include <memory>

#include "core/check.h"

namespace savanna::nn {

nlohmann::json NetShape::ToJson() const {
  return {{"game", game},   {"layout", layout},   {"players", players},
          {"input", input}, {"actions", actions}, {"seats", seats}};
}

NetHeader NetShape::Header(std::vector<int> trunk) const {
  NetHeader header;
  header.game = game;
  header.layout = layout;
  header.players = players;
  header.input = input;
  header.actions = actions;
  header.seats = seats;
  header.trunk = std::move(trunk);
  return header;
}

int PlayerCountIndex(const std::vector<int>& players, int count) {
  const auto it = std::find(players.begin(), players.end(), count);
  return it == players.end() ? -1 : int(it - players.begin());
}

Result<NetShape> NetShapeOf(const Game& game, std::vector<int> players) {
  const bool every = players.empty();
  if (every)
    for (int n = game.info().min_players; n <= game.info().max_players; ++n) players.push_back(n);
  for (size_t i = 1; i < players.size(); ++i)
    if (players[i] <= players[i - 1])
      return Fail(ErrorCode::kInvalidArgument, "player counts must be strictly increasing");
  NetShape shape{game.name(), game.ObservationLayoutVersion(), {}, 0, 0, 0};
  int observation = 0;
  for (int n : players) {
    // The configuration itself, or its sibling with n players.
    std::shared_ptr<const Game> sibling;
    const Game* config = &game;
    if (n != game.NumPlayers()) {
      auto made = game.WithPlayers(n);
      if (!made) {
        if (every) continue;  // a count the other parameters do not allow: not in the family
        return Fail(ErrorCode::kInvalidArgument, game.name() + " with " + std::to_string(n) +
                                                     " players: " + made.error().message);
      }
      sibling = *made;
      config = sibling.get();
    }
    shape.players.push_back(n);
    observation = std::max(observation, config->ObservationSize());
    shape.actions = std::max(shape.actions, config->NumDistinctActions());
  }
  if (shape.players.empty())
    return Fail(ErrorCode::kInvalidArgument, "no player count for " + game.Spec());
  shape.input = observation + int(shape.players.size());
  shape.seats = shape.players.back();
  return shape;
}

void WriteNetInput(const State& state, Player viewer, int observation_width,
                   const std::vector<int>& players, std::span<float> out) {
  WriteNetInput(state, viewer, state.game().ObservationSize(), observation_width, players, out);
}

void WriteNetInput(const State& state, Player viewer, int observation_size, int observation_width,
                   const std::vector<int>& players, std::span<float> out) {
  const int count = PlayerCountIndex(players, state.NumPlayers());
  SAVANNA_CHECK(observation_size <= observation_width && count >= 0 &&
                int(out.size()) == observation_width + int(players.size()));
  state.ObservationTensor(viewer, out.first(size_t(observation_size)));
  std::fill(out.begin() + observation_size, out.end(), 0.0f);
  out[size_t(observation_width + count)] = 1.0f;
}

}  // namespace savanna::nn
