#!/usr/bin/env bash
# Kariba's speed: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
for i in 1 2 3 4 5; do
  "$SAVANNA" bench 'kariba(players=2)' 'kariba(players=3)' 'kariba(players=4)' 'kariba(players=4,variant=open)' --seconds 1
done
build/release/bench/savanna_bench_gbench --benchmark_filter=kariba --benchmark_min_time=0.5
perf record build/release/bench/savanna_bench_gbench \
    --benchmark_filter='^Playout/kariba\(players=4\)$' --benchmark_min_time=2
perf report --no-children | head -40
