#!/bin/sh
# The server's load with 1,000 tables on one node on SQLite, one node on PostgreSQL and three
# nodes on PostgreSQL (issue 33). Run from the repository root after building the release preset
# (scripts/server_load.sh starts the servers and a scratch PostgreSQL, and stops them).
set -eu
here=$(dirname "$0")
for cfg in "sqlite 1" "postgres 1" "postgres 3"; do
  set -- $cfg
  DB=$1 NODES=$2 ./scripts/server_load.sh --tables 1000 --seconds 20 >"$here/$1-$2.txt" 2>&1
  tail -n 6 "$here/$1-$2.txt"
done
