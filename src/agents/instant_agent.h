// What the agents that decide at once, without a search, share (random, greedy): the seed their
// spec shows, their own generator, and a buffer for the legal actions of the player to move.
#pragma once

#include <cstdint>
#include <string>

#include "agents/agent.h"
#include "core/action_list.h"
#include "core/rng.h"

namespace savanna {

class InstantAgent : public Agent {
 public:
  // `name(seed=N)`.
  std::string Spec() const final;

 protected:
  // `name`: the agent's kind in its spec and in the check of Legal.
  InstantAgent(const char* name, uint64_t seed) : name_(name), seed_(seed), rng_(seed) {}
  // The legal actions of `player`, who must have one (checked). Allocation-free: a member buffer.
  const ActionList& Legal(const State& state, Player player);
  // One of the actions Legal returned last, uniformly at random.
  Action AnyLegal() { return legal_[int(rng_.Below(uint32_t(legal_.Size())))]; }
  Rng& rng() { return rng_; }

 private:
  const char* name_;
  uint64_t seed_;
  Rng rng_;
  ActionList legal_;
};

}  // namespace savanna
