#!/usr/bin/env bash
# `history` is not in today's program (removed after the tag search-experiments-2026-11): run this
# with the tag's build, e.g.
#   git worktree add ../savanna-2026-11 search-experiments-2026-11
#   (cd ../savanna-2026-11 && cmake --preset release && cmake --build --preset release --target savanna)
#   SAVANNA=../savanna-2026-11/build/release/savanna experiments/2026-11-26-progressive-history-and-widening/run.sh
# Progressive history and the widening constant: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
S='playout=policy,cutoff=-1,eps=-1,expand=1,widen=1'
for g in kariba kilimanjaro kap_kairo kalimambo kitara; do
  for h in 1 0.25 0.1; do
    "$SAVANNA" sim "$g(players=2)" --agents "ismcts(time=0.003,clock=cpu,$S,history=$h)",'strong(time=0.003,clock=cpu)' \
      --games 200 --threads 2 --bootstrap 0 --seed 7
  done
done
for h in 1 0.25 0.1; do
  "$SAVANNA" sim 'kalimambo(players=2)' --agents "ismcts(time=0.003,clock=cpu,history=$h)",'ismcts(time=0.003,clock=cpu)' \
    --games 200 --threads 2 --bootstrap 0 --seed 7
done
for seed in 8 9 10; do
  "$SAVANNA" sim 'kilimanjaro(players=2)' --agents "ismcts(time=0.003,clock=cpu,$S,history=0.1)",'strong(time=0.003,clock=cpu)' \
    --games 200 --threads 2 --bootstrap 0 --seed $seed
done
for g in kilimanjaro kap_kairo kitara; do
  for w in 0.5 2; do
    "$SAVANNA" sim "$g(players=2)" --agents "ismcts(time=0.003,clock=cpu,playout=policy,cutoff=-1,eps=-1,expand=1,widen=$w)",\
'strong(time=0.003,clock=cpu)' --games 200 --threads 2 --bootstrap 0 --seed 7
  done
done
