#!/usr/bin/env bash
# Where the ladder stood: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# No runs of its own: each figure comes from the experiment it names.
echo "see README.md: the runs are those of the experiments it names" >&2
