#!/usr/bin/env bash
# Installs every Debian package Savanna's build and tests need, and the web UI's npm packages
# (scripts/web_deps.sh). Idempotent: does nothing when all are present. Runs apt-get as root, or
# through sudo otherwise.
set -euo pipefail

packages=(
  g++ cmake make pkg-config clang-format
  nlohmann-json3-dev libcli11-dev libfmt-dev libexpected-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  # The server: Boost 1.81 (Beast, Asio; never the default 1.74 packages), SQLite 3, and
  # libsodium for its secrets.
  libboost1.81-dev libsqlite3-dev libsodium-dev
  # The web UI: Node.js (with npm) builds it; the browser tests drive Debian's Chromium.
  nodejs chromium
  # The fuzz targets (fuzz/, scripts/fuzz.sh): clang with libFuzzer and the sanitizers' runtime.
  clang-14 libclang-rt-14-dev
  # The Python module (src/python, python/) and its tests: pybind11 over Debian's python3.
  python3-dev pybind11-dev python3-numpy python3-pytest python3-hypothesis
  # The training example (python/examples/train_policy.py): torch, and OpenBLAS in one thread
  # (Debian's torch calls the system BLAS; the reference libblas3 is 20 times slower).
  python3-torch libopenblas0-serial
  # `sim` over many processes and machines (docs/scale.md): Open MPI.
  openmpi-bin libopenmpi-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# The web UI's packages (Vite 8) need Node.js 20.19 or newer, and npm.
node_ok() {
  command -v node >/dev/null && command -v npm >/dev/null &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>20||(a===20&&b>=19)?0:1)'
}
web_deps() {
  if ! node_ok; then
    echo "setup: the web UI needs Node.js >= 20.19 with npm (found: $(node --version 2>/dev/null || echo none))" >&2
    exit 1
  fi
  "$(dirname "$0")/web_deps.sh"
}

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages are installed"
  web_deps
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null; then
  sudo=(sudo)
else
  echo "setup: missing packages (${missing[*]}) and neither root nor sudo to install them" >&2
  exit 1
fi
echo "setup: installing ${missing[*]}"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
  "${missing[@]}"
web_deps
