#!/usr/bin/env bash
# `simul=rm` is not in today's program (removed after the tag search-experiments-2026-11): run this
# with the tag's build, e.g.
#   git worktree add ../savanna-2026-11 search-experiments-2026-11
#   (cd ../savanna-2026-11 && cmake --preset release && cmake --build --preset release --target savanna)
#   SAVANNA=../savanna-2026-11/build/release/savanna experiments/2026-11-27-regret-matching/run.sh
# Regret matching at simultaneous decisions: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
B='ismcts(time=0.003,clock=cpu)'
for v in 'simul=rm' 'simul=rm,final=average' 'simul=rm,final=sample' 'simul=rm,gamma=0.05' \
         'simul=rm,gamma=0.05,final=average' 'simul=rm,gamma=0.2' 'simul=rm,gamma=0.2,final=average' \
         'simul=rm,gamma=0.4' 'simul=rm,gamma=0.7'; do
  "$SAVANNA" sim 'kalimambo(players=2)' --agents "ismcts(time=0.003,clock=cpu,$v)","$B" \
    --games 400 --seed 41 --threads 2 --bootstrap 0
  "$SAVANNA" sim 'kap_kairo(players=2)' --agents "ismcts(time=0.003,clock=cpu,$v)","$B" \
    --games 400 --seed 41 --threads 2 --bootstrap 0
done
for v in 'simul=rm' 'simul=rm,final=average' 'simul=rm,final=sample'; do
  "$SAVANNA" sim 'kalimambo(players=3)' --agents "ismcts(time=0.003,clock=cpu,$v)","$B","$B" \
    --games 400 --seed 41 --threads 2 --bootstrap 0
  "$SAVANNA" sim 'kalimambo(players=4)' --agents "ismcts(time=0.003,clock=cpu,$v)","$B","$B","$B" \
    --games 400 --seed 41 --threads 2 --bootstrap 0
done
"$SAVANNA" sim 'kalimambo(players=2)' --agents 'ismcts(time=0.03,clock=cpu,simul=rm)','ismcts(time=0.03,clock=cpu)' \
  --games 200 --seed 41 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kalimambo(players=2)' --agents 'ismcts(time=0.03,clock=cpu,simul=rm,gamma=0.2)','ismcts(time=0.03,clock=cpu)' \
  --games 200 --seed 41 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kalimambo(players=2)' --agents 'ismcts(time=0.1,clock=cpu,simul=rm)','ismcts(time=0.1,clock=cpu)' \
  --games 200 --seed 41 --threads 2 --bootstrap 0
"$SAVANNA" sim 'kap_kairo(players=2)' --agents 'ismcts(time=0.03,clock=cpu,simul=rm)','ismcts(time=0.03,clock=cpu)' \
  --games 200 --seed 41 --threads 2 --bootstrap 0
# Speed:
"$SAVANNA" bench 'kalimambo(players=2)' 'kap_kairo(players=2)' --seconds 1 --search 'ismcts(iters=1000,simul=rm)'
"$SAVANNA" bench 'kalimambo(players=2)' 'kap_kairo(players=2)' --seconds 1 --search 'ismcts(iters=1000)'
