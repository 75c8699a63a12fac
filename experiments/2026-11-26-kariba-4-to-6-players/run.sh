#!/usr/bin/env bash
# Kariba with 4 to 6 players: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# The levels have changed since (README.md, Commit): today's program plays today's levels.
run() {  # run SPEC N AGENT OPPONENT GAMES SEED: AGENT against N-1 OPPONENTs
  local agents=$3; for ((i = 1; i < $2; i++)); do agents="$agents,$4"; done
  "$SAVANNA" sim "$1" --agents "$agents" --games "$5" --threads 2 --bootstrap 0 --seed "$6"
}
I='ismcts(time=0.003,clock=cpu)'
for opp in "$I" greedy; do
  for a in 'strong(time=0.003,clock=cpu)' 'ismcts(time=0.003,clock=cpu,expand=1,widen=1)' "$I" \
           'ismcts(time=0.003,clock=cpu,playout=policy,cutoff=0,eps=0.1,expand=1,widen=1)' \
           'ismcts(time=0.003,clock=cpu,playout=policy,cutoff=4,eps=0.1)' \
           'ismcts(time=0.003,clock=cpu,playout=policy,cutoff=8,eps=0.3,expand=1,widen=1)' \
           'ismcts(time=0.003,clock=cpu,playout=policy,cutoff=12,eps=0.1,expand=1,widen=1)'; do
    run 'kariba(players=4)' 4 "$a" "$opp" 240 7
  done
  for a in 'strong(time=0.003,clock=cpu)' 'ismcts(time=0.003,clock=cpu,expand=1,widen=1)' "$I" \
           'ismcts(time=0.003,clock=cpu,playout=policy,cutoff=5,eps=0.1,expand=1,widen=1)'; do
    run 'kariba(players=5,animals=9)' 5 "$a" "$opp" 150 7
  done
  for a in 'strong(time=0.003,clock=cpu)' 'ismcts(time=0.003,clock=cpu,expand=1,widen=1)' "$I" \
           'ismcts(time=0.003,clock=cpu,playout=policy,cutoff=6,eps=0.1,expand=1,widen=1)'; do
    run 'kariba(players=6,animals=9)' 6 "$a" "$opp" 150 7
  done
  run 'kariba(players=6,animals=9)' 6 'ismcts(time=0.003,clock=cpu,playout=policy,cutoff=6,eps=0.1,expand=1,widen=1)' "$opp" 300 8
  run 'kariba(players=6,animals=9)' 6 'ismcts(time=0.003,clock=cpu,expand=1,widen=1)' "$opp" 300 8
done
GAMES=60 scripts/ladder_strength.sh 'kariba(players=6,animals=9)'
