#!/usr/bin/env bash
# The web UI's tests and build, timed: the runs of README.md (after a release build).
set -euo pipefail
for run in 1 2 3 4; do
  time ctest --test-dir build/release -R web
done
rm -rf web/node_modules build/release/web
time (scripts/web_deps.sh && (cd web && SAVANNA_WEB_OUT=../build/release/web npm run build))
