#!/usr/bin/env bash
# `mo` is not in today's program (removed after the tag search-experiments-2026-11): run this
# with the tag's build, e.g.
#   git worktree add ../savanna-2026-11 search-experiments-2026-11
#   (cd ../savanna-2026-11 && cmake --preset release && cmake --build --preset release --target savanna)
#   SAVANNA=../savanna-2026-11/build/release/savanna experiments/2026-11-26-multiple-observers/run.sh
# Multiple-observer ISMCTS: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
M='ismcts(time=0.003,clock=cpu,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,mo=1)'
S='strong(time=0.003,clock=cpu)'
"$SAVANNA" sim 'kilimanjaro(players=2)' --agents "$M,$S" --games 200 --seed 1 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kilimanjaro(players=2)' --agents "$M,$S" --games 1000 --seed 11 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kilimanjaro(players=2)' --agents "$M,$S" --games 1000 --seed 13 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kilimanjaro(players=2)' --agents "${M/time=0.003/time=0.01},${S/time=0.003/time=0.01}" \
  --games 200 --seed 3 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kilimanjaro(players=3)' --agents "$M,$S,$S" --games 150 --seed 1 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kilimanjaro(players=3)' --agents "$M,$S,$S" --games 600 --seed 11 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kilimanjaro(players=4)' --agents "$M,$S,$S,$S" --games 120 --seed 1 --threads 2 --bootstrap 0
PM='ismcts(time=0.003,clock=cpu,mo=1)'
PS='ismcts(time=0.003,clock=cpu)'
"$SAVANNA" sim 'kilimanjaro(players=2)' --agents "$PM,$PS" --games 200 --seed 2 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kilimanjaro(players=2)' --agents "$PM,$PS" --games 1000 --seed 12 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kilimanjaro(players=3)' --agents "$PM,$PS,$PS" --games 150 --seed 2 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kilimanjaro(players=3)' --agents "$PM,$PS,$PS" --games 600 --seed 12 --threads 2 --bootstrap 0
# Speed (the tag's program takes the search with --search):
K='playout=policy,cutoff=-1,eps=-1,expand=1,widen=1'
for s in 'ismcts(iters=1000)' 'ismcts(iters=1000,mo=1)' "ismcts(iters=1000,$K)" "ismcts(iters=1000,$K,mo=1)"; do
  "$SAVANNA" bench 'kilimanjaro(players=2)' 'kilimanjaro(players=3)' 'kilimanjaro(players=4)' 'kariba(players=3)' \
    --seconds 0.5 --search "$s"
done
