#!/usr/bin/env bash
# A throw-away PostgreSQL server for tests and benchmarks, in a folder of its own:
#   scripts/postgres_scratch.sh start DIR   # initdb in DIR/data, start it listening only on a Unix
#                                           # socket in DIR (no TCP port), create the database
#                                           # `savanna`, print its URL
#   scripts/postgres_scratch.sh stop DIR    # stop it and remove DIR
# The server runs as an unprivileged user: the caller, or, when the caller is root, the user
# `postgres` that Debian's postgresql package makes (`nobody` without it). It keeps PostgreSQL's
# durable defaults (fsync, synchronous_commit on). Needs scripts/setup.sh postgresql.
set -euo pipefail
cmd=${1:-}
dir=${2:-}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
  echo "usage: $0 start|stop DIR" >&2
  exit 2
fi
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "postgres_scratch: no PostgreSQL server found under /usr/lib/postgresql (./scripts/setup.sh postgresql)" >&2
  exit 1
fi
run=()
if [ "$(id -u)" -eq 0 ]; then
  user=postgres
  id -u "$user" >/dev/null 2>&1 || user=nobody
  run=(runuser -u "$user" --)
fi

stop() {
  if [ -f "$dir/data/postmaster.pid" ]; then
    "${run[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 ||
      "${run[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
}

case $cmd in
  start)
    stop  # a server left by an earlier run that was killed
    rm -rf "$dir"
    mkdir -p "$dir"
    [ ${#run[@]} -eq 0 ] || chown "$user" "$dir"
    "${run[@]}" "$bindir/initdb" -D "$dir/data" -A trust -U savanna -E UTF8 --no-sync \
      >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    "${run[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses= -c unix_socket_directories=$dir -c max_connections=300" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    "${run[@]}" "$bindir/createdb" -h "$dir" -U savanna savanna
    echo "postgresql:///savanna?host=$dir&user=savanna"
    ;;
  stop)
    stop
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
