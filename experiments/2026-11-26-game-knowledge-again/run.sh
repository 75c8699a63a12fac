#!/usr/bin/env bash
# Game knowledge measured again: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# The levels have changed since (README.md, Commit): today's program plays today's levels.
# Kariba with N players: the searching seat against greedy (and against today's ISMCTS); the
# cut-off C and share of random moves E as in the tables.
for n in 3 4; do
  for c in 4 6; do
    o=greedy; agents="ismcts(time=0.003,playout=policy,cutoff=$c,eps=0.1)"
    for ((i = 1; i < n; i++)); do agents="$agents,$o"; done
    "$SAVANNA" sim "kariba(players=$n)" --agents "$agents" --games 200 --threads 2 --bootstrap 0 --seed 7
  done
done
for c in 0 2 4 8; do
  "$SAVANNA" sim 'kariba(players=4)' --agents "ismcts(time=0.003,playout=policy,cutoff=$c,eps=0.1)",greedy,greedy,greedy \
      --games 200 --threads 2 --bootstrap 0 --seed 7
done
for ce in 4,0.1 6,0.1 8,0.1 12,0.1 6,0.3 8,0.3; do
  c=${ce%,*}; e=${ce#*,}; o='ismcts(time=0.003)'
  "$SAVANNA" sim 'kariba(players=4)' --agents "ismcts(time=0.003,playout=policy,cutoff=$c,eps=$e),$o,$o,$o" \
      --games 200 --threads 2 --bootstrap 0 --seed 7
done
# Kilimanjaro with two players against today's ISMCTS (seed 21 for the confirmations):
for ce in 0,0.1 4,0.1 8,0.1 12,0.3 16,0.1 16,0.3 24,0.3; do
  c=${ce%,*}; e=${ce#*,}
  for seed in 7 21; do
    "$SAVANNA" sim 'kilimanjaro(players=2)' --agents "ismcts(time=0.003,playout=policy,cutoff=$c,eps=$e)",'ismcts(time=0.003)' \
        --games 200 --threads 2 --bootstrap 0 --seed $seed
  done
done
GAMES=100 TIME=0.003 CLOCK=wall scripts/ladder_strength.sh 'kilimanjaro(players=2)'
GAMES=60 TIME=0.003 CLOCK=wall scripts/ladder_strength.sh 'kariba(players=4)' \
    'kariba(players=5,animals=9)' 'kilimanjaro(players=3)' 'kilimanjaro(players=4)'
