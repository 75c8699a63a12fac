#!/usr/bin/env bash
# Installs the web UI's npm packages (web/node_modules) exactly as web/package-lock.json pins
# them (`npm ci`), unless they are already installed from this very lock file. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/../web"
stamp=node_modules/.savanna-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
echo "web: npm ci (the packages pinned in web/package-lock.json)"
npm ci --no-audit --no-fund --no-update-notifier --loglevel=error
echo "$want" > "$stamp"
