#!/usr/bin/env bash
# The ten-minute Kariba run of README.md (a release build with the Python module, Debian's
# python3-torch). Writes build/train/kariba-short/ (curve.json, curve.svg, net.bin).
set -euo pipefail
PYTHONPATH=build/release/python nice -n 19 /usr/bin/python3 -m savanna.train kariba --hours 0.17 \
  --positions 20000 --eval-opponents 'random,greedy,medium(clock=cpu)@3' \
  --dir build/train/kariba-short --fresh
