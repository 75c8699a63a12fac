#!/usr/bin/env python3
"""Checks that the layers of src/ include only what they may (docs/architecture.md).

Usage: scripts/check_layers.py [REPO]    (REPO: the checkout to check; default: this script's)

Every .h and .cc file below REPO/src is read. Its layer is the folder under src/ it lies in, and
each "x/..." include (quoted, or in angle brackets when x is one of our layers) must name a
layer that the file's layer may see:

  core                 core
  games                core, games; a game's folder (src/games/<game>/) includes no other game
  nn                   core, nn: the nets (file format, input, evaluation) name no game
  agents               core, nn, agents: agents never name a game
  rl                   core, rl: the batched environments never name a game
  sim                  core, nn, agents, sim
  session              core, agents, session
  cli, server, python  the front ends: every layer above (core to session) and their own
                       folder, never another front end's headers
  app                  the savanna program, which joins the command line and the server: the
                       layers above, cli, server and app
  local                a front end too, the local host (the server's tables on one device, for
                       the browser's worker): as the others, and of the server only its protocol
                       library's headers (SERVER_PROTOCOL: what a table says and checks, with no
                       network, store or thread)
  wasm                 the WebAssembly programs (Node, the browser's worker), which run the
                       command line's portable commands and the local host: the layers above, cli,
                       local and wasm

A folder under src/ that is not in this table is refused too, so that a new layer is placed in
it (and in docs/architecture.md) on purpose.

Exit status: 0 when every include is allowed; 1 with one line per refusal on stdout,
"file:line: reason: include". tests/repo/check_layers_test.py feeds it trees that break each
rule.
"""

import os
import re
import sys

ENGINE = ["core", "games", "nn", "agents", "rl", "sim", "session"]
FRONT_ENDS = ["cli", "server", "local", "python"]
ALLOWED = {
    "core": {"core"},
    "games": {"core", "games"},
    "nn": {"core", "nn"},
    "agents": {"core", "nn", "agents"},
    "rl": {"core", "rl"},
    "sim": {"core", "nn", "agents", "sim"},
    "session": {"core", "agents", "session"},
    "app": set(ENGINE) | {"cli", "server", "app"},
    "wasm": set(ENGINE) | {"cli", "local", "wasm"},
}
# The headers of src/server's library savanna_server_protocol (src/server/CMakeLists.txt), the
# only part of the server that the local host may include.
SERVER_PROTOCOL = {"server/" + name for name in (
    "agent_limits.h", "api_error.h", "catalog.h", "hints.h", "move_log.h", "request_fields.h",
    "review.h", "table_options.h")}
for front_end in FRONT_ENDS:
    ALLOWED[front_end] = set(ENGINE) | {front_end}
LAYERS = set(ALLOWED)

INCLUDE = re.compile(r'^\s*#\s*include\s*(?:"([^"]+)"|<([^>]+)>)')


def refusals(repo):
    """Yields (file, line number, reason, include) for every include a layer may not make."""
    src = os.path.join(repo, "src")
    for root, dirs, files in os.walk(src):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith((".h", ".cc")):
                continue
            path = os.path.join(root, name)
            relative = os.path.relpath(path, repo).replace(os.sep, "/")
            parts = relative.split("/")  # src, layer, ...
            if len(parts) < 3:
                yield relative, 0, "a source file outside every layer", ""
                continue
            layer = parts[1]
            if layer not in LAYERS:
                yield relative, 0, f"'src/{layer}' is not a layer (scripts/check_layers.py)", ""
                continue
            game = parts[2] if layer == "games" and len(parts) > 3 else None
            with open(path, encoding="utf-8", errors="replace") as f:
                for number, text in enumerate(f, 1):
                    match = INCLUDE.match(text)
                    if not match:
                        continue
                    include = match.group(1) or match.group(2)
                    target = include.split("/")
                    if len(target) < 2 or (match.group(2) and target[0] not in LAYERS):
                        continue  # a file beside this one, or a library's header
                    if target[0] not in LAYERS:
                        continue  # not one of ours (a quoted third-party header)
                    if layer == "local" and include in SERVER_PROTOCOL:
                        continue
                    if target[0] not in ALLOWED[layer]:
                        kind = ("another front end's header"
                                if layer in FRONT_ENDS and target[0] in FRONT_ENDS
                                else f"{layer} may not include {target[0]}")
                        yield relative, number, kind, include
                    elif game and target[0] == "games" and len(target) > 2 and target[1] != game:
                        yield relative, number, f"the game {game} includes another game", include


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))
    found = False
    for path, number, reason, include in refusals(repo):
        print(f"{path}:{number}: {reason}: {include}")
        found = True
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
