// What a client may ask of the catalogue, the same for the server and the local host: the games
// and agents as GET /api/games and /api/agents list them, and the check of a game spec that comes
// from a client (a string parameter names a file of the machine: never set by a client).
#pragma once

#include <memory>
#include <string>

#include "core/registry.h"
#include "server/api_error.h"

namespace savanna::server {

// Every registered game, as `savanna games --json` prints them.
Json GamesJson(const GameRegistry& games);

// Every agent with its description and parameters.
Json AgentsJson();

// The game of a client's spec: parsed, made, and refused (bad_request) when it sets a string
// parameter (such as data=FILE, a file of this machine).
ApiResult<std::shared_ptr<const Game>> ClientGame(const GameRegistry& games,
                                                  const std::string& spec);

}  // namespace savanna::server
