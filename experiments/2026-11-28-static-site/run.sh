#!/usr/bin/env bash
# The static site's figures: ISMCTS iterations per second in Chromium against native (alternating
# pairs), the site's size gzipped, the time from opening the page to the first move (README.md).
# Run from the repository's root after ./scripts/build.sh release and ./scripts/build_static.sh:
#   experiments/2026-11-28-static-site/run.sh [ROUNDS] [SECONDS] [LOADS] > results.json
# SAVANNA names the native program (default build/release/savanna); Debian's chromium
# (./scripts/setup.sh browser) and the web UI's packages (scripts/web_deps.sh) are needed.
set -euo pipefail
cd "$(dirname "$0")/../.."
./scripts/web_deps.sh >&2
node experiments/2026-11-28-static-site/measure.mjs --static build/static \
  --savanna "${SAVANNA:-build/release/savanna}" --rounds "${1:-3}" --seconds "${2:-1}" \
  --loads "${3:-5}" | node -e '
let text = ""; process.stdin.on("data", (d) => (text += d)).on("end", () => {
  const r = JSON.parse(text);
  r.commit = process.argv[1];
  console.log(JSON.stringify(r, null, 1));
});' "$(git rev-parse --short HEAD)"
