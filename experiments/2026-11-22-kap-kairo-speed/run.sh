#!/usr/bin/env bash
# Vom Kap bis Kairo's speed: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
for i in $(seq 11); do
  "$SAVANNA" bench 'kap_kairo(players=2)' 'kap_kairo(players=3)' 'kap_kairo(players=4)' --seconds 1
done
ctest --test-dir build/release -R kap_kairo -j1
