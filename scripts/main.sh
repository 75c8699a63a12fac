#!/usr/bin/env bash
# The main job: install what the program and the web UI need (./scripts/setup.sh main), build the
# `savanna` program and the UI (the main preset, into build/release), and start the game server;
# open the printed address in a browser to play. A second run installs and rebuilds nothing, and
# starts the server in seconds. With arguments, runs `savanna ARGS...` instead, e.g.
#   ./scripts/main.sh play 'kariba(players=3)' --seats human,random,random
# Environment: PORT (default 8080), HOST (default 127.0.0.1), SAVANNA_DB (default
# build/savanna.db: the tables, kept between runs).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh main
./scripts/build.sh main
if [ $# -gt 0 ]; then
  exec build/release/savanna "$@"
fi
host=${HOST:-127.0.0.1}
port=${PORT:-8080}
echo "main: open http://$host:$port/ in a browser to play (Ctrl-C stops the server)"
exec build/release/savanna serve --host "$host" --port "$port" --db "${SAVANNA_DB:-build/savanna.db}"
