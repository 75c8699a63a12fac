#!/usr/bin/env bash
# Reopened simultaneous steps: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# The levels have changed since (README.md, Commit): today's program plays today's levels.
B='ismcts(time=0.003,clock=cpu)'
S='ismcts(time=0.003,clock=cpu,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1'
"$SAVANNA" sim 'kalimambo(players=2)' --agents 'ismcts(time=0.003,clock=cpu,reopen=1)',"$B" \
    --games 400 --seed 41 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kalimambo(players=2)' --agents "$S,reopen=1)","$B" --games 400 --seed 41 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kalimambo(players=2)' --agents "$S,reopen=1)","$S)" --games 400 --seed 41 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kalimambo(players=2)' --agents "$S,reopen=1)","$B" --games 400 --seed 1 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kalimambo(players=3)' --agents 'ismcts(time=0.003,clock=cpu,reopen=1)',"$B","$B" \
    --games 300 --seed 41 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kalimambo(players=4)' --agents 'ismcts(time=0.003,clock=cpu,reopen=1)',"$B","$B","$B" \
    --games 300 --seed 41 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kap_kairo(players=2)' --agents 'ismcts(time=0.003,clock=cpu,reopen=1)',"$B" \
    --games 400 --seed 41 --threads 2 --bootstrap 0
GAMES=400 OUT=build/ladder_reopen scripts/ladder_strength.sh 'kalimambo(players=2)' 'kap_kairo(players=2)'
GAMES=200 OUT=build/ladder_reopen scripts/ladder_strength.sh 'kalimambo(players=3)' \
    'kalimambo(players=4)' 'kalimambo(players=5)' 'kalimambo(players=6)' 'kalimambo(players=7)' \
    'kap_kairo(players=3)' 'kap_kairo(players=4)'
for t in 0.03 0.3; do
  "$SAVANNA" sim 'kalimambo(players=2)' --agents "ismcts(time=$t,clock=cpu,reopen=1)",'ismcts(time=0.003,clock=cpu,reopen=1)' \
    --games 200 --seed 5 --threads 2 --bootstrap 0
done
