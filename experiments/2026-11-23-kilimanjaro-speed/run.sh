#!/usr/bin/env bash
# Kilimanjaro's speed: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
build/release/bench/savanna_bench_gbench --benchmark_filter=kilimanjaro --benchmark_min_time=1
"$SAVANNA" bench 'kilimanjaro(players=4)' --seconds 1
ctest --test-dir build/release -R kilimanjaro -j1
