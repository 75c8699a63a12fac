#!/usr/bin/env bash
# Installs what is needed, builds, and runs every test (unit, rules, conformance, CLI, format),
# then runs them again under AddressSanitizer and UBSan with a shorter conformance run
# (SAVANNA_SANITIZER_GAMES games per configuration, default 25). SAVANNA_SKIP_SANITIZERS=1
# skips the second pass for a quick local run.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
ctest --preset release -j2

if [ "${SAVANNA_SKIP_SANITIZERS:-0}" != "1" ]; then
  cmake --preset debug >/dev/null
  cmake --build --preset debug
  SAVANNA_CONFORMANCE_GAMES="${SAVANNA_SANITIZER_GAMES:-25}" ctest --preset debug -j2
fi
