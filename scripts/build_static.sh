#!/usr/bin/env bash
# Builds the WebAssembly build of the engine (the static preset: Debian's Emscripten, installed by
# ./scripts/setup.sh static) into build/static (its CMake tree is build/wasm):
#   build/static/savanna.mjs   `node build/static/savanna.mjs new|legal|step|view|games|bench ...`,
#                              the same output as the native program's (docs/static.md)
# Two jobs, like every preset; a second run rebuilds nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v em++ >/dev/null; then
  echo "build_static: em++ not found: ./scripts/setup.sh static installs Debian's emscripten" >&2
  exit 1
fi
cmake --preset static >/dev/null
cmake --build --preset static
