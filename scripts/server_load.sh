#!/usr/bin/env bash
# The server load benchmark in one command (docs/performance.md): starts `savanna serve` with a
# fresh database on a free port, runs bench/savanna_server_load against it with the arguments
# given (e.g. --tables 1000 --seconds 20 --attack), prints its report, and stops the server.
# SERVER="path/to/savanna" runs another build of the server; SERVER_ARGS adds options to it.
#   ./scripts/server_load.sh --tables 1000 --seconds 20              # honest load only
#   ./scripts/server_load.sh --tables 1000 --seconds 20 --attack     # under the attack mix
set -euo pipefail
cd "$(dirname "$0")/.."
server=${SERVER:-build/release/savanna}
load=build/release/bench/savanna_server_load
for program in "$server" "$load"; do
  [ -x "$program" ] || { echo "server_load: $program is not built (./scripts/build.sh)" >&2; exit 1; }
done
dir=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT
# shellcheck disable=SC2086
"$server" serve --port 0 --db "$dir/load.db" ${SERVER_ARGS:-} >"$dir/serve.log" 2>&1 &
pid=$!
for _ in $(seq 100); do
  port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$dir/serve.log")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "${port:-}" ] || { echo "server_load: the server did not start:" >&2; cat "$dir/serve.log" >&2; exit 1; }
echo "server_load: $(uptime)"
"$load" --port "$port" "$@"
