#!/usr/bin/env bash
# The static site's figures: ISMCTS iterations per second in Chromium against native (alternating
# pairs), the site's size gzipped, the time from opening the page to the first move (README.md).
# Run from anywhere after ./scripts/build.sh release and ./scripts/build_static.sh:
#   experiments/2026-11-28-static-site/run.sh [ROUNDS] [SECONDS] [LOADS] > results.json
# SAVANNA names the native program (default build/release/savanna); Debian's chromium
# (./scripts/setup.sh browser) and the web UI's packages (scripts/web_deps.sh) are needed.
# Chromium's bench is the program's own `bench` command linked for a Web Worker from the static
# preset's objects of the Node program (build/wasm; the same compiled engine as the site's),
# into a temporary folder.
set -euo pipefail
cd "$(dirname "$0")/../.."
./scripts/web_deps.sh >&2
bench=$(mktemp -d)
trap 'rm -rf "$bench"' EXIT
(cd build/wasm/src/wasm && NODE_PATH=/usr/share/nodejs em++ -O3 -DNDEBUG -fexceptions \
  -sENVIRONMENT=web,worker -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=8MB -sINITIAL_MEMORY=32MB \
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=SavannaBench -sINVOKE_RUN=0 \
  -sEXPORTED_RUNTIME_METHODS=callMain @CMakeFiles/savanna_node.dir/objects1 \
  -o "$bench/savanna_bench.js" @CMakeFiles/savanna_node.dir/linkLibs.rsp) >&2
node experiments/2026-11-28-static-site/measure.mjs --static build/static --bench "$bench" \
  --savanna "${SAVANNA:-build/release/savanna}" --rounds "${1:-3}" --seconds "${2:-1}" \
  --loads "${3:-5}" | node -e '
let text = ""; process.stdin.on("data", (d) => (text += d)).on("end", () => {
  const r = JSON.parse(text);
  r.commit = process.argv[1];
  r.emscripten = process.argv[2];
  console.log(JSON.stringify(r, null, 1));
});' "$(git rev-parse --short HEAD)" "$(em++ --version | head -1)"
