#!/usr/bin/env bash
# The ladder's strength at equal CPU time per move (docs/agents.md, "The ladder"): in each
# configuration, one `strong(time=T,clock=cpu)` seat against `ismcts(time=T,clock=cpu)` seats
# (today's ISMCTS, the pinned baseline, at the same thinking time: T seconds of its own thread's
# CPU time, so the machine's load does not change how much either side searches) and against
# `greedy` seats, every seating of every deal (sim's duplicate play). Prints strong's win rate
# with its 95% Wilson interval, the fair share and the target (fair share + 15 points with 3 or
# more players, 75% with 2).
#   scripts/ladder_strength.sh 'kariba(players=2)' 'kap_kairo(players=3)' ...
#   TIME (0.003), CLOCK (cpu; wall: wall-clock budgets as before 2026-11-26), GAMES (100),
#   THREADS (2), OPPONENTS ("ismcts greedy"), OUT (build/ladder), SAVANNA (build/release/savanna)
set -euo pipefail
cd "$(dirname "$0")/.."
savanna=${SAVANNA:-build/release/savanna}
time=${TIME:-0.003}
clock=${CLOCK:-cpu}
games=${GAMES:-100}
threads=${THREADS:-2}
out=${OUT:-build/ladder}
mkdir -p "$out"
for spec in "$@"; do
  n=$("$savanna" new "$spec" --seed 1 | /usr/bin/python3 -c \
    'import json,sys; print(json.load(sys.stdin)["params"]["players"])')
  for opponent in ${OPPONENTS:-ismcts greedy}; do
    other=$([ "$opponent" = greedy ] && echo greedy || echo "ismcts(time=$time,clock=$clock)")
    agents="strong(time=$time,clock=$clock)"
    for ((i = 1; i < n; i++)); do agents="$agents,$other"; done
    file="$out/$(echo "$spec" | tr -c 'a-z0-9_\n' '_')_vs_${opponent}.json"
    "$savanna" sim "$spec" --agents "$agents" --games "$games" --threads "$threads" \
      --bootstrap 0 --out "$file" >/dev/null
    /usr/bin/python3 - "$file" "$spec" "$opponent" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
s = r["seats"][0]
n = r["players"]
fair = 1.0 / n
target = 0.75 if n == 2 else fair + 0.15
lo, hi = s["ci95"]
verdict = "met" if s["win_rate"] >= target else "not met"
print(f"{sys.argv[2]:<32} vs {sys.argv[3]:<7} {100*s['win_rate']:5.1f}% "
      f"[{100*lo:5.1f}, {100*hi:5.1f}] fair {100*fair:4.1f}% target {100*target:4.1f}% "
      f"{verdict} ({r['games']} games)", flush=True)
PY
  done
done
