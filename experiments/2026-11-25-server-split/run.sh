#!/usr/bin/env bash
# The server split's counts (README.md), on the checkout at hand: lines and duplicates.
set -euo pipefail
wc -l src/server/*.h src/server/*.cc | tail -1
wc -l src/server/table.cc
(cd src/server && duplicates | head -1)
