#!/usr/bin/env bash
# Kitara: c and eps: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
S='playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,reopen=1'
for c in 0.35 0.7 1.0 1.4; do
  "$SAVANNA" sim 'kitara(players=2)' --games 400 --threads 1 --bootstrap 0 --agents \
    "ismcts(time=0.003,clock=cpu,$S,c=$c)",'ismcts(time=0.003,clock=cpu)'
done
for e in 0 0.05 0.1 0.15 0.2 0.3; do
  "$SAVANNA" sim 'kitara(players=2)' --games 400 --threads 1 --bootstrap 0 --agents \
    "ismcts(time=0.003,clock=cpu,playout=policy,cutoff=-1,eps=$e,expand=1,widen=1,reopen=1)",'ismcts(time=0.003,clock=cpu)'
done
