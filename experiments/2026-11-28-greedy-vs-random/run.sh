#!/bin/sh
# greedy against random in every game and player count, and the levels that lean on the same
# heuristic (medium) against today's ISMCTS at equal CPU time in Kitara, before and after the
# new Kitara policy. Run from the repository's root:
#   SAVANNA=build/release/savanna SAVANNA_BEFORE=/path/to/savanna-at-1b7047f \
#     sh experiments/2026-11-28-greedy-vs-random/run.sh
# SAVANNA_BEFORE (optional) is the program built at 1b7047f, the commit before the change; without
# it only the "after" runs are made. STEP=greedy or STEP=levels runs one half. The raw JSON of
# every run goes to $RAW (default: a new temporary folder), and results.json is written from it.
set -eu
SAVANNA=${SAVANNA:-build/release/savanna}
RAW=${RAW:-$(mktemp -d)}
STEP=${STEP:-all}
HERE=experiments/2026-11-28-greedy-vs-random
mkdir -p "$RAW"

# One greedy seat, the others random: 2,000 games (duplicate deals, every seating), seed 5.
greedy() {  # label program spec players
  agents=greedy
  i=1
  while [ "$i" -lt "$4" ]; do agents="$agents,random"; i=$((i + 1)); done
  nice -n 19 "$2" sim "$3" --agents "$agents" --games 2000 --seed 5 --threads 1 --bootstrap 0 \
    --out "$RAW/greedy_$1_$(echo "$3" | tr -c 'a-z0-9' '_').json" > /dev/null
}

greedy_all() {  # label program
  for n in 2 3 4; do greedy "$1" "$2" "kariba(players=$n)" "$n"; done
  for n in 5 6; do greedy "$1" "$2" "kariba(players=$n,animals=9)" "$n"; done
  greedy "$1" "$2" "kariba(players=2,variant=open)" 2
  for n in 2 3 4; do greedy "$1" "$2" "kilimanjaro(players=$n)" "$n"; done
  greedy "$1" "$2" "kilimanjaro(players=2,variant=send_back)" 2
  for n in 2 3 4; do greedy "$1" "$2" "kap_kairo(players=$n)" "$n"; done
  for n in 2 3 4 5 6 7; do greedy "$1" "$2" "kalimambo(players=$n)" "$n"; done
  for n in 2 3 4; do greedy "$1" "$2" "kitara(players=$n)" "$n"; done
  greedy "$1" "$2" "kitara(players=2,deck=red)" 2
  # The issue's own command.
  nice -n 19 "$2" sim 'kitara(players=2)' --agents greedy,random --games 400 --seed 5 \
    --threads 1 --bootstrap 0 --out "$RAW/issue_$1.json" > /dev/null
}

# medium against today's ISMCTS at medium's budget, both counting CPU time: 400 games, seed 5.
levels() {  # label program
  for n in 2 3; do
    nice -n 19 "$2" sim "kitara(players=$n)" --agents 'medium(clock=cpu)','ismcts(time=0.02,clock=cpu)' \
      --games 400 --seed 5 --threads 2 --bootstrap 0 --out "$RAW/medium_$1_kitara$n.json" > /dev/null
  done
}

for label in after before; do
  if [ "$label" = after ]; then program=$SAVANNA; else program=${SAVANNA_BEFORE:-}; fi
  [ -n "$program" ] || continue
  if [ "$STEP" = all ] || [ "$STEP" = greedy ]; then greedy_all "$label" "$program"; fi
  if [ "$STEP" = all ] || [ "$STEP" = levels ]; then levels "$label" "$program"; fi
done

python3 - "$RAW" "$HERE/results.json" << 'PY'
import glob, json, os, sys
raw, out = sys.argv[1], sys.argv[2]
runs = []
for path in sorted(glob.glob(os.path.join(raw, "*.json"))):
    d = json.load(open(path))
    name = os.path.basename(path)[:-5]
    runs.append({
        "run": name,
        "build": "before" if "_before" in name else "after",
        "spec": d["game"],
        "games": d["games"], "seed": d["seed"], "agents": d["agents"],
        "mean_length": round(d["mean_length"], 2),
        "seats": [{"agent": s["agent"], "win_rate": round(s["win_rate"], 4),
                   "ci95": [round(x, 4) for x in s["ci95"]], "mean_score": round(s["mean_score"], 2)}
                  for s in d["seats"]],
    })
json.dump({"experiment": "2026-11-28-greedy-vs-random", "runs": runs}, open(out, "w"), indent=1)
print(f"{len(runs)} runs -> {out}")
PY
