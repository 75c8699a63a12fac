#!/usr/bin/env bash
# Makes the pristine base that reset.sh lays out: a minimal Debian 12 (what debootstrap installs,
# nothing else), kept as a tar file so that every run starts from the same bytes.
set -euo pipefail
out=${1:-/var/tmp/savanna-base.tar}
tmp=$(mktemp -d)
debootstrap --variant=minbase bookworm "$tmp" http://deb.debian.org/debian
tar -C "$tmp" -cf "$out" .
rm -rf --one-file-system "$tmp"
echo "base in $out"
