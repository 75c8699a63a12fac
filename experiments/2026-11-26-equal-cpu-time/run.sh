#!/usr/bin/env bash
# At equal CPU time: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# The levels have changed since (README.md, Commit): today's program plays today's levels.
OPPONENTS=ismcts GAMES=100 scripts/ladder_strength.sh 'kilimanjaro(players=2)' \
  'kitara(players=2)' 'kariba(players=2)' 'kap_kairo(players=2)' 'kalimambo(players=2)'
for c in 0.35 1.0 1.4; do
  "$SAVANNA" sim 'kap_kairo(players=2)' --agents \
    "ismcts(time=0.003,clock=cpu,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,c=$c)",'strong(time=0.003,clock=cpu)' \
    --games 100 --threads 2 --bootstrap 0 --seed 7
done
# The clock's own cost (Budgets): 4 games each way, --threads 1
for clock in wall cpu; do
  /usr/bin/time -f "clock=$clock: %U s user, %e s wall" "$SAVANNA" sim 'kariba(players=2)' \
    --agents "ismcts(time=0.01,clock=$clock)" --games 4 --threads 1 --bootstrap 0
done
