#!/usr/bin/env bash
# Installs what is needed, builds, and runs every test (unit, rules, conformance, CLI, format).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
ctest --preset release -j2
