#!/usr/bin/env bash
# Regenerates the web UI's screenshots of docs/web.md: every game at a laptop's 1366x768 and a
# phone's 390x844, a few moves into a game against random seats, as the screen shows it first
# (docs/web/docs-<game>-laptop.jpg and -phone.jpg), and the lobby at both sizes; with the static
# site built (./scripts/build_static.sh), its lobby and a table on the device. Needs the built
# program and UI (cmake --build --preset release) and Debian's Chromium (scripts/setup.sh
# browser). BUILD=DIR reads another build folder; OUT=DIR writes elsewhere; FORMAT=png writes
# PNG files instead (to look at them without JPEG artefacts).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build/release}
out=${OUT:-$root/docs/web}
"$root/scripts/web_deps.sh"
cd "$root/web"
SAVANNA_BIN="$build/savanna" SAVANNA_WEB_DIR="$build/web" SAVANNA_SCREENSHOTS="$out" SAVANNA_SCREENSHOTS_FORMAT="${FORMAT:-jpeg}" \
  node node_modules/vitest/vitest.mjs run --config vitest.browser.config.ts \
  tests/browser/screenshots.test.ts
# Play on this device (the static site, served by a plain file server), when it is built.
if [ -f "$root/build/static/index.html" ]; then
  SAVANNA_STATIC_DIR="$root/build/static" SAVANNA_SCREENSHOTS="$out" SAVANNA_SCREENSHOTS_FORMAT="${FORMAT:-jpeg}" \
    node node_modules/vitest/vitest.mjs run --config vitest.browser.config.ts \
    tests/browser/static_screenshots.test.ts
else
  echo "web_screenshots: no build/static/index.html (./scripts/build_static.sh): no local-mode pictures" >&2
fi
ls -l "$out"/docs-*
