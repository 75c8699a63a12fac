#!/usr/bin/env bash
# The ladder's ratings: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# The levels have changed since (README.md, Commit): today's program plays today's levels.
for g in kariba kilimanjaro kap_kairo kalimambo kitara; do
  "$SAVANNA" sim "$g(players=2)" --agents 'easy(time=0.0001,clock=cpu)','medium(time=0.0004,clock=cpu)',\
'strong(time=0.004,clock=cpu)','expert(time=0.02,clock=cpu)',greedy --games 400 --seed 1 --threads 2 --bootstrap 200
  "$SAVANNA" sim "$g(players=2)" --agents 'expert(time=0.02,clock=cpu)','strong(time=0.004,clock=cpu)' \
      --games 200 --seed 3 --threads 2 --bootstrap 0
done
# expert's budget with later cut-offs (C = 8, 16, 0) against strong in Kariba:
for c in 8 16 0; do
  "$SAVANNA" sim 'kariba(players=2)' --agents "ismcts(time=0.02,clock=cpu,playout=policy,cutoff=$c,eps=-1,expand=1,widen=1)",\
'strong(time=0.004,clock=cpu)' --games 200 --seed 3 --threads 2 --bootstrap 0
done
