#!/usr/bin/env bash
# ISMCTS iterations per second: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
"$SAVANNA" bench --seconds 0.5
"$SAVANNA" bench 'kariba(players=2)' --seconds 2
