// An agent's `net` parameter (docs/nets.md, "Agents"): which net it plays with (none, the game's
// own, or a file) and that net for the game of the states it is asked about. The net belongs to
// the agent, not to the game, so that two seats of one game can play different nets.
#pragma once

#include <memory>
#include <string>

#include "core/game.h"
#include "core/params.h"
#include "core/result.h"
#include "nn/net.h"

namespace savanna {

class AgentNet {
 public:
  // The `net` parameter: "none", "game", a file path, or empty (not given: the agent's default,
  // which `meaning_of_empty` says, so that the specs of agents that do not use a net stay as they
  // were).
  static ParamSpec Param(const std::string& meaning_of_empty);
  // Checks `params`' net before any game is played: a file must read as a net (errors name it and
  // say why). "game" is checked against each game when it is first played.
  static Result<void> Check(const Params& params);

  // `params`' net, `fallback` ("none" or "game") when it is not given.
  AgentNet(const Params& params, const std::string& fallback);

  // The net for `game`, checked once per game to fit it; null with net=none. Errors name the net
  // and the reason: the game ships none (net=game), or the net does not fit.
  Result<std::shared_ptr<const nn::Net>> Resolve(const Game& game);
  // The same for a decision: throws AgentError with the reason.
  const std::shared_ptr<const nn::Net>& For(const Game& game);

 private:
  std::string which_;
  // The game net_ was checked for, by address and spec (a new game may take the address of one
  // destroyed).
  const Game* game_ = nullptr;
  std::string game_spec_;
  std::shared_ptr<const nn::Net> net_;
};

}  // namespace savanna
