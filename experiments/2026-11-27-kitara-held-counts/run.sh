#!/usr/bin/env bash
# Kitara's HeldCounts: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
S='ismcts(iters=1000,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,reopen=1)'
for i in 1 2; do
  "$SAVANNA" bench --seconds 1 --search "$S" 'kitara(players=2)' 'kitara(players=4)'
done
perf record "$SAVANNA" sim 'kitara(players=2)' --agents \
  'ismcts(time=0.003,clock=cpu,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,reopen=1)','ismcts(time=0.003,clock=cpu)' --games 4
