#!/usr/bin/env bash
# Reruns this experiment (README.md): the answer time of honest players' `strong` seats, each
# player a client address of its own, on an idle server and while one other address runs 20
# tables of `expert(time=10)` seats only, for the server at hand (SERVER, default
# build/release/savanna) and, when OLD names one, an older build of it. Needs the release build
# (./scripts/build.sh). Writes results.json here (OUT elsewhere). SECONDS_MEASURED (default 60)
# seconds measured per run; TABLES (default "1 4") the honest tables.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
out=${OUT:-$here/results.json}
measured=${SECONDS_MEASURED:-60}
servers=("new=${SERVER:-build/release/savanna}")
[ -n "${OLD:-}" ] && servers+=("old=$OLD")
attack=(--attack-only-ai --attack-ai-tables 20 --attack-ai-agent expert --attack-ai-seconds 10)
rows=()
for tables in ${TABLES:-1 4}; do
  for load in idle attacked; do
    for entry in "${servers[@]}"; do
      name=${entry%%=*}
      extra=()
      [ "$load" = attacked ] && extra=("${attack[@]}")
      # The attacker's 20 tables are made at once: its creation rate is raised (the default, 10
      # a minute, only spreads them over two minutes).
      line=$(SERVER=${entry#*=} SERVER_ARGS="--tables-per-minute 100" ./scripts/server_load.sh \
        --tables "$tables" --seats human,strong --think 0 --seconds "$measured" --warmup 3 \
        "${extra[@]}" | grep 'agent reply latency')
      echo "$name $load tables=$tables: $line" >&2
      rows+=("$name $load $tables $line")
    done
  done
done
printf '%s\n' "${rows[@]}" | /usr/bin/python3 -c '
import json, re, sys, datetime
runs = []
for row in sys.stdin:
    server, load, tables, rest = row.split(" ", 3)
    m = re.search(r"\((\d+)\): p50 ([\d.]+)  p99 ([\d.]+)  max ([\d.]+)", rest)
    runs.append({"server": server, "load": load, "honest_tables": int(tables),
                 "replies": int(m[1]), "p50_ms": float(m[2]), "p99_ms": float(m[3]),
                 "max_ms": float(m[4])})
json.dump({"date": datetime.date.today().isoformat(), "runs": runs}, sys.stdout, indent=1)
print()' >"$out"
echo "wrote $out" >&2
