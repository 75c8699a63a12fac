#!/bin/sh
# Regenerates tests/sim/golden/ (the golden outputs of `savanna sim` and `savanna report` that
# tests/cli/sim_golden_test.cc compares byte for byte) with the given savanna binary. Only for a
# change that is meant to change play (a rule, an agent, the seeding); say so in the commit.
# Usage: scripts/sim_golden.sh build/release/savanna
set -eu
savanna=${1:?usage: $0 path/to/savanna}
golden=$(dirname "$0")/../tests/sim/golden
run() {
  name=$1
  shift
  for ext in json csv; do "$savanna" sim "$@" --threads 1 --out "$golden/$name.$ext" >/dev/null; done
}
run kariba3_random 'kariba(players=3)' --agents random --games 300 --seed 7
run kariba2_tournament 'kariba(players=2)' --agents 'random,greedy,flat_mc(iters=20)' \
  --games 60 --seed 11 --bootstrap 50
run kilimanjaro4_pair 'kilimanjaro(players=4)' --agents random,greedy --games 80 --seed 3
run kap_kairo3_pair 'kap_kairo(players=3)' --agents random,greedy --games 60 --seed 5 --bootstrap 100
run kitara2_random 'kitara(players=2)' --agents random --games 50 --seed 2
report=$(mktemp -d)
"$savanna" report 'kariba(players=2)' 'kariba(players=4)' --agents random,greedy --games 40 \
  --seed 9 --bootstrap 30 --threads 1 --out "$report" >/dev/null
for f in results.json games_0.csv games_1.csv; do cp "$report/$f" "$golden/report_$f"; done
rm -r "$report"
