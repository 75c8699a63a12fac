#!/usr/bin/env bash
# Measures the agent targets of docs/agents.md: in every game at every player count, one ISMCTS
# seat against random seats and against flat Monte Carlo seats (equal iteration budgets), with
# the 95% Wilson interval of ISMCTS's win rate and the fair share 1/players.
#   scripts/agent_strength.sh [GAME...]   (default: every registered game)
# Environment: ITERS (default 1000), GAMES_RANDOM (200), GAMES_FLAT (1000), THREADS (2),
# OUT (folder for the JSON results, default build/agent_strength), PLAYERS (e.g. "5 6 7": only
# these player counts), OPPONENTS (default "random flat_mc"), SPEC_ARGS (more game parameters).
set -euo pipefail
cd "$(dirname "$0")/.."
savanna=build/release/savanna
iters=${ITERS:-1000}
games_random=${GAMES_RANDOM:-200}
games_flat=${GAMES_FLAT:-1000}
threads=${THREADS:-2}
out=${OUT:-build/agent_strength}
mkdir -p "$out"
if [ $# -gt 0 ]; then games=("$@"); else
  mapfile -t games < <("$savanna" games --json | /usr/bin/python3 -c \
    'import json,sys; [print(g["name"]) for g in json.load(sys.stdin)]')
fi
printf '%-44s %-8s %7s  %-17s %6s  %s\n' spec opponent ismcts "95% interval" fair verdict
for game in "${games[@]}"; do
  if [ -n "${PLAYERS:-}" ]; then
    read -r -a counts <<<"$PLAYERS"
  else
    mapfile -t counts < <("$savanna" games --json | /usr/bin/python3 -c \
      "import json,sys; g=[g for g in json.load(sys.stdin) if g['name']=='$game'][0]; \
       [print(n) for n in range(g['min_players'], g['max_players']+1)]")
  fi
  for n in "${counts[@]}"; do
    spec="$game(players=$n)"
    # A player count the default parameters do not allow (Kariba's 5 and 6 need animals=9):
    # SPEC_ARGS adds parameters, e.g. SPEC_ARGS=animals=9.
    [ -n "${SPEC_ARGS:-}" ] && spec="$game(players=$n,$SPEC_ARGS)"
    if ! error=$("$savanna" new "$spec" --seed 1 2>&1 >/dev/null); then
      echo "$spec: skipped: $error"
      continue
    fi
    for opponent in ${OPPONENTS:-random flat_mc}; do
      agents="ismcts(iters=$iters)"
      other=$([ "$opponent" = random ] && echo random || echo "flat_mc(iters=$iters)")
      for ((i = 1; i < n; i++)); do agents="$agents,$other"; done
      total=$([ "$opponent" = random ] && echo "$games_random" || echo "$games_flat")
      file="$out/${game}_p${n}_vs_${opponent}.json"
      "$savanna" sim "$spec" --agents "$agents" --games "$total" --threads "$threads" \
        --bootstrap 0 --out "$file" >/dev/null
      /usr/bin/python3 - "$file" "$spec" "$opponent" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
s = r["seats"][0]
fair = 1.0 / r["players"]
lo, hi = s["ci95"]
verdict = "above" if lo > fair else ("below" if hi < fair else "inconclusive")
print(f"{sys.argv[2]:<44} {sys.argv[3]:<8} {100*s['win_rate']:6.1f}%  "
      f"[{100*lo:5.1f}%, {100*hi:5.1f}%] {100*fair:5.1f}%  {verdict} ({r['games']} games)")
PY
    done
  done
done
