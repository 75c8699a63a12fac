#!/usr/bin/env bash
# Installs every Debian package Savanna's build and tests need. Idempotent: does nothing when all
# are present. Runs apt-get as root, or through sudo otherwise.
set -euo pipefail

packages=(
  g++ cmake make pkg-config clang-format
  nlohmann-json3-dev libcli11-dev libfmt-dev libexpected-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  # The server: Boost 1.81 (Beast, Asio; never the default 1.74 packages) and SQLite 3.
  libboost1.81-dev libsqlite3-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages are installed"
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
