// Rules tests build their positions on a game created from a spec: the registry keeps every game
// it creates alive for the whole run, so states may point at it.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "games/registry.h"

namespace savanna::testing {

// The game of `spec` as its concrete type `G`; adds a test failure (and returns null) when the
// spec is bad or names another game.
template <class G>
std::shared_ptr<const G> CreateGame(const std::string& spec) {
  auto created = Games().Create(spec);
  EXPECT_TRUE(created.has_value()) << spec << ": " << (created ? "" : created.error().message);
  if (!created) return nullptr;
  auto game = std::dynamic_pointer_cast<const G>(*created);
  EXPECT_NE(game, nullptr) << spec;
  return game;
}

// The initial state of the game of `spec` dealt from `seed`; adds a test failure (and returns
// null) when the spec is bad.
inline std::unique_ptr<State> InitialState(const std::string& spec, uint64_t seed) {
  auto game = Games().Create(spec);
  EXPECT_TRUE(game.has_value()) << spec << ": " << (game ? "" : game.error().message);
  return game ? (*game)->NewInitialState(seed) : nullptr;
}

}  // namespace savanna::testing
