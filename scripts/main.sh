#!/usr/bin/env bash
# The main job: install what is needed, build, and play Kariba in the terminal against two AI
# seats. With arguments, runs `savanna ARGS...` instead, e.g. ./scripts/main.sh games.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
if [ $# -gt 0 ]; then
  exec build/release/savanna "$@"
fi
exec build/release/savanna play 'kariba(players=3)' --seats human,random,random
