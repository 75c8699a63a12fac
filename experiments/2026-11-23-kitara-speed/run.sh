#!/usr/bin/env bash
# Kitara's speed: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
for i in 1 2 3; do
  "$SAVANNA" bench 'kitara(players=2)' 'kitara(players=3)' 'kitara(players=4)' 'kitara(players=4,deck=red)' --seconds 1
done
build/release/bench/savanna_bench_gbench --benchmark_filter=kitara --benchmark_min_time=0.5
for c in 'deck_blue_players_2' 'deck_red_players_2' 'deck_blue_players_3' 'deck_red_players_3' \
         'deck_blue_players_4' 'deck_red_players_4'; do
  /usr/bin/time -f "$c: %U s user (%e s wall)" build/release/tests/conformance_test --gtest_filter="*kitara_$c*" >/dev/null
done
