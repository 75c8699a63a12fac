#!/usr/bin/env bash
# Every configuration with more games: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# The levels have changed since (README.md, Commit): today's program plays today's levels.
GAMES=400 OUT=build/ladder_big scripts/ladder_strength.sh 'kariba(players=2)' \
    'kilimanjaro(players=2)' 'kap_kairo(players=2)' 'kalimambo(players=2)' 'kitara(players=2)'
GAMES=200 OUT=build/ladder_big scripts/ladder_strength.sh 'kariba(players=3)' 'kariba(players=4)' \
    'kariba(players=5,animals=9)' 'kariba(players=6,animals=9)' 'kilimanjaro(players=3)' \
    'kilimanjaro(players=4)' 'kap_kairo(players=3)' 'kap_kairo(players=4)' 'kalimambo(players=3)' \
    'kalimambo(players=4)' 'kalimambo(players=5)' 'kalimambo(players=6)' 'kalimambo(players=7)' \
    'kitara(players=3)' 'kitara(players=4)'
for g in kariba kilimanjaro kalimambo kap_kairo kitara; do
  "$SAVANNA" sim "$g(players=2)" --agents 'expert(time=0.02,clock=cpu)','strong(time=0.004,clock=cpu)' \
    --games 400 --seed 3 --threads 2 --bootstrap 0
done
for g in kilimanjaro kalimambo; do
  "$SAVANNA" sim "$g(players=2)" --agents 'strong(time=0.004,clock=cpu)','medium(time=0.0004,clock=cpu)' \
    --games 400 --seed 3 --threads 2 --bootstrap 0
done
"$SAVANNA" sim 'kalimambo(players=2)' --agents 'medium(time=0.0004,clock=cpu)','easy(time=0.0001,clock=cpu)' \
  --games 400 --seed 3 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kalimambo(players=2)' --agents 'easy(time=0.0001,clock=cpu)','medium(time=0.0004,clock=cpu)',\
'strong(time=0.004,clock=cpu)','expert(time=0.02,clock=cpu)',greedy --games 400 --seed 1 --threads 2 --bootstrap 200
