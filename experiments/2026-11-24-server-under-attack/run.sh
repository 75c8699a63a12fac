#!/usr/bin/env bash
# The server under attack: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
for i in 1 2 3; do ./scripts/server_load.sh --tables 1000 --seconds 20; done
for i in 1 2 3 4; do ./scripts/server_load.sh --tables 1000 --seconds 20 --attack; done
