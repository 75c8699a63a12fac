#!/usr/bin/env bash
# Kalimambo's speed: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
for i in 1 2 3; do
  "$SAVANNA" bench 'kalimambo(players=2)' 'kalimambo(players=3)' 'kalimambo(players=4)' \
      'kalimambo(players=5)' 'kalimambo(players=6)' 'kalimambo(players=7)' \
      'kalimambo(players=7,track=20)' --seconds 1
done
build/release/bench/savanna_bench_gbench --benchmark_filter=kalimambo --benchmark_min_time=0.5
ctest --test-dir build/release -R kalimambo -j1
