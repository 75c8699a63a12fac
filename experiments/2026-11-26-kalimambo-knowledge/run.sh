#!/usr/bin/env bash
# Kalimambo's knowledge: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# The levels have changed since (README.md, Commit): today's program plays today's levels.
# The sweeps ran on three builds (the tables' log names them); today's build is (c).
for ce in 2,0 4,0; do
  c=${ce%,*}; e=${ce#*,}
  for seed in 7 21; do
    "$SAVANNA" sim 'kalimambo(players=2)' --agents "ismcts(time=0.003,clock=cpu,playout=policy,cutoff=$c,eps=$e,expand=1,widen=1)",\
'ismcts(time=0.003,clock=cpu)' --games 200 --threads 2 --bootstrap 0 --seed $seed
  done
done
P='ismcts(time=0.003,clock=cpu)'
for ce in 0,0 3,0 6,0; do
  c=${ce%,*}; e=${ce#*,}
  "$SAVANNA" sim 'kalimambo(players=3)' --agents "ismcts(time=0.003,clock=cpu,playout=policy,cutoff=$c,eps=$e,expand=1,widen=1),$P,$P" \
    --games 150 --threads 2 --bootstrap 0 --seed 7
done
for ce in 0,0 4,0 8,0; do
  c=${ce%,*}; e=${ce#*,}
  "$SAVANNA" sim 'kalimambo(players=4)' --agents "ismcts(time=0.003,clock=cpu,playout=policy,cutoff=$c,eps=$e,expand=1,widen=1),$P,$P,$P" \
    --games 200 --threads 2 --bootstrap 0 --seed 7
done
GAMES=100 scripts/ladder_strength.sh 'kalimambo(players=2)'
GAMES=60 scripts/ladder_strength.sh 'kalimambo(players=3)' 'kalimambo(players=4)'
GAMES=60 scripts/ladder_strength.sh 'kalimambo(players=5)' 'kalimambo(players=6)' 'kalimambo(players=7)'
"$SAVANNA" sim 'kalimambo(players=2)' --agents greedy,random --games 2000 --threads 1 --bootstrap 0 --seed 7
"$SAVANNA" sim 'kalimambo(players=4)' --agents greedy,random,random,random --games 2000 --threads 1 --bootstrap 0 --seed 7
"$SAVANNA" sim 'kalimambo(players=2)' --agents 'strong(time=0.003,clock=cpu)','ismcts(time=0.003,clock=cpu)' \
  --games 400 --threads 2 --bootstrap 0 --seed 33
"$SAVANNA" sim 'kalimambo(players=3)' --agents 'strong(time=0.003,clock=cpu)',"$P","$P" --games 300 --threads 2 --bootstrap 0 --seed 33
"$SAVANNA" sim 'kalimambo(players=4)' --agents 'strong(time=0.003,clock=cpu)',"$P","$P","$P" --games 200 --threads 2 --bootstrap 0 --seed 33
