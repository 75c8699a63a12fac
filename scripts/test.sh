#!/usr/bin/env bash
# Installs every list of scripts/packages/ (./scripts/setup.sh), checks that the main job builds
# with its own list alone (a fresh configure of the main preset, its build of the program and the
# UI, and scripts/check_main_deps.sh), builds everything else (the release preset, in the same
# tree, reusing those objects) and the WebAssembly build (./scripts/build_static.sh), runs every
# test (unit, rules, conformance, CLI, format, server and hostile clients, web UI, Python, the
# WebAssembly build against the program), then runs them again under AddressSanitizer and UBSan with
# a shorter conformance run (SAVANNA_SANITIZER_GAMES games per configuration, default 3), then
# the fuzz smoke run: every libFuzzer target for SAVANNA_FUZZ_SECONDS seconds (default 20) over
# its seed corpus (scripts/fuzz.sh). SAVANNA_SKIP_SANITIZERS=1 and SAVANNA_SKIP_FUZZ=1 skip those
# passes for a quick local run.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cmake --preset main --fresh >/dev/null
cmake --build --preset main
./scripts/check_main_deps.sh
./scripts/build.sh release
# The WebAssembly build (build/static), which the release tests wasm.* compare with the program.
./scripts/build_static.sh
ctest --preset release -j2

if [ "${SAVANNA_SKIP_SANITIZERS:-0}" != "1" ]; then
  cmake --preset debug >/dev/null
  cmake --build --preset debug
  SAVANNA_CONFORMANCE_GAMES="${SAVANNA_SANITIZER_GAMES:-3}" ctest --preset debug -j2
fi

if [ "${SAVANNA_SKIP_FUZZ:-0}" != "1" ]; then
  ./scripts/fuzz.sh "${SAVANNA_FUZZ_SECONDS:-20}"
fi
