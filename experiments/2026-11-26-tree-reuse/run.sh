#!/usr/bin/env bash
# `reuse` is not in today's program (removed after the tag search-experiments-2026-11): run this
# with the tag's build, e.g.
#   git worktree add ../savanna-2026-11 search-experiments-2026-11
#   (cd ../savanna-2026-11 && cmake --preset release && cmake --build --preset release --target savanna)
#   SAVANNA=../savanna-2026-11/build/release/savanna experiments/2026-11-26-tree-reuse/run.sh
# Tree reuse: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
for g in kariba kap_kairo kitara kalimambo kilimanjaro; do
  "$SAVANNA" sim "$g(players=2)" --agents \
    'ismcts(time=0.003,clock=cpu,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,reuse=1)','strong(time=0.003,clock=cpu)' \
    --games 200 --threads 2 --bootstrap 0 --seed 7
  "$SAVANNA" sim "$g(players=2)" --agents 'ismcts(time=0.003,clock=cpu,reuse=1)','ismcts(time=0.003,clock=cpu)' \
    --games 200 --threads 2 --bootstrap 0 --seed 7
done
for g in kariba kap_kairo; do
  "$SAVANNA" sim "$g(players=2)" --agents \
    'ismcts(time=0.01,clock=cpu,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,reuse=1)','strong(time=0.01,clock=cpu)' \
    --games 100 --threads 2 --bootstrap 0 --seed 7
done
"$SAVANNA" sim 'kitara(players=2)' --agents \
  'ismcts(time=0.003,clock=cpu,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,reuse=1)','strong(time=0.003,clock=cpu)' \
  --games 200 --threads 2 --bootstrap 0 --seed 8
