#!/usr/bin/env bash
# The ladder's steps with reopen: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# The levels have changed since (README.md, Commit): today's program plays today's levels.
for g in kalimambo kap_kairo; do
  "$SAVANNA" sim "$g(players=2)" --agents 'expert(time=0.02,clock=cpu)','strong(time=0.004,clock=cpu)' \
    --games 400 --seed 3 --threads 2 --bootstrap 0
  "$SAVANNA" sim "$g(players=2)" --agents 'easy(time=0.0001,clock=cpu)','medium(time=0.0004,clock=cpu)',\
'strong(time=0.004,clock=cpu)','expert(time=0.02,clock=cpu)',greedy --games 400 --seed 1 --threads 2 --bootstrap 200
done
"$SAVANNA" sim 'kalimambo(players=2)' --agents 'strong(time=0.004,clock=cpu)','medium(time=0.0004,clock=cpu)' \
  --games 400 --seed 3 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kalimambo(players=2)' --agents 'medium(time=0.0004,clock=cpu)','easy(time=0.0001,clock=cpu)' \
  --games 400 --seed 3 --threads 2 --bootstrap 0
