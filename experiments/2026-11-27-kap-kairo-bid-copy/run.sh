#!/usr/bin/env bash
# The measurements of README.md. Build the release preset three times, once per variant of the
# bid case of KapKairoState::LegalActions (A: the loop, B: memcpy of capital + 1 ids, C: a fixed
# copy of 181 ids), and copy bench/savanna_bench_gbench and bench/savanna_bench_bare_loop of each
# to $DIR/gb_<variant> and $DIR/bare_<variant>.
set -euo pipefail
DIR=${DIR:-/tmp/kap-kairo-bid-copy}
for i in 1 2 3 4 5; do
  for v in A B C; do
    nice -n 19 "$DIR/gb_$v" --benchmark_filter='^Playout/kap_kairo\(players=4\)$' \
      --benchmark_min_time=1 | grep '^Playout' | sed "s/^/$v /"
  done
done
for i in 1 2 3 4; do
  for v in A B; do
    nice -n 19 "$DIR/bare_$v" 'kap_kairo(players=4)' --seconds 0.3 --rounds 5 | tail -1 |
      sed "s/^/$v /"
  done
done
