#!/usr/bin/env bash
# Builds the WebAssembly build of the engine (the static preset: Debian's Emscripten, installed by
# ./scripts/setup.sh static) and the static site into build/static (its CMake tree is build/wasm):
#   build/static/savanna.mjs   `node build/static/savanna.mjs new|legal|step|view|games|bench ...`,
#                              the same output as the native program's (docs/static.md)
#   build/static/index.html, assets/, engine/
#                              the web UI with play on this device: the engine in a Web Worker,
#                              no server needed; any static file server, under any path, serves it
# Two jobs, like every preset; a second run rebuilds nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v em++ >/dev/null; then
  echo "build_static: em++ not found: ./scripts/setup.sh static installs Debian's emscripten" >&2
  exit 1
fi
cmake --preset static >/dev/null
cmake --build --preset static

# The web UI beside the engine, built with local mode on (SAVANNA_WEB_LOCAL=1: web/vite.config.ts),
# unless it is newer than everything it is made from.
out=build/static
if [ ! -f "$out/index.html" ] ||
  [ -n "$(find web/src web/index.html web/vite.config.ts web/package-lock.json web/tsconfig.json \
    web/scripts schemas -newer "$out/index.html" -print -quit)" ]; then
  ./scripts/web_deps.sh
  rm -rf "$out/assets" "$out/index.html"
  (cd web && SAVANNA_WEB_OUT="../$out" SAVANNA_WEB_LOCAL=1 npm run --silent build)
  echo "build_static: the site is in $out (index.html, assets/, engine/)"
fi
