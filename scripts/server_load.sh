#!/usr/bin/env bash
# The server load benchmark in one command (docs/performance.md): starts `savanna serve` with a
# fresh database on a free port, runs bench/savanna_server_load against it with the arguments
# given (e.g. --tables 1000 --seconds 20 --attack), prints its report, and stops the server.
# SERVER="path/to/savanna" runs another build of the server; SERVER_ARGS adds options to it.
# DB=postgres runs the server on a scratch PostgreSQL (scripts/postgres_scratch.sh) instead of
# SQLite, and NODES=3 (with DB=postgres) starts three servers on it, the bots spread over them
# (bench/server_load.cc --ports).
#   ./scripts/server_load.sh --tables 1000 --seconds 20              # honest load only
#   ./scripts/server_load.sh --tables 1000 --seconds 20 --attack     # under the attack mix
#   DB=postgres NODES=3 ./scripts/server_load.sh --tables 1000 --seconds 20
set -euo pipefail
cd "$(dirname "$0")/.."
server=${SERVER:-build/release/savanna}
load=build/release/bench/savanna_server_load
db_kind=${DB:-sqlite}
nodes=${NODES:-1}
for program in "$server" "$load"; do
  [ -x "$program" ] || { echo "server_load: $program is not built (./scripts/build.sh)" >&2; exit 1; }
done
case $db_kind in
  sqlite) [ "$nodes" -eq 1 ] || { echo "server_load: NODES needs DB=postgres" >&2; exit 2; } ;;
  postgres) ;;
  *) echo "server_load: DB is sqlite or postgres, not '$db_kind'" >&2; exit 2 ;;
esac
dir=$(mktemp -d)
chmod 755 "$dir"  # the scratch PostgreSQL runs as another user and keeps its socket here
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ "$db_kind" = postgres ] && scripts/postgres_scratch.sh stop "$dir/pg" >/dev/null 2>&1
  rm -rf "$dir"
}
trap cleanup EXIT
if [ "$db_kind" = postgres ]; then
  db=$(scripts/postgres_scratch.sh start "$dir/pg" | tail -n 1)
else
  db=$dir/load.db
fi
ports=()
for n in $(seq "$nodes"); do
  : >"$dir/serve$n.log"  # exists before the loop below reads it (the server opens it itself)
  # shellcheck disable=SC2086
  "$server" serve --port 0 --db "$db" ${SERVER_ARGS:-} >"$dir/serve$n.log" 2>&1 &
  pids+=($!)
  port=
  for _ in $(seq 100); do
    port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$dir/serve$n.log")
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { echo "server_load: server $n did not start:" >&2; cat "$dir/serve$n.log" >&2; exit 1; }
  ports+=("$port")
done
# CPU seconds (user + system) of the servers (`servers`) or of the database server (`db`: the
# PostgreSQL postmaster and every backend alive at that moment), read from /proc: what serving
# the load cost, whatever else the machine runs at the same time. SQLite's cost is the servers'.
cpu_seconds() {
  local procs=() ticks=0 pid
  if [ "$1" = servers ]; then
    procs=("${pids[@]}")
  elif [ "$db_kind" = postgres ]; then
    local pm
    pm=$(head -n 1 "$dir/pg/data/postmaster.pid")
    procs=("$pm" $(pgrep -P "$pm" || true))
  fi
  for pid in "${procs[@]}"; do
    [ -r "/proc/$pid/stat" ] || continue
    # utime and stime: fields 14 and 15, the 12th and 13th after the parenthesised name
    ticks=$((ticks + $(sed 's/.*) //' "/proc/$pid/stat" | awk '{print $12 + $13}')))
  done
  echo "$ticks $(getconf CLK_TCK)" | awk '{printf "%.2f", $1 / $2}'
}
echo "server_load: $db_kind, $nodes node(s); $(uptime)"
: >"$dir/load.err"
"$load" --ports "$(IFS=,; echo "${ports[*]}")" "$@" 2>"$dir/load.err" &
load_pid=$!
start=
while :; do
  running=1
  kill -0 "$load_pid" 2>/dev/null || running=0
  if [ -z "$start" ] && grep -q '^measuring$' "$dir/load.err"; then
    start="$(cpu_seconds servers) $(cpu_seconds db)"
  fi
  if [ -n "$start" ] && { grep -q '^measured$' "$dir/load.err" || [ $running = 0 ]; }; then
    echo "$start $(cpu_seconds servers) $(cpu_seconds db)" | awk '{
      printf "CPU in the measured seconds: servers %.2f s, database server %.2f s\n", $3 - $1, $4 - $2 }' \
      >"$dir/cpu.txt"
    break
  fi
  [ $running = 1 ] || break
  sleep 0.05
done
status=0
wait "$load_pid" || status=$?
grep -v '^measur' "$dir/load.err" >&2 || true
[ -f "$dir/cpu.txt" ] && cat "$dir/cpu.txt"
exit "$status"
