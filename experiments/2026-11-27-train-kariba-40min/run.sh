#!/usr/bin/env bash
# The forty-minute Kariba run of README.md and the 400-game measurement of its last net (a
# release build with the Python module, Debian's python3-torch).
set -euo pipefail
export PYTHONPATH=build/release/python
nice -n 19 /usr/bin/python3 -m savanna.train kariba --hours 0.67 --dir build/train/kariba-40min --fresh
nice -n 19 /usr/bin/python3 "$(dirname "$0")/final_eval.py" build/train/kariba-40min/net.bin
