#!/usr/bin/env bash
# ISMCTS iterations per second (and bench's other figures) of every game, native against the
# WebAssembly build in Node, in alternating pairs, and the WebAssembly build's size gzipped.
# Run from the repository's root after ./scripts/build.sh release and ./scripts/build_static.sh:
#   experiments/2026-11-28-wasm-speed/run.sh [ROUNDS] [SECONDS] > results.json
# SAVANNA names the native program (default build/release/savanna). Each figure of `bench` is
# measured for SECONDS (default 1) on one thread; ROUNDS (default 3) native/wasm pairs per game,
# the two sides in turn so that both see the same load.
set -euo pipefail
rounds=${1:-3}
seconds=${2:-1}
savanna=${SAVANNA:-build/release/savanna}
specs=(kariba kilimanjaro kap_kairo kalimambo kitara)
runs=$(mktemp -d)
trap 'rm -rf "$runs"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for round in $(seq "$rounds"); do
  for spec in "${specs[@]}"; do
    "$savanna" bench "$spec" --seconds "$seconds" --json 2>/dev/null >"$runs/$round-$spec-native.json"
    node build/static/savanna.mjs bench "$spec" --seconds "$seconds" --json 2>/dev/null \
      >"$runs/$round-$spec-wasm.json"
  done
done
SIZES="$(for f in build/static/savanna_node.wasm build/static/savanna_node.js; do
  echo "$(basename "$f") $(stat -c %s "$f") $(gzip -9c "$f" | wc -c)"; done)" \
LOAD_BEFORE="$load_before" LOAD_AFTER="$(cut -d' ' -f1-3 /proc/loadavg)" \
COMMIT="$(git rev-parse --short HEAD)" EMSCRIPTEN="$(em++ --version | head -1)" \
SECONDS_PER_FIGURE="$seconds" node -e '
const fs = require("fs");
const runs = fs.readdirSync(process.argv[1]).sort().map((name) => {
  const [round, , side] = name.replace(".json", "").split("-");
  return { round: Number(round), side, bench: JSON.parse(fs.readFileSync(`${process.argv[1]}/${name}`)) };
});
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const figures = ["ismcts_iterations_per_second", "moves_per_second", "clone_ns", "determinize_ns"];
const games = {};
for (const r of runs) for (const g of r.bench.games) {
  games[g.spec] ??= { native: [], wasm: [] };
  games[g.spec][r.side].push(g);
}
const summary = Object.entries(games).map(([spec, sides]) => {
  const row = { spec };
  for (const f of figures) {
    const n = median(sides.native.map((g) => g[f])), w = median(sides.wasm.map((g) => g[f]));
    row[f] = { native_median: n, wasm_median: w, wasm_over_native: w / n };
  }
  return row;
});
const sizes = {};
for (const line of process.env.SIZES.split("\n")) {
  const [name, bytes, gz] = line.split(" ");
  sizes[name] = { bytes: Number(bytes), gzip_9: Number(gz) };
}
console.log(JSON.stringify({
  commit: process.env.COMMIT, node: process.version, emscripten: process.env.EMSCRIPTEN,
  seconds_per_figure: Number(process.env.SECONDS_PER_FIGURE), search: runs[0].bench.search,
  load_average_before: process.env.LOAD_BEFORE, load_average_after: process.env.LOAD_AFTER,
  sizes, summary, runs }, null, 1));
' "$runs"
