#!/usr/bin/env bash
# The game server under load: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
./scripts/server_load.sh --tables 1000 --seconds 20
./scripts/server_load.sh --tables 2000 --seconds 20
./scripts/server_load.sh --tables 1000 --seconds 20 --think 0
