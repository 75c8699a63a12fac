#!/usr/bin/env bash
# The score margin in the playout value: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
f='flat_mc(iters=1000)'
for m in 0 0.25 0.5 1; do
  "$SAVANNA" sim 'kalimambo(players=7)' --agents "ismcts(iters=1000,margin=$m),$f,$f,$f,$f,$f,$f" --games 2100 --seed 7
done
for m in 0 0.5; do
  "$SAVANNA" sim 'kariba(players=6,animals=9)' --agents "ismcts(iters=1000,margin=$m),$f,$f,$f,$f,$f" --games 1200 --seed 5
  "$SAVANNA" sim 'kariba(players=3)' --agents "ismcts(iters=1000,margin=$m),$f,$f" --games 3000 --seed 7
done
# c and depth with wins alone (six-player Kariba, seed 5, 1,200 games; three-player Kariba, seed 1):
"$SAVANNA" sim 'kariba(players=3)' --agents "ismcts(iters=1000,margin=0,c=1.5),$f,$f" --games 3000 --seed 1
for v in c=0.3 depth=1; do
  "$SAVANNA" sim 'kariba(players=6,animals=9)' --agents "ismcts(iters=1000,margin=0,$v),$f,$f,$f,$f,$f" --games 1200 --seed 5
done
# flat Monte Carlo with the margin term too:
g='flat_mc(iters=1000,margin=0.5)'
"$SAVANNA" sim 'kariba(players=3)' --agents "ismcts(iters=1000),$g,$g" --games 3000 --seed 1
"$SAVANNA" sim 'kariba(players=6,animals=9)' --agents "ismcts(iters=1000),$g,$g,$g,$g,$g" --games 3000 --seed 1
"$SAVANNA" sim 'kalimambo(players=7)' --agents "ismcts(iters=1000),$g,$g,$g,$g,$g,$g" --games 3003 --seed 1
# 4,000 iterations, wins alone:
f='flat_mc(iters=4000)'
"$SAVANNA" sim 'kariba(players=3)' --agents "ismcts(iters=4000,margin=0),$f,$f" --games 3000 --seed 2
"$SAVANNA" sim 'kalimambo(players=7)' --agents "ismcts(iters=4000,margin=0),$f,$f,$f,$f,$f,$f" --games 1001 --seed 2
"$SAVANNA" sim 'kariba(players=6,animals=9)' --agents "ismcts(iters=4000,margin=0),$f,$f,$f,$f,$f" --games 1002 --seed 2
