#!/usr/bin/env bash
# Kariba's hot path: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
"$SAVANNA" bench 'kariba(players=2)' 'kariba(players=3)' 'kariba(players=4)' --seconds 1
build/release/bench/savanna_bench_gbench --benchmark_filter='Playout/kariba\(players=2\)'
