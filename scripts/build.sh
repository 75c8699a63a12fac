#!/usr/bin/env bash
# Configures and builds a preset (default: release, everything) with two jobs:
#   ./scripts/build.sh        # the release preset: the program, the UI, the tests, benchmarks, Python
#   ./scripts/build.sh main   # the main preset: the savanna program and the web UI only
# Both build into build/release with the same compile flags, so each reuses what the other built.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
