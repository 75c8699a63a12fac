#!/usr/bin/env bash
# `pom` is not in today's program (removed after the tag search-experiments-2026-11): run this
# with the tag's build, e.g.
#   git worktree add ../savanna-2026-11 search-experiments-2026-11
#   (cd ../savanna-2026-11 && cmake --preset release && cmake --build --preset release --target savanna)
#   SAVANNA=../savanna-2026-11/build/release/savanna experiments/2026-11-26-partially-observable-moves/run.sh
# Partially observable moves: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
P='ismcts(time=0.003,clock=cpu,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,pom=1)'
S='strong(time=0.003,clock=cpu)'
"$SAVANNA" sim 'kilimanjaro(players=2)' --agents "$P,$S" --games 200 --threads 1 --bootstrap 0 --seed 7
"$SAVANNA" sim 'kilimanjaro(players=3)' --agents "$P,$S,$S" --games 150 --threads 1 --bootstrap 0 --seed 7
"$SAVANNA" sim 'kilimanjaro(players=4)' --agents "$P,$S,$S,$S" --games 120 --threads 1 --bootstrap 0 --seed 7
"$SAVANNA" sim 'kilimanjaro(players=2)' --agents "${P/time=0.003/time=0.01},${S/time=0.003/time=0.01}" \
  --games 100 --threads 1 --bootstrap 0 --seed 8
# Which games hide moves: the tag's test program (prints one line per configuration).
# build/release/tests/agents_test --gtest_filter='EveryGame/HiddenMovesTest.*'
