#!/usr/bin/env bash
# The one-second confirmation: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# The levels have changed since (README.md, Commit): today's program plays today's levels.
for g in kariba kap_kairo; do
  "$SAVANNA" sim "$g(players=2)" --agents 'strong(time=1,clock=cpu)','ismcts(time=1,clock=cpu)' \
      --games 20 --threads 2 --bootstrap 0 --seed 15
  "$SAVANNA" sim "$g(players=2)" --agents 'strong(time=1,clock=cpu)','ismcts(time=1,clock=cpu)' \
      --games 30 --threads 1 --bootstrap 0 --seed 16 --out "$g.csv" --checkpoint "$g.ckpt"
done
