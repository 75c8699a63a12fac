// What a net reads (docs/nets.md, "Input"): the shapes a net must have to fit a game's
// configuration, and the input written from a state for a viewer, the same bytes in C++ and in
// Python.
#pragma once

#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/result.h"
#include "core/state.h"
#include "nn/net_file.h"

namespace savanna::nn {

// The shapes of the nets that fit one family of configurations: a game's configuration with each
// of `players` in turn, every other parameter as it is (docs/nets.md, "The file").
struct NetShape {
  std::string game;
  int layout = 0;
  std::vector<int> players;  // strictly increasing
  int input = 0;             // the largest ObservationSize over `players` + players.size()
  int actions = 0;           // the largest NumDistinctActions over `players`
  int seats = 0;             // the largest of `players`

  // The observation's room in the input: input - players.size().
  int ObservationWidth() const { return input - int(players.size()); }
  // {"game", "layout", "players", "input", "actions", "seats"}: the header fields it fixes.
  nlohmann::json ToJson() const;
  // A header of these shapes with hidden widths `trunk` (checksum 0: EncodeNetFile computes it).
  NetHeader Header(std::vector<int> trunk) const;
};

// The shape for `game`'s family over `players` (strictly increasing; empty: every player count
// the configuration's other parameters accept). Errors name a count the game refuses, and why.
// Builds the other configurations (Game::WithPlayers): call it once, not per evaluation.
Result<NetShape> NetShapeOf(const Game& game, std::vector<int> players);

// The index of `count` in `players`, or -1.
int PlayerCountIndex(const std::vector<int>& players, int count);

// Writes the input for `viewer` into `out` (input floats): `state`'s observation tensor, zeros to
// the observation width, then the one-hot of the state's player count among `players`.
// `observation_width` and `players` come from the net's header (or a NetShape). The state's
// tensor must fit the width and its player count must be listed (checked: a bug otherwise).
// Allocation-free.
void WriteNetInput(const State& state, Player viewer, int observation_width,
                   const std::vector<int>& players, std::span<float> out);
// The same with the game's ObservationSize() given (a Game may compute it with an allocation).
void WriteNetInput(const State& state, Player viewer, int observation_size, int observation_width,
                   const std::vector<int>& players, std::span<float> out);

}  // namespace savanna::nn
