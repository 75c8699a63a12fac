#!/usr/bin/env bash
# `ties` is not in today's program (removed after the tag search-experiments-2026-11): run this
# with the tag's build, e.g.
#   git worktree add ../savanna-2026-11 search-experiments-2026-11
#   (cd ../savanna-2026-11 && cmake --preset release && cmake --build --preset release --target savanna)
#   SAVANNA=../savanna-2026-11/build/release/savanna experiments/2026-11-26-random-tie-breaking/run.sh
# Random tie-breaking: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
S='playout=policy,cutoff=-1,eps=-1,expand=1,widen=1'   # strong's search, spelt out
for g in kariba kilimanjaro kap_kairo kalimambo kitara; do
  "$SAVANNA" sim "$g(players=2)" --agents "ismcts(time=0.003,clock=cpu,$S,ties=random)",'strong(time=0.003,clock=cpu)' \
    --games 200 --threads 1 --bootstrap 0 --seed 31
  "$SAVANNA" sim "$g(players=2)" --agents 'ismcts(time=0.003,clock=cpu,ties=random)','ismcts(time=0.003,clock=cpu)' \
    --games 200 --threads 1 --bootstrap 0 --seed 31
done
