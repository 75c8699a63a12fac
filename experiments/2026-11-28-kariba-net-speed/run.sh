#!/bin/bash
# Net evaluations per second with and without subnormal weights, before and after the loader
# read them as zeros: `savanna bench` of a two-player Kariba net (make_net.py), both programs in
# alternation, ROUNDS rounds; prints the medians and writes results.json.
# Usage: run.sh BEFORE_SAVANNA AFTER_SAVANNA (BEFORE: a build of eb0ecfd, before this change)
set -euo pipefail
cd "$(dirname "$0")"
before=${1:?the savanna program before the change}
after=${2:?the savanna program after it}
root=$(git rev-parse --show-toplevel)
export PYTHONPATH=${PYTHONPATH:-$root/build/release/python}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 make_net.py "$tmp/subnormal.bin"
python3 make_net.py "$tmp/clean.bin" --clean
rounds=${ROUNDS:-5}
for r in $(seq "$rounds"); do
  for program in before after; do
    for net in subnormal clean; do
      bin=$before; [ $program = after ] && bin=$after
      nice -n 19 "$bin" bench 'kariba(players=2)' --net "$tmp/$net.bin" --seconds 0.5 \
        --search "ismcts(iters=1000,net=$tmp/$net.bin)" --json 2>/dev/null |
        python3 -c "import json,sys; g=json.load(sys.stdin)['games'][0]; print(json.dumps({'program': '$program', 'net': '$net', 'round': $r, 'net_evaluations_per_second': round(g['net_evaluations_per_second']), 'games_per_second': round(g['games_per_second']), 'ismcts_net_iterations_per_second': round(g['ismcts_iterations_per_second'])}))"
    done
  done
done > "$tmp/rows.jsonl"
python3 - "$tmp/rows.jsonl" <<'PY'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
out = {"spec": "kariba(players=2)", "trunk": [128, 128], "subnormal_weights": 4217, "rows": rows,
       "medians": {}}
for program in ("before", "after"):
    for net in ("subnormal", "clean"):
        mine = [r for r in rows if r["program"] == program and r["net"] == net]
        med = {k: statistics.median(r[k] for r in mine) for k in
               ("net_evaluations_per_second", "games_per_second", "ismcts_net_iterations_per_second")}
        out["medians"][f"{program}/{net}"] = med
        print(f"{program:6} {net:9} " + "  ".join(f"{k} {v:,.0f}" for k, v in med.items()))
json.dump(out, open("results.json", "w"), indent=1)
PY
