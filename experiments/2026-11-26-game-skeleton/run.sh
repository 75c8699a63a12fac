#!/usr/bin/env bash
# The game skeleton's measurements (README.md): lines of the games layer, duplicate pairs in src/,
# and instructions per random-playout move (run on each build to compare; a release build).
set -euo pipefail
wc -l $(git ls-files src/games) | tail -1
(cd src && duplicates --most 200 --seconds 120 | head -1)
for game in kariba kilimanjaro kap_kairo kalimambo kitara; do
  valgrind --tool=callgrind --callgrind-out-file=callgrind.$game.out \
    build/release/bench/savanna_bench_gbench \
    --benchmark_filter="^Playout/$game\\(players=4\\)$" --benchmark_min_time=0.01
  # instructions per move: BM_Playout's inclusive count over its calls to ApplyUnchecked
  callgrind_annotate --inclusive=yes callgrind.$game.out | grep -E 'BM_Playout|ApplyUnchecked'
done
