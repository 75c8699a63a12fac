#!/bin/sh
# The worked example of docs/balance.md (in docs/agents.md, "The balance lab", when it was run):
# Vom Kap bis Kairo with three players on a skill ladder. Run from the repository root after building the release preset
# (SAVANNA=path/to/savanna for another program). Each run writes its report into a folder here,
# keeps report.md, the chart and results.json (the raw figures), drops the per-game CSV and the
# HTML page, and appends to its time.txt the wall and CPU time with the load before and after.
# Runs under nice 19: the machine is shared, and others' builds go first.
set -eu
here=$(dirname "$0")
savanna=${SAVANNA:-build/release/savanna}
run() {  # folder, then the report's own arguments
  name=$1
  shift
  rm -rf "${here:?}/$name"
  mkdir -p "$here/$name"
  {
    echo "commit $(git rev-parse --short HEAD), $(nproc) cores"
    echo "before: $(uptime)"
  } >"$here/$name/time.txt"
  nice -n 19 /usr/bin/time -a -o "$here/$name/time.txt" \
    -f "$name: %e s wall, %U s user, %S s system, %P of one core" \
    "$savanna" report 'kap_kairo(players=3)' --ladder "$@" --out "$here/$name"
  echo "after: $(uptime)" >>"$here/$name/time.txt"
  rm -f "$here/$name"/games_*.csv "$here/$name/report.html"
  cat "$here/$name/time.txt"
}
case ${1:-easy} in
  # The default ladder (random, greedy, easy) at 2,000 games a rung: the cost measurement and
  # the worked example.
  easy) run easy-2000 --games 2000 ;;
  # Up to medium at 600 games a rung. The levels count CPU time (clock=cpu), so a busy machine
  # stretches the run without weakening a rung.
  medium) run medium-600 --ladder-up-to medium --games 600 ;;
  *)
    echo "usage: $0 [easy|medium]" >&2
    exit 2
    ;;
esac
