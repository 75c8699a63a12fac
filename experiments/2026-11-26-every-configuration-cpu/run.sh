#!/usr/bin/env bash
# Every configuration at equal CPU time: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# The levels have changed since (README.md, Commit): today's program plays today's levels.
GAMES=100 scripts/ladder_strength.sh 'kariba(players=2)' 'kilimanjaro(players=2)' \
    'kap_kairo(players=2)' 'kalimambo(players=2)' 'kitara(players=2)'
GAMES=60 scripts/ladder_strength.sh 'kariba(players=3)' 'kariba(players=4)' \
    'kariba(players=5,animals=9)' 'kariba(players=6,animals=9)' 'kilimanjaro(players=3)' \
    'kilimanjaro(players=4)' 'kap_kairo(players=3)' 'kap_kairo(players=4)' 'kalimambo(players=3)' \
    'kalimambo(players=4)' 'kalimambo(players=5)' 'kalimambo(players=6)' 'kalimambo(players=7)' \
    'kitara(players=3)' 'kitara(players=4)'
