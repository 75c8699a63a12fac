#!/usr/bin/env bash
# Unmounts the chroot's mounts and lays the pristine debootstrap base anew.
set -euo pipefail
R=${FRESH_ROOT:-/var/tmp/savanna-fresh-root}
for m in dev sys proc; do
  if mountpoint -q "$R/$m"; then umount -R "$R/$m"; fi
done
if findmnt -rn -o TARGET | grep -q "^$R"; then echo "still mounted under $R" >&2; exit 1; fi
rm -rf --one-file-system "$R"
mkdir -p "$R"
tar -C "$R" -xf "${BASE_TAR:-/var/tmp/savanna-base.tar}"
cp /etc/resolv.conf "$R/etc/resolv.conf"
mount -t proc proc "$R/proc"
mount --rbind /sys "$R/sys"; mount --make-rslave "$R/sys"
mount --rbind /dev "$R/dev"; mount --make-rslave "$R/dev"
echo "reset done"
