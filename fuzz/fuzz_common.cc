// The shared exercise of accepted states.
#include "fuzz/fuzz_common.h"

#include <cstdio>
#include <cstdlib>

#include "core/action_list.h"
#include "core/game.h"
#include "core/rng.h"

namespace savanna::fuzz {

void Require(bool ok, const std::string& what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what.c_str());
  std::abort();
}

namespace {

void CheckOnce(const State& state) {
  const int n = state.NumPlayers();
  state.View(kSpectator).dump();
  state.ViewText(kSpectator);
  for (Player p = 0; p < n; ++p) {
    state.View(p).dump();
    state.ViewText(p);
  }
  const PlayerSet acting = state.PlayersToAct();
  Require(state.IsTerminal() == acting.Empty(), "terminal exactly when nobody is to act");
  ActionList legal;
  for (Player p : acting) {
    state.LegalActions(p, legal);
    Require(!legal.Empty(), "a player to act has a legal action");
    for (Action a : legal) {
      const std::string text = state.ActionToString(p, a);
      auto parsed = state.ParseAction(p, text);
      Require(parsed && *parsed == a, "action text parses back: " + text);
      const Json structured = state.StructuredAction(p, a);
      Require(
          structured.is_object() && structured.contains("kind") && structured["kind"] != "invalid",
          "a legal action has a structured form: " + text);
      state.PublicActionString(p, a);
    }
  }
  // The state's JSON loads back, through its own game's validation, as the same state. (Not
  // through the registry: for a game made from a data file it keeps the first such game.)
  auto again = state.game().StateFromJson(state.ToJson());
  Require(again.has_value(),
          "a state's own JSON loads: " + (again ? std::string() : again.error().message));
  Require((*again)->Hash() == state.Hash(), "the JSON round trip keeps the hash");
}

}  // namespace

void Exercise(State& state, uint64_t seed, int moves) {
  Rng rng(seed);
  ActionList legal;
  CheckOnce(state);
  for (int i = 0; i < moves && !state.IsTerminal(); ++i) {
    const Player p = state.PlayersToAct().First();
    state.LegalActions(p, legal);
    const Action a = legal[int(rng.Below(uint32_t(legal.Size())))];
    Require(state.Apply(p, a).has_value(), "a legal action applies");
    if (i % 8 == 7) CheckOnce(state);
  }
  CheckOnce(state);
}

}  // namespace savanna::fuzz
