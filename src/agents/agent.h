// The agent interface (layer 3): something that chooses actions for a seat. Agents know the core
// API only, never a specific game. Specs name an agent and its parameters like game specs do:
// `random`, `random(seed=7)`, `ismcts(iters=2000,c=0.7)`, a ladder level such as `strong`
// (AgentInfos() lists every kind; docs/agents.md describes them).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/params.h"
#include "core/state.h"

namespace savanna {

// One action's estimate after a search: how often it was tried, the mean value the search
// maximised for the searching player (0 to 1: the win share, mixed with the score margin when
// the agent's `margin` weight is set; search_common.h SearchReturns), and the mean win share
// alone (its chance of winning, a shared win counted as a fraction).
struct ActionEstimate {
  Action action = kInvalidAction;
  int64_t visits = 0;
  double mean_return = 0;
  double win_rate = 0;
};

// A decision made a slice at a time, so that a few threads can be shared fairly among many
// decisions (the game server's scheduler). Used by one thread at a time.
class Decision {
 public:
  virtual ~Decision() = default;
  // Thinks for about `slice` at most (a search reads the clock every few iterations) and returns
  // true once the decision is made. A timed budget counts only the time spent in Think.
  virtual bool Think(std::chrono::nanoseconds slice) = 0;
  // The action: once Think returned true, the decision; before, the best found so far (always
  // a legal action), for a caller that must cut the thinking short.
  virtual Action Best() = 0;
  // A search's estimate of every action tried so far, in action order (what Analyze returns once
  // the thinking is done). Empty for agents that decide without searching.
  virtual std::vector<ActionEstimate> Estimates() const { return {}; }
};

// Thrown by Choose when an agent cannot choose at all (an external agent, such as a Python
// callable, raised an error). It ends the game or run that asked: `sim` stops with an error
// naming the game, a terminal game stops where it is (its record kept), and the caller reports
// the agent's own error. Engine agents never throw it.
class AgentError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Agent {
 public:
  virtual ~Agent() = default;
  // Chooses a legal action for `player`, who must owe an action in `state`. Uses only what
  // `player` may know: state.View(player), the player's legal actions, or states obtained
  // from state.Determinize(player, rng) for search. Never modifies `state`.
  virtual Action Choose(const State& state, Player player) = 0;
  // Starts a decision for `player`, who must owe an action in `state` (the decision keeps a copy
  // of it). Thinking through Begin and Think to the end chooses what Choose would, draw for draw,
  // with an iteration budget. The agent must outlive the decision and make one at a time. The
  // default makes the whole Choose in the first slice (for agents that decide at once).
  virtual std::unique_ptr<Decision> Begin(const State& state, Player player);
  // The spec that recreates this agent with every parameter: `random(seed=7)`.
  virtual std::string Spec() const = 0;
  // Search agents: the search Analyze runs, as a decision to think in slices (the game server's
  // hints, on its shared scheduler); read Estimates() once Think returned true. Unlike Begin it
  // searches even when one action is legal. Null for agents that do not search.
  virtual std::unique_ptr<Decision> BeginAnalysis(const State& /*state*/, Player /*player*/) {
    return nullptr;
  }
  // Search agents: searches as Choose would and returns the estimate of every action it tried
  // (for hints to a human player), in action order: BeginAnalysis thought to its end. Others
  // return nothing.
  virtual std::vector<ActionEstimate> Analyze(const State& state, Player player);
  // Whether this agent can play `game`: success, or why not (a net it needs that the game does
  // not ship, or that does not fit). Cheap (no decision is made); Choose in such a game throws
  // AgentError with the same reason. Default: every game.
  virtual Result<void> CanPlay(const Game& /*game*/) { return {}; }
};

struct AgentInfo {
  std::string name;
  std::string description;
  std::vector<ParamSpec> params;
};

// Every agent kind, for help texts and `--agents` validation, with the parameters it lists
// (retired ones left out; MakeAgent still resolves them).
const std::vector<AgentInfo>& AgentInfos();

// Creates an agent from a spec. `seed` seeds the agent's private RNG unless the spec sets its
// own `seed=` parameter; it is reduced to 63 bits, so that Spec() always parses back. Errors
// name the unknown agent or the bad parameter.
Result<std::unique_ptr<Agent>> MakeAgent(std::string_view spec, uint64_t seed);

// Makes agents of one spec, each with its own seed (ignored when the spec sets `seed=`).
using AgentFactory = std::function<std::unique_ptr<Agent>(uint64_t seed)>;

// An agent kind defined outside the engine (the Python module registers a Python callable):
// from then on the spec `name` (no parameters) makes it, in MakeAgent, sim and play alike. A
// name of a built-in agent is refused; registering a name again replaces it. Thread-safe.
Result<void> RegisterExternalAgent(const std::string& name, AgentFactory factory);
// Parses and checks `spec` once, for callers that create many agents (a simulation creates
// fresh agents for every game). Errors as MakeAgent.
Result<AgentFactory> MakeAgentFactory(std::string_view spec);

// Whether agents of `factory` can play `game` (Agent::CanPlay): the policy agent where the game
// ships no net, or any agent given a net that does not fit, cannot.
Result<void> CheckAgentPlays(const AgentFactory& factory, const Game& game);

}  // namespace savanna
