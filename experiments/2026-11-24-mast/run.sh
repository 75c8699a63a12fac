#!/usr/bin/env bash
# `mast` is not in today's program (removed after the tag search-experiments-2026-11): run this
# with the tag's build, e.g.
#   git worktree add ../savanna-2026-11 search-experiments-2026-11
#   (cd ../savanna-2026-11 && cmake --preset release && cmake --build --preset release --target savanna)
#   SAVANNA=../savanna-2026-11/build/release/savanna experiments/2026-11-24-mast/run.sh
# MAST playouts: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
for g in kilimanjaro kalimambo kariba; do
  for e in 0.1 0.4; do
    "$SAVANNA" sim "$g(players=2)" --agents "ismcts(time=0.005,mast=$e)",'ismcts(time=0.005)' \
        --games 100 --threads 1 --bootstrap 0 --seed 7
  done
done
"$SAVANNA" sim 'kilimanjaro(players=2)' --agents 'ismcts(time=0.005,mast=0.3)','ismcts(time=0.005)' \
    --games 200 --threads 1 --bootstrap 0 --seed 22
