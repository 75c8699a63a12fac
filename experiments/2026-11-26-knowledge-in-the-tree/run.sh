#!/usr/bin/env bash
# Knowledge in the tree: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# The levels have changed since (README.md, Commit): today's program plays today's levels.
# `bias` is not in today's program (removed after the tag search-experiments-2026-11): the bias
# rows need the tag's build, e.g.
#   git worktree add ../savanna-2026-11 search-experiments-2026-11
#   (cd ../savanna-2026-11 && cmake --preset release && cmake --build --preset release --target savanna)
#   SAVANNA=../savanna-2026-11/build/release/savanna experiments/2026-11-26-knowledge-in-the-tree/run.sh
for g in kariba kilimanjaro kap_kairo kalimambo; do
  for new in expand=1 bias=1 expand=0.5,bias=0.5; do
    "$SAVANNA" sim "$g(players=2)" --agents "ismcts(time=0.003,playout=policy,cutoff=-1,eps=-1,$new)",'strong(time=0.003)' \
        --games 100 --threads 2 --bootstrap 0 --seed 7
  done
done
for g in kariba kilimanjaro; do
  for new in c=0.3 c=0.15; do
    "$SAVANNA" sim "$g(players=2)" --agents "ismcts(time=0.003,playout=policy,cutoff=-1,eps=-1,$new)",'strong(time=0.003)' \
        --games 200 --threads 2 --bootstrap 0 --seed 7
  done
done
for g in kariba kilimanjaro kap_kairo kalimambo kitara; do
  for new in widen=1 expand=1,widen=1; do
    "$SAVANNA" sim "$g(players=2)" --agents "ismcts(time=0.003,playout=policy,cutoff=-1,eps=-1,$new)",'strong(time=0.003)' \
        --games 200 --threads 2 --bootstrap 0 --seed 7
  done
done
for g in kilimanjaro kitara; do
  "$SAVANNA" sim "$g(players=2)" --agents 'ismcts(time=0.003,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1)','strong(time=0.003)' \
      --games 200 --threads 2 --bootstrap 0 --seed 8
done
OPPONENTS=ismcts GAMES=100 CLOCK=wall scripts/ladder_strength.sh 'kilimanjaro(players=2)' \
  'kitara(players=2)' 'kariba(players=2)' 'kap_kairo(players=2)' 'kalimambo(players=2)'
