#!/usr/bin/env bash
# How far time alone goes: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# The levels have changed since (README.md, Commit): today's program plays today's levels.
for t in 0.03 0.1 0.3; do
  "$SAVANNA" sim 'kalimambo(players=2)' --agents "ismcts(time=$t,clock=cpu)",'ismcts(time=0.003,clock=cpu)' \
    --games 200 --seed 5 --threads 2 --bootstrap 0
done
"$SAVANNA" sim 'kariba(players=2)' --agents 'strong(time=0.03,clock=cpu)','ismcts(time=0.003,clock=cpu)' \
  --games 200 --seed 5 --threads 2 --bootstrap 0
for g in kariba kilimanjaro kitara; do
  "$SAVANNA" sim "$g(players=2)" --agents 'strong(time=0.3,clock=cpu)','ismcts(time=0.003,clock=cpu)' \
    --games 100 --seed 5 --threads 2 --bootstrap 0
done
# final=mixed was a throwaway patch, in no build that was kept.
