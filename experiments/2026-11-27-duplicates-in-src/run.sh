#!/usr/bin/env bash
# Counts the pairs of like code in src/ of the checkout at hand (README.md).
set -euo pipefail
cd src && duplicates --repo . --most 40
