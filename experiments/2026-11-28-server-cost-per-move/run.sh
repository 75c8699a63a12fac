#!/bin/sh
# What one stored action costs the servers and the database, and what this machine's disk and
# PostgreSQL's notifications allow (issue 33: how far several nodes go on real hardware).
# Run from the repository root after building the release preset.
set -eu
here=$(dirname "$0")
# 1. The load benchmark with 1,000 tables; scripts/server_load.sh adds the CPU seconds the
#    servers and the database server used in the measured seconds.
for cfg in "sqlite 1" "postgres 1" "postgres 3"; do
  set -- $cfg
  DB=$1 NODES=$2 ./scripts/server_load.sh --tables 1000 --seconds 20 >"$here/$1-$2.txt" 2>&1
  tail -n 7 "$here/$1-$2.txt"
done
# 2. This machine's flushes, and PostgreSQL's notification rate on it (one scratch server).
bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
dir=$(mktemp -d)
chmod 755 "$dir"
url=$(scripts/postgres_scratch.sh start "$dir/pg" | tail -n 1)
"$bindir/pg_test_fsync" -s 2 -f "$dir/pg/fsync.test" >"$here/pg_test_fsync.txt" 2>&1 || true
echo "SELECT pg_notify('savanna_bench', repeat('x', 200));" >"$dir/notify.sql"
for clients in 1 4; do
  (cd "$dir" && "$bindir/pgbench" -n -f notify.sql -c "$clients" -j 1 -T 10 "$url") \
    >"$here/pgbench-notify-c$clients.txt" 2>&1 || true
  grep -E "^tps|latency average" "$here/pgbench-notify-c$clients.txt"
done
scripts/postgres_scratch.sh stop "$dir/pg"
rm -rf "$dir"
python3 "$here/transcribe.py"
