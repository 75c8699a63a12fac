#!/usr/bin/env bash
# Starts main.sh in the chroot as run N and waits until the server listens (or main.sh ends);
# prints the log's phase times.
set -uo pipefail
R=${FRESH_ROOT:-/var/tmp/savanna-fresh-root}; n=$1
log=$R/srv/run$n.log
rm -f $log
chroot $R /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  LANG=C.UTF-8 PORT=${PORT:-8080} NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt /srv/run-main.sh /srv/run$n.log
pid=$(cat $R/srv/main.pid)
while ! grep -q "listening on" $log 2>/dev/null; do
  if ! kill -0 $pid 2>/dev/null; then echo "main.sh ended without a server"; break; fi
  echo "$(date +%s) $(cat /proc/loadavg)" >> "$(dirname "$0")/run$n.load"
  sleep 5
done
echo "server pid $pid"
