#!/usr/bin/env bash
# The balance metrics' cost: the runs of README.md, as its log gives them (seeds and games included).
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
# "Before" needs a build without the metrics (before 48aa1ef); this times today's.
for spec_games in 'kariba(players=3)|200000' 'kilimanjaro(players=4)|20000' 'kap_kairo(players=3)|20000' \
                  'kitara(players=2)|20000' 'kalimambo(players=4)|100000'; do
  spec=${spec_games%|*}; games=${spec_games#*|}
  /usr/bin/time -f "$spec: %U s user" "$SAVANNA" sim "$spec" --agents random --games "$games" --seed 1 --threads 1 >/dev/null
done
