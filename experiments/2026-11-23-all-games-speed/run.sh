#!/usr/bin/env bash
# All games at a glance: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
"$SAVANNA" bench --seconds 0.5
