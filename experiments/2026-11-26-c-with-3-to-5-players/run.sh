#!/usr/bin/env bash
# UCB's c with 3 to 5 players: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# The levels have changed since (README.md, Commit): today's program plays today's levels.
P='ismcts(time=0.003,clock=cpu)'
for c in 0.7 1.4 2.0; do
  S="ismcts(time=0.003,clock=cpu,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,c=$c)"
  "$SAVANNA" sim 'kalimambo(players=3)' --agents "$S,$P,$P" --games 600 --seed 9 --threads 2 --bootstrap 0
  "$SAVANNA" sim 'kalimambo(players=4)' --agents "$S,$P,$P,$P" --games 600 --seed 9 --threads 2 --bootstrap 0
  "$SAVANNA" sim 'kalimambo(players=5)' --agents "$S,$P,$P,$P,$P" --games 600 --seed 9 --threads 2 --bootstrap 0
  "$SAVANNA" sim 'kariba(players=3)' --agents "$S,$P,$P" --games 600 --seed 9 --threads 2 --bootstrap 0
done
