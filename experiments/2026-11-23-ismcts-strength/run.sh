#!/usr/bin/env bash
# ISMCTS against random and flat Monte Carlo: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
PLAYERS=3 GAMES_FLAT=3000 scripts/agent_strength.sh kariba
PLAYERS=4 scripts/agent_strength.sh kariba
PLAYERS="5 6" SPEC_ARGS=animals=9 GAMES_FLAT=3000 scripts/agent_strength.sh kariba
PLAYERS="3 4" scripts/agent_strength.sh kalimambo
PLAYERS="5 6 7" GAMES_FLAT=3000 scripts/agent_strength.sh kalimambo
scripts/agent_strength.sh kilimanjaro
scripts/agent_strength.sh kap_kairo
PLAYERS=2 scripts/agent_strength.sh kitara
PLAYERS=3 GAMES_RANDOM=100 GAMES_FLAT=400 scripts/agent_strength.sh kitara
PLAYERS=4 GAMES_RANDOM=100 GAMES_FLAT=300 scripts/agent_strength.sh kitara
# two-player Kariba and Kalimambo (the margin term changes nothing there), as of 2026-11-22:
PLAYERS=2 scripts/agent_strength.sh kariba
PLAYERS=2 scripts/agent_strength.sh kalimambo
