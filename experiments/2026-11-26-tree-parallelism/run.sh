#!/usr/bin/env bash
# `parallel=tree` is not in today's program (removed after the tag search-experiments-2026-11): run this
# with the tag's build, e.g.
#   git worktree add ../savanna-2026-11 search-experiments-2026-11
#   (cd ../savanna-2026-11 && cmake --preset release && cmake --build --preset release --target savanna)
#   SAVANNA=../savanna-2026-11/build/release/savanna experiments/2026-11-26-tree-parallelism/run.sh
# Tree parallelism: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
for g in kariba kap_kairo kitara; do
  "$SAVANNA" sim "$g(players=2)" --agents \
    'strong(time=0.003,clock=cpu,threads=2,parallel=tree)','strong(time=0.003,clock=cpu,threads=2)' \
    --games 200 --threads 1 --bootstrap 0 --seed 7
done
